import { describe, expect, it } from 'vitest'
import { WEEKDAYS, defaultWorkingTime, isQuietAt, msOfTime } from '@shared/domain/working-time'
import { isWorkingAt, msUntilWorkingTime, workingTimeOf } from './working-hours'

// Working time on the wall clock of explicit IANA zones, so no test depends on the machine's TZ.

const at = (iso: string) => Date.parse(iso)
const everyDay = { ...defaultWorkingTime, workingDays: WEEKDAYS }
const HOUR = 3_600_000

describe('quiet hours', () => {
  it('may run past midnight, and end at their end time sharp', () => {
    const night = { from: '22:00', to: '07:00' }
    expect(isQuietAt(msOfTime('21:59'), night)).toBe(false)
    expect(isQuietAt(msOfTime('22:00'), night)).toBe(true)
    expect(isQuietAt(msOfTime('00:00'), night)).toBe(true)
    expect(isQuietAt(msOfTime('06:59'), night)).toBe(true)
    expect(isQuietAt(msOfTime('07:00'), night)).toBe(false)
    const lunch = { from: '12:00', to: '13:30' }
    expect(isQuietAt(msOfTime('11:59'), lunch)).toBe(false)
    expect(isQuietAt(msOfTime('12:45'), lunch)).toBe(true)
    expect(isQuietAt(msOfTime('13:30'), lunch)).toBe(false)
    expect(isQuietAt(msOfTime('23:00'), lunch)).toBe(false)
  })
})

describe('the working time a stored record stands for', () => {
  it('is the default for a record from before these settings, or one without a day, or with equal quiet hours', () => {
    expect(workingTimeOf(null)).toEqual(defaultWorkingTime)
    expect(workingTimeOf({})).toEqual(defaultWorkingTime)
    expect(workingTimeOf({ workingDays: [], quietHours: { from: '03:00', to: '03:00' } })).toEqual(
      defaultWorkingTime,
    )
    expect(
      workingTimeOf({ workingDays: ['sun', 'mon'], quietHours: { from: '20:00', to: '06:00' } }),
    ).toEqual({
      workingDays: ['mon', 'sun'],
      quietHours: { from: '20:00', to: '06:00' },
    })
  })
})

describe('working time, on the wall clock', () => {
  it('is Monday to Friday outside 22:00–07:00 by default', () => {
    // Friday March 6 2026, then Saturday and Monday, in UTC.
    expect(isWorkingAt(at('2026-03-06T21:59:00Z'), 'UTC', defaultWorkingTime)).toBe(true)
    expect(isWorkingAt(at('2026-03-06T22:00:00Z'), 'UTC', defaultWorkingTime)).toBe(false)
    expect(isWorkingAt(at('2026-03-07T12:00:00Z'), 'UTC', defaultWorkingTime)).toBe(false)
    expect(isWorkingAt(at('2026-03-09T07:00:00Z'), 'UTC', defaultWorkingTime)).toBe(true)
  })

  it('begins again at 07:00 on Monday after a weekend: Friday 22:00 waits 57 hours', () => {
    expect(msUntilWorkingTime(at('2026-03-06T22:00:00Z'), 'UTC', defaultWorkingTime)).toBe(57 * HOUR)
    expect(msUntilWorkingTime(at('2026-03-08T12:00:00Z'), 'UTC', defaultWorkingTime)).toBe(19 * HOUR)
  })

  it('begins at midnight on a working day after a day off when the quiet hours end before midnight', () => {
    const evenings = { workingDays: WEEKDAYS.slice(0, 5), quietHours: { from: '18:00', to: '20:00' } }
    // Sunday 21:00 in UTC: Monday starts in three hours, and 00:00 is not quiet.
    expect(msUntilWorkingTime(at('2026-03-08T21:00:00Z'), 'UTC', evenings)).toBe(3 * HOUR)
    // Monday 18:30: quiet until 20:00.
    expect(msUntilWorkingTime(at('2026-03-09T18:30:00Z'), 'UTC', evenings)).toBe(1.5 * HOUR)
  })

  it('ends the night at 07:00 on the morning the clocks go forward (Berlin, March 29 2026), not at 08:00', () => {
    // 22:15 CET; 07:00 the next morning is CEST, seven hours and three quarters later.
    expect(msUntilWorkingTime(at('2026-03-28T21:15:00Z'), 'Europe/Berlin', everyDay)).toBe(
      at('2026-03-29T05:00:00Z') - at('2026-03-28T21:15:00Z'),
    )
  })

  it('ends the night at 07:00 on the morning the clocks go back (Berlin, October 25 2026), not at 06:00', () => {
    expect(msUntilWorkingTime(at('2026-10-24T20:15:00Z'), 'Europe/Berlin', everyDay)).toBe(
      at('2026-10-25T06:00:00Z') - at('2026-10-24T20:15:00Z'),
    )
    // And with the default week: from Friday night, Monday 07:00 CET, an hour later than in summer time.
    expect(msUntilWorkingTime(at('2026-10-23T20:15:00Z'), 'Europe/Berlin', defaultWorkingTime)).toBe(
      at('2026-10-26T06:00:00Z') - at('2026-10-23T20:15:00Z'),
    )
  })

  it('counts from after midnight, and is over at 07:00 sharp', () => {
    expect(msUntilWorkingTime(at('2026-03-11T00:30:00Z'), 'UTC', defaultWorkingTime)).toBe(6.5 * HOUR)
    expect(msUntilWorkingTime(at('2026-03-11T06:59:59.999Z'), 'UTC', defaultWorkingTime)).toBe(1)
    expect(msUntilWorkingTime(at('2026-03-11T07:00:00Z'), 'UTC', defaultWorkingTime)).toBe(0)
    expect(msUntilWorkingTime(at('2026-03-11T21:59:59.999Z'), 'UTC', defaultWorkingTime)).toBe(0)
  })

  it('follows the days of a UTC+14 zone (Kiritimati), not those of UTC', () => {
    // Sunday 12:00Z is Monday 02:00 there: quiet until 07:00 (17:00Z).
    expect(msUntilWorkingTime(at('2026-03-08T12:00:00Z'), 'Pacific/Kiritimati', defaultWorkingTime)).toBe(
      5 * HOUR,
    )
    // Friday 12:00Z is Saturday 02:00 there: a day off already, until Monday 07:00 (Sunday 17:00Z).
    expect(isWorkingAt(at('2026-03-06T12:00:00Z'), 'Pacific/Kiritimati', defaultWorkingTime)).toBe(false)
    expect(msUntilWorkingTime(at('2026-03-06T12:00:00Z'), 'Pacific/Kiritimati', defaultWorkingTime)).toBe(
      at('2026-03-08T17:00:00Z') - at('2026-03-06T12:00:00Z'),
    )
  })
})
