import { describe, expect, it } from 'vitest'
import type { Freshness } from '@shared/domain/freshness'
import { clockTime, freshness, syncedAtText } from './freshness'

// Local times (the constructor reads them on this machine's calendar), so the tests hold in any time zone.
const now = new Date(2026, 10, 25, 16, 5)
const local = (month: number, day: number, hours: number, minutes: number, year = 2026) =>
  new Date(year, month, day, hours, minutes).toISOString()

const read = (extra: Partial<Freshness> = {}): Freshness => ({
  fetchedAt: local(10, 25, 10, 42),
  fromCache: false,
  lastError: null,
  ...extra,
})

describe('clock times', () => {
  it('are 24-hour with two-digit hours and minutes', () => {
    expect(clockTime(new Date(2026, 0, 2, 9, 5))).toBe('09:05')
    expect(clockTime(new Date(2026, 0, 2, 21, 59))).toBe('21:59')
    expect(clockTime(new Date(2026, 0, 2, 0, 0))).toBe('00:00')
  })
})

describe('when something was last synced', () => {
  it('says only the time today', () => {
    expect(syncedAtText(local(10, 25, 10, 42), now)).toBe('10:42')
  })

  it('says "yesterday" for yesterday, also across a month end', () => {
    expect(syncedAtText(local(10, 24, 23, 58), now)).toBe('yesterday 23:58')
    expect(syncedAtText(local(9, 31, 8, 0), new Date(2026, 10, 1, 7, 0))).toBe('yesterday 08:00')
  })

  it('gives the day for older answers, and the year when it is not this year', () => {
    expect(syncedAtText(local(10, 20, 8, 30), now)).toBe('Nov 20, 08:30')
    expect(syncedAtText(local(8, 3, 8, 30), now)).toBe('Sep 3, 08:30')
    expect(syncedAtText(local(11, 30, 17, 15, 2025), now)).toBe('Dec 30, 2025, 17:15')
  })

  it('does not invent a time it cannot read', () => {
    expect(syncedAtText('not a time', now)).toBe('at an unknown time')
  })
})

describe('the freshness line', () => {
  it('says when the data was updated, after a successful read', () => {
    expect(freshness(read(), now)).toEqual({ text: 'Updated 10:42', stale: false, detail: null })
  })

  it('says "offline" when the server could not be reached, or has not answered since the app started', () => {
    const offline = { kind: 'offline' as const, message: 'The server could not be reached.' }
    expect(freshness(read({ fromCache: true, lastError: offline }), now)).toEqual({
      text: 'Offline · last synced 10:42',
      stale: true,
      detail: null,
    })
    expect(freshness(read({ fromCache: true }), now).text).toBe('Offline · last synced 10:42')
    expect(freshness(read({ fromCache: true, lastError: { kind: 'timeout', message: '…' } }), now).text).toBe(
      'Offline · last synced 10:42',
    )
  })

  it('does not call a refused token or a server error "offline": it says the update failed and why', () => {
    const refused = { kind: 'unauthorized' as const, message: 'The server no longer accepts this token.' }
    expect(freshness(read({ fromCache: true, lastError: refused }), now)).toEqual({
      text: 'Could not update · last synced 10:42',
      stale: true,
      detail: 'The server no longer accepts this token.',
    })
    const broken = { kind: 'server_error' as const, message: 'Operately ran into a problem (502).' }
    expect(freshness(read({ fromCache: true, lastError: broken }), now).text).toBe(
      'Could not update · last synced 10:42',
    )
  })

  it('says when the copy shown was last synced, also days ago', () => {
    const offline = { kind: 'offline' as const, message: 'x' }
    expect(
      freshness(read({ fetchedAt: local(10, 20, 8, 30), fromCache: true, lastError: offline }), now).text,
    ).toBe('Offline · last synced Nov 20, 08:30')
  })
})
