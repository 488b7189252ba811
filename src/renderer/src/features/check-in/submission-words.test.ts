import { describe, expect, it } from 'vitest'
import { submissionStates } from '@shared/domain/check-ins'
import { submissionHeading, submissionText } from './submission-words'

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
