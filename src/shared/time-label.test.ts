import { describe, expect, it } from 'vitest'
import { scheduleLabel } from './time-label'

describe('scheduleLabel', () => {
  it('says the weekday, the date and the local time, with the year only when it is another year', () => {
    const monday = new Date(2026, 11, 7, 9, 0).toISOString()
    expect(scheduleLabel(monday, new Date(2026, 10, 27), 'en-US')).toBe('Mon, Dec 7, 9:00 AM')
    expect(scheduleLabel(monday, new Date(2026, 10, 27), 'de-DE')).toBe('Mo., 7. Dez., 9:00')
    expect(scheduleLabel(monday, new Date(2025, 10, 27), 'en-US')).toBe('Mon, Dec 7, 2026, 9:00 AM')
    expect(scheduleLabel('not a time')).toBeNull()
  })
})
