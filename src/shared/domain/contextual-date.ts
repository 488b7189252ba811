import { MONTH_NAMES } from './month-names'

/**
 * Operately's "contextual date": a date with the precision the user chose. For a due date, `date` is the
 * LAST day of the period and `value` is the label the server checks against it (a mismatch is a 500):
 * day `Mar 5, 2026`, month `Mar 2026`, quarter `Q1 2026`, year `2026`.
 */
export const dateTypes = ['day', 'month', 'quarter', 'year'] as const
export type DateType = (typeof dateTypes)[number]

/** A contextual date as the app passes it around (validated by `contextualDateSchema`). */
export interface ContextualDate {
  dateType: DateType
  /** ISO 8601 day, the last of the period. */
  date: string
  value: string
}

// ---------------------------------------------------------------------------------------------------
// Building, reading and showing contextual dates. Pure: the renderer's date picker and main both use these.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const
export { MONTH_NAMES }

/** What the user picked: a year, and the month (1–12), day or quarter (1–4) the precision needs. */
export interface DueDateAnchor {
  year: number
  month?: number
  day?: number
  quarter?: number
}

/** A calendar day with its parts, all 1-based. */
interface CalendarDay {
  year: number
  month: number
  day: number
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0')

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/** Days in a month (1–12) of a year, leap years included. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

const isoOf = ({ year, month, day }: CalendarDay): string => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`

/** A strict YYYY-MM-DD of a real calendar day, else null. */
export function parseIsoDate(value: string): CalendarDay | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return null
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return { year, month, day }
}

const quarterOf = (month: number): number => Math.floor((month - 1) / 3) + 1

/** The label Operately's date picker writes for a day read at a precision, e.g. quarter → `Q1 2026`. */
export function contextualLabel(dateType: DateType, isoDate: string): string {
  const day = parseIsoDate(isoDate)
  if (!day) throw new RangeError(`not a calendar date: ${isoDate}`)
  const month = MONTHS[day.month - 1]!
  switch (dateType) {
    case 'day':
      return `${month} ${day.day}, ${day.year}`
    case 'month':
      return `${month} ${day.year}`
    case 'quarter':
      return `Q${quarterOf(day.month)} ${day.year}`
    case 'year':
      return `${day.year}`
  }
}

const checkInt = (what: string, value: number | undefined, min: number, max: number): number => {
  if (value === undefined || !Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${what} must be a whole number from ${min} to ${max}`)
  }
  return value
}

/**
 * The due date for a period the user picked: `date` is the LAST day of the period, `value` the exact label
 * the server checks against it. Throws RangeError when the anchor lacks what the precision needs or names a
 * day that does not exist (Feb 30). A quarter may be given as `quarter` or through `month`.
 */
export function dueDateFor(precision: DateType, anchor: DueDateAnchor): ContextualDate {
  const year = checkInt('year', anchor.year, 1, 9999)
  let end: CalendarDay
  switch (precision) {
    case 'day': {
      const month = checkInt('month', anchor.month, 1, 12)
      end = { year, month, day: checkInt('day', anchor.day, 1, daysInMonth(year, month)) }
      break
    }
    case 'month': {
      const month = checkInt('month', anchor.month, 1, 12)
      end = { year, month, day: daysInMonth(year, month) }
      break
    }
    case 'quarter': {
      const quarter =
        anchor.quarter !== undefined
          ? checkInt('quarter', anchor.quarter, 1, 4)
          : quarterOf(checkInt('month', anchor.month, 1, 12))
      const month = quarter * 3
      end = { year, month, day: daysInMonth(year, month) }
      break
    }
    case 'year':
      end = { year, month: 12, day: 31 }
      break
  }
  const date = isoOf(end)
  return { dateType: precision, date, value: contextualLabel(precision, date) }
}

/** Whether a contextual date's label agrees with its date (the server answers 500 when not). */
export function isConsistentContextualDate(cd: ContextualDate): boolean {
  return parseIsoDate(cd.date) !== null && contextualLabel(cd.dateType, cd.date) === cd.value
}

/**
 * How the app shows a due date: the day itself for day precision, the end of the period otherwise
 * ("End of March 2026", "End of Q1 2026", "End of 2026"). Falls back to the server's label.
 */
export function describeDueDate(cd: ContextualDate): string {
  const day = parseIsoDate(cd.date)
  if (!day) return cd.value
  switch (cd.dateType) {
    case 'day':
      return `${MONTHS[day.month - 1]!} ${day.day}, ${day.year}`
    case 'month':
      return `End of ${MONTH_NAMES[day.month - 1]!} ${day.year}`
    case 'quarter':
      return `End of Q${quarterOf(day.month)} ${day.year}`
    case 'year':
      return `End of ${day.year}`
  }
}

/** A contextual date as the server sends and takes it. */
export interface ServerContextualDate {
  date_type: DateType
  date: string
  value: string
}

const isDateType = (value: unknown): value is DateType =>
  typeof value === 'string' && (dateTypes as readonly string[]).includes(value)

/** The precision a label was written at, for servers that leave `date_type` out. */
function dateTypeFromLabel(value: string): DateType {
  if (/^Q[1-4] \d{4}$/.test(value)) return 'quarter'
  if (/^\d{4}$/.test(value)) return 'year'
  if (/^[A-Z][a-z]{2} \d{4}$/.test(value)) return 'month'
  return 'day'
}

/**
 * Reads a contextual date from the server leniently: anything without a usable calendar date is null;
 * a timestamp is cut to its day; a missing or unknown `date_type` is read from the label; a missing label
 * is written from the date.
 */
export function fromServerContextualDate(raw: unknown): ContextualDate | null {
  if (typeof raw !== 'object' || raw === null) return null
  const { date_type: rawType, date: rawDate, value: rawValue } = raw as Record<string, unknown>
  if (typeof rawDate !== 'string') return null
  const date = rawDate.trim().slice(0, 10)
  if (!parseIsoDate(date)) return null
  const label = typeof rawValue === 'string' ? rawValue.trim() : ''
  const dateType = isDateType(rawType) ? rawType : label ? dateTypeFromLabel(label) : 'day'
  const value = label && label.length <= 40 ? label : contextualLabel(dateType, date)
  return { dateType, date, value }
}

export function toServerContextualDate(cd: ContextualDate): ServerContextualDate {
  return { date_type: cd.dateType, date: cd.date, value: cd.value }
}
