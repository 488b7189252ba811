import { describe, expect, it } from 'vitest'
import { reminderSettingsInputSchema } from './assignments'

// What a refused working-days value says must be what is wrong with it: the message reaches the person
// (setSettings turns it into the error shown next to the group).

const problemOf = (workingDays: unknown) => {
  const parsed = reminderSettingsInputSchema.safeParse({ enabled: true, time: '09:00', workingDays })
  return parsed.success ? null : parsed.error.issues[0]?.message
}

describe('working days in the reminder settings', () => {
  it('names the problem: none, a day twice', () => {
    expect(problemOf([])).toBe('pick at least one working day')
    expect(problemOf(['mon', 'mon'])).toBe('name each working day once')
    expect(problemOf(['mon', 'tue'])).toBeNull()
  })
})
