import { describe, expect, it } from 'vitest'
import { contextualDateSchema } from './contextual-date-schema'
import {
  daysInMonth,
  describeDueDate,
  dueDateFor,
  fromServerContextualDate,
  isConsistentContextualDate,
  isLeapYear,
  parseIsoDate,
  toServerContextualDate,
  type ContextualDate,
} from './contextual-date'

describe('dueDateFor', () => {
  it('day: the day itself, labelled like "Mar 5, 2026"', () => {
    expect(dueDateFor('day', { year: 2026, month: 3, day: 5 })).toEqual({
      dateType: 'day',
      date: '2026-03-05',
      value: 'Mar 5, 2026',
    })
    expect(dueDateFor('day', { year: 2026, month: 12, day: 31 }).value).toBe('Dec 31, 2026')
  })

  it('month: the last day of the month, labelled like "Mar 2026"', () => {
    const expected: Array<[number, string]> = [
      [1, '2026-01-31'],
      [2, '2026-02-28'],
      [3, '2026-03-31'],
      [4, '2026-04-30'],
      [5, '2026-05-31'],
      [6, '2026-06-30'],
      [7, '2026-07-31'],
      [8, '2026-08-31'],
      [9, '2026-09-30'],
      [10, '2026-10-31'],
      [11, '2026-11-30'],
      [12, '2026-12-31'],
    ]
    for (const [month, date] of expected) {
      expect(dueDateFor('month', { year: 2026, month })).toMatchObject({ dateType: 'month', date })
    }
    expect(dueDateFor('month', { year: 2026, month: 3 }).value).toBe('Mar 2026')
    expect(dueDateFor('month', { year: 2026, month: 9 }).value).toBe('Sep 2026')
  })

  it('month: February ends on the 29th in leap years, including 2000, and not in 2100', () => {
    expect(dueDateFor('month', { year: 2024, month: 2 }).date).toBe('2024-02-29')
    expect(dueDateFor('month', { year: 2000, month: 2 }).date).toBe('2000-02-29')
    expect(dueDateFor('month', { year: 2100, month: 2 }).date).toBe('2100-02-28')
    expect(dueDateFor('month', { year: 2025, month: 2 }).date).toBe('2025-02-28')
  })

  it('day: Feb 29 exists only in leap years', () => {
    expect(dueDateFor('day', { year: 2024, month: 2, day: 29 })).toEqual({
      dateType: 'day',
      date: '2024-02-29',
      value: 'Feb 29, 2024',
    })
    expect(() => dueDateFor('day', { year: 2100, month: 2, day: 29 })).toThrow(RangeError)
    expect(() => dueDateFor('day', { year: 2026, month: 4, day: 31 })).toThrow(RangeError)
  })

  it('quarter: Q1 ends 03-31, Q2 06-30, Q3 09-30, Q4 12-31, labelled like "Q1 2026"', () => {
    expect(dueDateFor('quarter', { year: 2026, quarter: 1 })).toEqual({
      dateType: 'quarter',
      date: '2026-03-31',
      value: 'Q1 2026',
    })
    expect(dueDateFor('quarter', { year: 2026, quarter: 2 })).toMatchObject({
      date: '2026-06-30',
      value: 'Q2 2026',
    })
    expect(dueDateFor('quarter', { year: 2026, quarter: 3 })).toMatchObject({
      date: '2026-09-30',
      value: 'Q3 2026',
    })
    expect(dueDateFor('quarter', { year: 2026, quarter: 4 })).toMatchObject({
      date: '2026-12-31',
      value: 'Q4 2026',
    })
  })

  it('quarter: may be given by a month inside it', () => {
    expect(dueDateFor('quarter', { year: 2027, month: 1 }).date).toBe('2027-03-31')
    expect(dueDateFor('quarter', { year: 2027, month: 5 }).value).toBe('Q2 2027')
    expect(dueDateFor('quarter', { year: 2027, month: 9 }).date).toBe('2027-09-30')
    expect(dueDateFor('quarter', { year: 2027, month: 10 }).value).toBe('Q4 2027')
  })

  it('year: December 31st, labelled with the year alone', () => {
    expect(dueDateFor('year', { year: 2026 })).toEqual({
      dateType: 'year',
      date: '2026-12-31',
      value: '2026',
    })
  })

  it('refuses an anchor that lacks what the precision needs or is out of range', () => {
    expect(() => dueDateFor('month', { year: 2026 })).toThrow(/month/)
    expect(() => dueDateFor('day', { year: 2026, month: 3 })).toThrow(/day/)
    expect(() => dueDateFor('quarter', { year: 2026 })).toThrow(/month/)
    expect(() => dueDateFor('quarter', { year: 2026, quarter: 5 })).toThrow(/quarter/)
    expect(() => dueDateFor('month', { year: 2026, month: 13 })).toThrow(/month/)
    expect(() => dueDateFor('year', { year: 2026.5 })).toThrow(/year/)
  })

  it('always produces what the contract accepts and what the server would check as consistent', () => {
    for (const year of [2024, 2025, 2100]) {
      for (let month = 1; month <= 12; month++) {
        for (const cd of [
          dueDateFor('day', { year, month, day: daysInMonth(year, month) }),
          dueDateFor('month', { year, month }),
          dueDateFor('quarter', { year, month }),
          dueDateFor('year', { year }),
        ]) {
          expect(contextualDateSchema.safeParse(cd).success).toBe(true)
          expect(isConsistentContextualDate(cd)).toBe(true)
        }
      }
    }
  })
})

describe('calendar helpers', () => {
  it('knows the Gregorian leap years', () => {
    expect([2024, 2000, 2400].map(isLeapYear)).toEqual([true, true, true])
    expect([2025, 1900, 2100].map(isLeapYear)).toEqual([false, false, false])
  })

  it('parses only real calendar days', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 })
    expect(parseIsoDate('2025-02-29')).toBeNull()
    expect(parseIsoDate('2026-13-01')).toBeNull()
    expect(parseIsoDate('2026-3-1')).toBeNull()
  })
})

describe('isConsistentContextualDate', () => {
  it('spots a label that does not match its date, which the server answers with a 500', () => {
    expect(isConsistentContextualDate({ dateType: 'quarter', date: '2026-03-31', value: 'Q2 2026' })).toBe(
      false,
    )
    expect(isConsistentContextualDate({ dateType: 'day', date: '2026-03-05', value: 'Mar 05, 2026' })).toBe(
      false,
    )
    expect(isConsistentContextualDate({ dateType: 'month', date: '2026-02-30', value: 'Feb 2026' })).toBe(
      false,
    )
  })
})

describe('describeDueDate', () => {
  it('shows the day, or the end of the period', () => {
    expect(describeDueDate(dueDateFor('day', { year: 2026, month: 3, day: 5 }))).toBe('Mar 5, 2026')
    expect(describeDueDate(dueDateFor('month', { year: 2026, month: 3 }))).toBe('End of March 2026')
    expect(describeDueDate(dueDateFor('quarter', { year: 2026, quarter: 3 }))).toBe('End of Q3 2026')
    expect(describeDueDate(dueDateFor('year', { year: 2026 }))).toBe('End of 2026')
  })

  it("falls back to the server's label when the date cannot be read", () => {
    expect(describeDueDate({ dateType: 'month', date: '2026-02-31', value: 'Feb 2026' })).toBe('Feb 2026')
  })
})

describe('server form', () => {
  it('round-trips every precision through the server form unchanged', () => {
    const dates: ContextualDate[] = [
      dueDateFor('day', { year: 2024, month: 2, day: 29 }),
      dueDateFor('month', { year: 2100, month: 2 }),
      dueDateFor('quarter', { year: 2026, quarter: 4 }),
      dueDateFor('year', { year: 2030 }),
    ]
    for (const cd of dates) {
      const wire = toServerContextualDate(cd)
      expect(Object.keys(wire).sort()).toEqual(['date', 'date_type', 'value'])
      expect(fromServerContextualDate(JSON.parse(JSON.stringify(wire)))).toEqual(cd)
    }
  })

  it('writes exactly the three keys the server takes', () => {
    expect(toServerContextualDate(dueDateFor('quarter', { year: 2026, quarter: 1 }))).toEqual({
      date_type: 'quarter',
      date: '2026-03-31',
      value: 'Q1 2026',
    })
  })

  it('reads leniently: extra keys, a timestamp, a missing type or label', () => {
    expect(
      fromServerContextualDate({
        __typename: 'contextual_date',
        date_type: 'month',
        date: '2026-04-30',
        value: 'Apr 2026',
      }),
    ).toEqual({ dateType: 'month', date: '2026-04-30', value: 'Apr 2026' })
    expect(fromServerContextualDate({ date_type: 'day', date: '2026-03-05T00:00:00Z', value: null })).toEqual(
      {
        dateType: 'day',
        date: '2026-03-05',
        value: 'Mar 5, 2026',
      },
    )
    expect(fromServerContextualDate({ date: '2026-06-30', value: 'Q2 2026' })).toEqual({
      dateType: 'quarter',
      date: '2026-06-30',
      value: 'Q2 2026',
    })
    expect(fromServerContextualDate({ date_type: 'week', date: '2026-12-31', value: '2026' })).toEqual({
      dateType: 'year',
      date: '2026-12-31',
      value: '2026',
    })
  })

  it('reads nothing usable as null', () => {
    for (const raw of [
      null,
      undefined,
      'Q1 2026',
      {},
      { date: null },
      { date: '31/03/2026' },
      { date: 20260331 },
    ]) {
      expect(fromServerContextualDate(raw)).toBeNull()
    }
  })
})
