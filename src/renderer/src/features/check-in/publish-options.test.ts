import { describe, expect, it, vi } from 'vitest'
import { localInputValue, nextMondayMorning, publishSupport, scheduledInstant } from './publish-options'

describe('publishSupport', () => {
  const takes = (drafts: boolean, schedule: boolean) => ({
    header: '2026-07-16-cff38bbea',
    drafts,
    schedule,
    dueDateRequired: false,
  })

  it('offers what the server was found to take, and says why what is missing is missing', () => {
    expect(publishSupport(takes(true, true))).toEqual({ draft: true, schedule: true, note: null })
    expect(publishSupport(takes(true, false))).toEqual({
      draft: true,
      schedule: false,
      note: 'This server does not publish check-ins at a set time (Operately 1.8 and newer do).',
    })
    expect(publishSupport(takes(false, false))).toEqual({
      draft: false,
      schedule: false,
      note: 'This server neither keeps drafts nor publishes check-ins at a set time (Operately 1.7 and 1.8 added them).',
    })
    expect(publishSupport(takes(false, true)).note).toBe(
      'This server does not keep drafts (Operately 1.7 and newer do).',
    )
  })

  it('offers neither while the server has not been asked, and says so', () => {
    expect(publishSupport(null)).toMatchObject({ draft: false, schedule: false })
    expect(publishSupport(null).note).toMatch(/not yet been able to ask this server/)
  })
})

describe('the scheduled time', () => {
  const friday = new Date(2026, 10, 27, 18, 30)

  it('first offers next Monday at 09:00 local time, a whole week ahead on a Monday', () => {
    expect(localInputValue(nextMondayMorning(friday))).toBe('2026-11-30T09:00')
    expect(localInputValue(nextMondayMorning(new Date(2026, 10, 30, 8, 0)))).toBe('2026-12-07T09:00')
  })

  it('reads the picked wall-clock time as local and sends it as UTC', () => {
    const picked = scheduledInstant('2026-11-30T09:00', friday)
    expect(picked).toEqual({ ok: true, at: new Date(2026, 10, 30, 9, 0).toISOString() })
  })

  it('refuses a time in the past, too soon, or not given', () => {
    expect(scheduledInstant('2026-11-27T18:00', friday)).toMatchObject({
      ok: false,
      problem: /at least 5 minutes/,
    })
    expect(scheduledInstant('2026-11-27T18:33', friday)).toMatchObject({ ok: false })
    expect(scheduledInstant('', friday)).toMatchObject({ ok: false, problem: /Pick the day and time/ })
  })
})

describe('a scheduled time the clock never shows', () => {
  /** Runs `check` with this process in `zone`, as a person there would pick times. */
  const inZone = (zone: string, check: () => void) => {
    vi.stubEnv('TZ', zone)
    try {
      check()
    } finally {
      vi.unstubAllEnvs()
    }
  }

  it('refuses 02:30 on the night Berlin moves its clocks forward, instead of scheduling 03:30 without a word', () => {
    inZone('Europe/Berlin', () => {
      const before = new Date(2026, 2, 20, 12, 0)
      expect(scheduledInstant('2026-03-29T02:30', before)).toMatchObject({
        ok: false,
        problem: /does not exist/,
      })
      // The hour after is there as picked.
      expect(scheduledInstant('2026-03-29T03:30', before)).toEqual({
        ok: true,
        at: '2026-03-29T01:30:00.000Z',
      })
    })
  })

  it('takes the first 02:30 of the night Berlin moves its clocks back (summer time, as the picker shows it)', () => {
    inZone('Europe/Berlin', () => {
      expect(scheduledInstant('2026-10-25T02:30', new Date(2026, 9, 20, 12, 0))).toEqual({
        ok: true,
        at: '2026-10-25T00:30:00.000Z',
      })
    })
  })

  it('refuses a day or hour that is not on the calendar (31 February, 24:00) instead of rolling it over', () => {
    inZone('Europe/Berlin', () => {
      const before = new Date(2026, 0, 10, 12, 0)
      expect(scheduledInstant('2026-02-31T09:00', before)).toMatchObject({ ok: false })
      expect(scheduledInstant('2026-03-01T24:00', before)).toMatchObject({ ok: false })
      expect(scheduledInstant('2026-13-01T09:00', before)).toMatchObject({ ok: false })
    })
  })
})
