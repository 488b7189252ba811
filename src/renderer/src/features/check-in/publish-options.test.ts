import { describe, expect, it } from 'vitest'
import { localInputValue, nextMondayMorning, publishSupport, scheduledInstant } from './publish-options'

describe('publishSupport', () => {
  it('offers drafts from 1.7.0 and scheduling from 1.8.0, and says why what is missing is missing', () => {
    expect(publishSupport('1.8.0')).toEqual({ draft: true, schedule: true, note: null })
    expect(publishSupport('1.7.0')).toEqual({
      draft: true,
      schedule: false,
      note: 'Scheduled check-ins need Operately 1.8 or newer; this server is 1.7.0.',
    })
    expect(publishSupport('1.6.0')).toEqual({
      draft: false,
      schedule: false,
      note: 'Drafts need Operately 1.7 or newer, and scheduled check-ins 1.8; this server is 1.6.0.',
    })
    expect(publishSupport(null).note).toBe(
      'Drafts need Operately 1.7 or newer, and scheduled check-ins 1.8; this server did not say its version.',
    )
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
