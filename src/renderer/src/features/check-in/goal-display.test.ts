import { describe, expect, it } from 'vitest'
import {
  dueDateText,
  lastCheckInText,
  shortDueDateText,
  statusDisplay,
  targetRangeText,
  timeAgo,
} from './goal-display'

describe('statusDisplay', () => {
  it('names each check-in status in words with its colour family', () => {
    expect(statusDisplay('on_track')).toEqual({ label: 'On track', tone: 'ok' })
    expect(statusDisplay('caution')).toEqual({ label: 'Caution', tone: 'warning' })
    expect(statusDisplay('off_track')).toEqual({ label: 'Off track', tone: 'danger' })
  })

  it('reads a status it does not know as words, and no status as such', () => {
    expect(statusDisplay('at_risk_soon')).toEqual({ label: 'At risk soon', tone: 'neutral' })
    expect(statusDisplay(null).label).toBe('No status yet')
  })
})

describe('dueDateText', () => {
  it('shows the deadline, and the period it was set as when that is not a day', () => {
    expect(dueDateText({ dateType: 'day', date: '2026-03-05', value: 'Mar 5, 2026' })).toBe('Due Mar 5, 2026')
    expect(dueDateText({ dateType: 'quarter', date: '2026-03-31', value: 'Q1 2026' })).toBe(
      'Due Mar 31, 2026 · end of Q1 2026',
    )
    expect(dueDateText(null)).toBe('No due date')
  })
})

describe('shortDueDateText', () => {
  it('leaves out the year when it is this year', () => {
    const now = new Date(2026, 5, 1)
    expect(shortDueDateText({ dateType: 'quarter', date: '2026-09-30', value: 'Q3 2026' }, now)).toBe(
      'Due Sep 30',
    )
    expect(shortDueDateText({ dateType: 'year', date: '2027-12-31', value: '2027' }, now)).toBe(
      'Due Dec 31, 2027',
    )
    expect(shortDueDateText(null, now)).toBe('No due date')
  })
})

describe('timeAgo and lastCheckInText', () => {
  const now = new Date(2026, 2, 10, 9, 0)
  it.each([
    [new Date(2026, 2, 10, 8, 0), 'today'],
    [new Date(2026, 2, 9, 23, 0), 'yesterday'],
    [new Date(2026, 2, 7, 12, 0), '3 days ago'],
    [new Date(2025, 11, 10, 12, 0), '3 months ago'],
    [new Date(2024, 2, 10, 12, 0), '2 years ago'],
  ])('counts calendar days: %s is %s', (then, words) => expect(timeAgo(then.toISOString(), now)).toBe(words))

  it('says when there was no check-in at all', () => {
    expect(lastCheckInText(null, now)).toBe('No check-ins yet')
    expect(lastCheckInText(new Date(2026, 2, 7).toISOString(), now)).toBe('Last check-in 3 days ago')
  })
})

describe('targetRangeText', () => {
  it('shows from → to with the unit, numbers without float noise', () => {
    expect(targetRangeText({ from: 3.2, to: 1.5, unit: 's' }, 'en-US')).toBe('3.2 → 1.5 s')
    expect(targetRangeText({ from: 0.1 + 0.2, to: 1, unit: null }, 'en-US')).toBe('0.3 → 1')
  })

  it('writes the numbers as the field under it does: the locale’s way', () => {
    // Beside a field showing "2,4", a range of "3.2 → 1.5 s" reads as thousands to a German eye.
    expect(targetRangeText({ from: 3.2, to: 1.5, unit: 's' }, 'de-DE')).toBe('3,2 → 1,5 s')
    expect(targetRangeText({ from: 0, to: 25000, unit: 'teams' }, 'en-US')).toBe('0 → 25,000 teams')
    expect(targetRangeText({ from: null, to: 100, unit: '%' }, 'ar-EG')).toBe('– → ١٠٠ %')
  })
})
