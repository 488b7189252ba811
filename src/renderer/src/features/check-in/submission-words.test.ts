import { describe, expect, it } from 'vitest'
import { submissionStates } from '@shared/domain/check-ins'
import { sentAtWords, submissionHeading, submissionText } from './submission-words'

describe('the words for a check-in not on the server yet', () => {
  it('say each state honestly, and differently', () => {
    expect(submissionStates.map(submissionHeading)).toEqual([
      'Still waiting for Operately…',
      'Check-in queued',
      'Checking whether Operately saved it…',
      'Needs you',
    ])
    expect(new Set(submissionStates.map(submissionText)).size).toBe(submissionStates.length)
  })

  it('promise "never twice" only where the app checks the server first', () => {
    expect(submissionText('checking')).toMatch(/never posted twice/)
    expect(submissionText('needs_you')).toMatch(/kept here/)
  })
})

describe('when a check-in sent earlier went in', () => {
  const now = new Date(2026, 10, 27, 15, 0)
  it('says the time for today and the day before that', () => {
    expect(sentAtWords(new Date(2026, 10, 27, 10, 42).toISOString(), now, 'en-GB')).toBe('Sent at 10:42')
    expect(sentAtWords(new Date(2026, 10, 26, 18, 5).toISOString(), now, 'en-GB')).toBe('Sent 26 Nov, 18:05')
    expect(sentAtWords('not a time', now)).toBeNull()
  })
})
