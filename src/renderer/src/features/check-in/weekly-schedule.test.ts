import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { weeklyTiming, weeklyTimingWords } from './weekly-schedule'

// Operately's calculate_next_weekly_check_in (time.ex): due Friday 2026-12-11.
const due = '2026-12-11T00:00:00Z'
const at = (iso: string) => new Date(iso)

describe('the weekly check-in against its due day (Operately’s rule)', () => {
  it('counts on the due day, the day before it, and late', () => {
    expect(weeklyTiming(due, at('2026-12-11T09:00:00Z'))).toEqual({ dueDay: '2026-12-11', counts: true })
    expect(weeklyTiming(due, at('2026-12-10T00:00:00Z'))?.counts).toBe(true)
    expect(weeklyTiming(due, at('2026-12-10T23:59:59Z'))?.counts).toBe(true)
    expect(weeklyTiming(due, at('2026-12-14T08:00:00Z'))?.counts).toBe(true)
  })

  it('does not count two days or more before it: the server’s calendar (UTC) decides, not the clock', () => {
    expect(weeklyTiming(due, at('2026-12-09T23:59:59Z'))?.counts).toBe(false)
    expect(weeklyTiming(due, at('2026-12-07T10:00:00Z'))?.counts).toBe(false)
  })

  it('reads a plain date as that day, and says nothing without a due date or with garbage', () => {
    expect(weeklyTiming('2026-12-11', at('2026-12-10T12:00:00Z'))).toEqual({
      dueDay: '2026-12-11',
      counts: true,
    })
    expect(weeklyTiming(null, at('2026-12-10T12:00:00Z'))).toBeNull()
    expect(weeklyTiming('soon', at('2026-12-10T12:00:00Z'))).toBeNull()
  })

  it('says before sending that an early check-in leaves the week due', () => {
    const early = weeklyTimingWords(due, at('2026-12-07T10:00:00Z'), 'en-US')!
    expect(early).toMatch(/due Friday, Dec 11/)
    expect(early).toMatch(/the project stays due Friday, Dec 11/)
    expect(weeklyTimingWords(due, at('2026-12-10T10:00:00Z'), 'en-US')).toBe(
      'This week’s check-in is due Friday, Dec 11.',
    )
    expect(weeklyTimingWords(due, at('2026-12-13T10:00:00Z'), 'en-US')).toBe(
      'This check-in was due Friday, Dec 11: Operately counts it as soon as it is posted.',
    )
  })
})

describe('a due date the server sends without its zone', () => {
  it('is read as UTC, as all of Operately’s times are, whatever the zone of this computer', () => {
    // A person in Tokyo: a time without a zone read as local would be Thursday 15:00 UTC.
    vi.stubEnv('TZ', 'Asia/Tokyo')
    onTestFinished(() => void vi.unstubAllEnvs())
    expect(weeklyTiming('2026-12-11T00:00:00', at('2026-12-09T20:00:00Z'))).toEqual({
      dueDay: '2026-12-11',
      counts: false,
    })
    expect(weeklyTiming('2026-12-11T00:00:00.000000', at('2026-12-10T01:00:00Z'))?.dueDay).toBe('2026-12-11')
  })
})
