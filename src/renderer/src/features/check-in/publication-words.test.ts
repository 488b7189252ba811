import { describe, expect, it } from 'vitest'
import { publicationWords } from './publication-words'

describe('publicationWords', () => {
  const now = new Date(2026, 10, 27, 18, 0)

  it('says a draft is saved on Operately, not posted', () => {
    expect(publicationWords({ state: 'draft', scheduledAt: null }, now, 'en-US')).toMatchObject({
      title: 'Saved as a draft on Operately',
      changesLabel: 'What it will change once published',
    })
  })

  it('says when a scheduled check-in is published, in local time with the weekday', () => {
    const monday = new Date(2026, 11, 7, 9, 0).toISOString()
    const words = publicationWords({ state: 'scheduled', scheduledAt: monday }, now, 'en-US')
    expect(words.title).toBe('Scheduled for Mon, Dec 7, 9:00 AM')
    expect(words.note).toMatch(/^Operately publishes it then\./)
  })

  it('says a scheduled check-in changes the status alone when published, the rest listed apart', () => {
    const words = publicationWords({ state: 'scheduled', scheduledAt: null }, now, 'en-US')
    expect(words.note).toMatch(/Publishing sets the goal’s status only/)
    expect(words.changesLabel).toBe('What publishing will change')
    expect(words.notAppliedLabel).toBe('Recorded in the check-in, not applied to the goal')
    expect(words.changesLabel).not.toMatch(/once published/)
  })

  it('a published check-in, or one from before drafts existed, was sent', () => {
    expect(publicationWords({ state: 'published', scheduledAt: null }, now).title).toBe('Check-in sent')
    expect(publicationWords({}, now)).toEqual({
      title: 'Check-in sent',
      note: null,
      changesLabel: 'What changed',
      notAppliedLabel: null,
    })
  })
})
