import { describe, expect, it } from 'vitest'
import { reminderTimeProblem } from './reminder-time'

describe('the reminder time', () => {
  it('accepts day times from 07:00 to 21:59', () => {
    for (const time of ['07:00', '09:00', '12:30', '21:59']) expect(reminderTimeProblem(time)).toBeNull()
  })

  it('refuses times in the default quiet hours (22:00–07:00), in words that say why', () => {
    for (const time of ['06:59', '22:00', '23:30', '00:00']) {
      expect(reminderTimeProblem(time)).toBe(
        'Pick a time outside your quiet hours (22:00–07:00), when the app sends no reminders.',
      )
    }
  })

  it('follows the quiet hours chosen, also ones that do not run past midnight', () => {
    const lunch = { from: '12:00', to: '13:30' }
    expect(reminderTimeProblem('23:00', lunch)).toBeNull()
    expect(reminderTimeProblem('13:30', lunch)).toBeNull()
    expect(reminderTimeProblem('12:00', lunch)).toBe(
      'Pick a time outside your quiet hours (12:00–13:30), when the app sends no reminders.',
    )
  })

  it('asks for a time when the field is empty or unreadable', () => {
    expect(reminderTimeProblem('')).toBe('Enter a time like 09:00.')
    expect(reminderTimeProblem('9am')).toBe('Must be a time like 09:00.')
    expect(reminderTimeProblem('24:00')).toBe('Must be a time like 09:00.')
  })
})
