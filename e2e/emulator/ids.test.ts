import { describe, expect, it } from 'vitest'
import { contextualLabel, endOfPeriod, parseIsoDate } from './dates'
import { deterministicUuid, parseIdInput, shortIdFromUuid, slugId, uuidFromShortId } from './ids'
import { DEFAULT_TOKENS } from './tokens'

describe('ids', () => {
  const uuid = deterministicUuid('example')

  it('round-trips a UUID through its Base62 short id of at most 22 characters', () => {
    const short = shortIdFromUuid(uuid)
    expect(short).toMatch(/^[A-Za-z0-9]{1,22}$/)
    expect(uuidFromShortId(short)).toBe(uuid)
  })

  it('reads a UUID, a bare short id, a slug and a URL tail as the same id', () => {
    const short = shortIdFromUuid(uuid)
    for (const input of [uuid, short, slugId('Launch site', uuid), `anything-at-all-${short}`]) {
      expect(parseIdInput(input)).toBe(uuid)
    }
  })

  it('rejects what is not an id', () => {
    for (const input of ['', 'trailing-', 'has space', 'ZZZZZZZZZZZZZZZZZZZZZZZ', 'é'])
      expect(parseIdInput(input)).toBeNull()
  })

  it('slugs names the way URLs show them', () => {
    expect(slugId('Ship the Analytical Engine v2', uuid)).toMatch(/^ship-the-analytical-engine-v2-/)
  })

  it('is stable across runs', () => {
    expect(deterministicUuid('example')).toBe(uuid)
  })
})

describe('tokens', () => {
  it('look like opk_ + 43 url-safe base64 characters and differ from each other', () => {
    const all = Object.values(DEFAULT_TOKENS)
    for (const token of all) expect(token).toMatch(/^opk_[A-Za-z0-9_-]{43}$/)
    expect(new Set(all).size).toBe(3)
  })
})

describe('contextual dates', () => {
  it('labels each date type as Operately does', () => {
    const d = new Date('2026-03-05T00:00:00Z')
    expect(contextualLabel('day', d)).toBe('Mar 5, 2026')
    expect(contextualLabel('month', d)).toBe('Mar 2026')
    expect(contextualLabel('quarter', d)).toBe('Q1 2026')
    expect(contextualLabel('year', d)).toBe('2026')
  })

  it('puts due dates on the last day of the period', () => {
    const d = new Date('2026-02-10T00:00:00Z')
    expect(endOfPeriod('month', d).toISOString().slice(0, 10)).toBe('2026-02-28')
    expect(endOfPeriod('quarter', d).toISOString().slice(0, 10)).toBe('2026-03-31')
    expect(endOfPeriod('year', d).toISOString().slice(0, 10)).toBe('2026-12-31')
  })

  it('parses only real calendar days', () => {
    expect(parseIsoDate('2026-02-29')).toBeNull()
    expect(parseIsoDate('2028-02-29')).not.toBeNull()
    expect(parseIsoDate('2026-3-1')).toBeNull()
  })
})
