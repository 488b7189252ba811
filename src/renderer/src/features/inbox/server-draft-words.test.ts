import { describe, expect, it } from 'vitest'
import { serverDraftName } from './server-draft-words'

const base = {
  checkInId: 'c-1',
  goalId: 'g-1',
  goalName: 'Ship the engine',
  savedAt: '2026-11-27T10:00:00Z',
}

describe('serverDraftName', () => {
  it('names a draft and a scheduled check-in with its goal, the latter with its local time', () => {
    const now = new Date(2026, 10, 27, 18, 0)
    expect(serverDraftName({ ...base, state: 'draft', scheduledAt: null }, now)).toBe(
      'Draft check-in: Ship the engine',
    )
    const monday = new Date(2026, 10, 30, 9, 0).toISOString()
    expect(serverDraftName({ ...base, state: 'scheduled', scheduledAt: monday }, now, 'en-GB')).toBe(
      'Scheduled: Ship the engine, Mon 30 Nov, 9:00',
    )
  })
})
