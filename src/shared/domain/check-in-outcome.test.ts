import { describe, expect, it } from 'vitest'
import { isCheckInOutcome } from './check-in-outcome'

describe('a mutation answer read as a check-in outcome (the inbox refreshes after one is created)', () => {
  it('knows a goal’s and a project’s created check-in, and a queued one by what it is for', () => {
    expect(isCheckInOutcome({ outcome: 'created', goalId: 'ship-G1' })).toBe(true)
    // A project's weekly check-in: the inbox must be read again after it too, or its row stays.
    expect(isCheckInOutcome({ outcome: 'created', projectId: 'launch-P1' })).toBe(true)
    expect(isCheckInOutcome({ outcome: 'queued', subject: { kind: 'project', id: 'launch-P1' } })).toBe(true)
  })

  it('is nothing else', () => {
    expect(isCheckInOutcome({ outcome: 'saved', description: '{}' })).toBe(false)
    expect(isCheckInOutcome({ outcome: 'acknowledged', acknowledgedAt: null })).toBe(false)
    expect(isCheckInOutcome({ outcome: 'created' })).toBe(false)
    expect(isCheckInOutcome(null)).toBe(false)
  })
})
