import { describe, expect, it } from 'vitest'
import type { PastCheckIn } from '@shared/domain/check-in-history'
import { formerNote, startingMessage } from './start-from'

const past = (message: string | null, formerMentions: PastCheckIn['formerMentions']): PastCheckIn => ({
  id: 'c1',
  status: 'on_track',
  state: 'published',
  insertedAt: null,
  publishedAt: null,
  author: null,
  message,
  targets: [],
  checklist: [],
  formerMentions,
  webUrl: null,
})

const mary = { type: 'mention', attrs: { id: 'mary-somerville-M1', label: 'Mary Somerville' } }
const ada = { type: 'mention', attrs: { id: 'ada-A1', label: 'Ada Lovelace' } }
const text = (t: string) => ({ type: 'text', text: t })
const doc = (...inline: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content: inline }] })

describe('startingMessage', () => {
  it('turns the mentions of people Operately no longer knows into their names, with a note', () => {
    const message = JSON.stringify(doc(text('Thanks to '), mary, text(' and '), ada))
    const ready = startingMessage(past(message, [{ id: 'mary-somerville-M1', name: 'Mary Somerville' }]))
    expect(ready?.doc).toEqual(doc(text('Thanks to '), text('Mary Somerville'), text(' and '), ada))
    expect(ready?.note).toMatch(
      /^Mary Somerville is no longer in Operately, so the mention is now plain text/,
    )
  })

  it('keeps the message as it is, unknown content and exact numbers included, when everyone is known', () => {
    const message =
      '{"type":"doc","content":[{"type":"futureChart","attrs":{"n":12345678901234567890}},{"type":"paragraph","content":[{"type":"mention","attrs":{"id":"ada-A1","label":"Ada Lovelace"}}]}]}'
    const ready = startingMessage(past(message, []))
    expect(ready?.note).toBeNull()
    expect(JSON.stringify(ready?.doc)).not.toContain('12345678901234567000')
    expect((ready?.doc as { content: unknown[] }).content[0]).toMatchObject({ type: 'futureChart' })
  })

  it('keeps the mentions when who is known could not be learnt', () => {
    const message = JSON.stringify(doc(mary))
    expect(startingMessage(past(message, null))).toEqual({ doc: doc(mary), note: null })
  })

  it('has nothing to start from for a message that is not a document', () => {
    expect(startingMessage(past(null, []))).toBeNull()
    expect(startingMessage(past('not json', []))).toBeNull()
    expect(startingMessage(past('[1,2]', []))).toBeNull()
  })

  it('names several people in one sentence', () => {
    expect(formerNote(['A', 'B', 'C'])).toMatch(/^A, B and C are no longer in Operately/)
    expect(formerNote([])).toBeNull()
  })
})
