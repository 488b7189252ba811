import { describe, expect, it } from 'vitest'
import { reminderTimeProblem } from './reminder-time'

describe('the reminder time', () => {
  it('accepts day times from 07:00 to 21:59', () => {
    for (const time of ['07:00', '09:00', '12:30', '21:59']) expect(reminderTimeProblem(time)).toBeNull()
  })

  it('refuses night times, in words that say why', () => {
    for (const time of ['06:59', '22:00', '23:30', '00:00']) {
      expect(reminderTimeProblem(time)).toBe(
        'Pick a time between 07:00 and 21:59 (the app never sends reminders at night).',
      )
    }
  })

  it('asks for a time when the field is empty or unreadable', () => {
    expect(reminderTimeProblem('')).toBe('Enter a time like 09:00.')
    expect(reminderTimeProblem('9am')).toBe('Must be a time like 09:00.')
    expect(reminderTimeProblem('24:00')).toBe('Must be a time like 09:00.')
  })
})
