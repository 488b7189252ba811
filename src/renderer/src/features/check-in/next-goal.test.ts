import { describe, expect, it } from 'vitest'
import { needsCheckIn, nextGoalToCheckIn } from './next-goal'
import { summary } from './test-goals'

const now = new Date('2026-03-10T12:00:00Z')
const lastMonth = '2026-02-02T10:00:00Z'
const thisMonth = '2026-03-02T10:00:00Z'

const a = summary({ id: 'a-aaaaaaaaaaaaaaaaaaaaa1', name: 'A', lastCheckInAt: lastMonth })
const b = summary({ id: 'b-bbbbbbbbbbbbbbbbbbbbb2', name: 'B', lastCheckInAt: thisMonth })
const c = summary({ id: 'c-ccccccccccccccccccccc3', name: 'C', lastCheckInAt: null, role: 'reviewer' })
const d = summary({ id: 'd-ddddddddddddddddddddd4', name: 'D', lastCheckInAt: null, role: null })
const e = summary({ id: 'e-eeeeeeeeeeeeeeeeeeeee5', name: 'E', lastCheckInAt: lastMonth, canEdit: false })
const f = summary({ id: 'f-fffffffffffffffffffff6', name: 'F', lastCheckInAt: lastMonth, isClosed: true })

describe('needsCheckIn', () => {
  it('is owed when the last check-in is from before the 1st of this month, or there is none', () => {
    expect(needsCheckIn(a, now)).toBe(true)
    expect(needsCheckIn(b, now)).toBe(false)
    expect(needsCheckIn(c, now)).toBe(true)
    expect(needsCheckIn(summary({ lastCheckInAt: '2026-03-01T00:00:00Z' }), now)).toBe(false)
  })
})

describe('nextGoalToCheckIn', () => {
  const goals = [a, b, c, d, e, f]

  it('continues with the next own, open, editable goal still owed a check-in', () => {
    expect(nextGoalToCheckIn(goals, a.id, now)?.name).toBe('C')
  })

  it('wraps around to goals before the current one', () => {
    expect(nextGoalToCheckIn(goals, c.id, now)?.name).toBe('A')
  })

  it('skips goals checked in during this round, which an older list still shows as owed', () => {
    expect(nextGoalToCheckIn(goals, c.id, now, ['a-aaaaaaaaaaaaaaaaaaaaa1'])).toBeNull()
  })

  it('never offers the goal just checked in, whatever form its id takes', () => {
    expect(nextGoalToCheckIn([a], 'renamed-aaaaaaaaaaaaaaaaaaaaa1', now)).toBeNull()
  })
})
