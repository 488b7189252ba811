import { describe, expect, it } from 'vitest'
import { keptAtLabel, statusLabel } from './project-display'

describe('statusLabel', () => {
  it('names the statuses Operately sends', () => {
    expect(statusLabel('on_track')).toBe('On track')
    expect(statusLabel('off_track')).toBe('Off track')
    expect(statusLabel('paused')).toBe('Paused')
  })

  it('shows nothing for a missing status (also the string "nil"), and plain words for a new one', () => {
    expect(statusLabel(null)).toBeNull()
    expect(statusLabel('nil')).toBeNull()
    expect(statusLabel('waiting_for_review')).toBe('Waiting for review')
  })
})

describe('keptAtLabel', () => {
  const now = new Date(2026, 2, 10, 15, 0)

  it('gives the time alone for today', () => {
    expect(keptAtLabel(new Date(2026, 2, 10, 10, 42).toISOString(), now, 'en-GB')).toBe('10:42')
    expect(keptAtLabel(new Date(2026, 2, 10, 10, 42).toISOString(), now, 'en-US')).toBe('10:42 AM')
  })

  it('puts the day in front for an earlier day, and the year for an earlier year', () => {
    expect(keptAtLabel(new Date(2026, 2, 9, 10, 42).toISOString(), now, 'en-GB')).toBe('9 Mar, 10:42')
    expect(keptAtLabel(new Date(2025, 11, 31, 9, 5).toISOString(), now, 'en-GB')).toBe('31 Dec 2025, 9:05')
  })

  it('gives null for a time that cannot be read', () => {
    expect(keptAtLabel('yesterday', now)).toBeNull()
  })
})
