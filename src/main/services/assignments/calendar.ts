/**
 * The user's calendar, computed with Intl for an explicit IANA time zone, so every rule here can be tested
 * for any zone without touching the process's TZ. Calendar dates are `YYYY-MM-DD` strings; arithmetic on
 * them goes through a day number (days since 1970-01-01), which no DST change or month end can disturb.
 */

const DAY_MS = 86_400_000

export interface LocalMoment {
  /** The local calendar date, `YYYY-MM-DD`. */
  date: string
  /** Milliseconds since local midnight (wall clock). */
  msOfDay: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone)
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      // h23: midnight is 00, never 24 (some engines print 24:00 with hour12: false).
      hourCycle: 'h23',
    })
    formatters.set(timeZone, found)
  }
  return found
}

/** The zone this computer runs in, e.g. `Europe/Berlin`. */
export const systemTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone)
    return true
  } catch {
    return false
  }
}

/** Where `instant` falls on the wall clock of `timeZone`. */
export function localMoment(instant: number, timeZone: string): LocalMoment {
  const parts: Record<string, string> = {}
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) parts[part.type] = part.value
  const number = (type: string) => Number(parts[type] ?? '0')
  const ms = ((instant % 1000) + 1000) % 1000
  return {
    date: `${parts['year']}-${parts['month']}-${parts['day']}`,
    msOfDay: ((number('hour') * 60 + number('minute')) * 60 + number('second')) * 1000 + ms,
  }
}

/** The local calendar date of `instant` in `timeZone`. */
export const localDate = (instant: number, timeZone: string): string => localMoment(instant, timeZone).date

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/

/** Strict `YYYY-MM-DD` naming a real day (no Feb 30), else null. */
export function parseCalendarDate(value: string): string | null {
  const match = datePattern.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null
  return value
}

/** Days since 1970-01-01 of a valid calendar date. */
export function dayNumber(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS)
}

export const dateOfDayNumber = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10)

export const addDays = (date: string, days: number): string => dateOfDayNumber(dayNumber(date) + days)

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from)

/** 0 = Monday … 6 = Sunday (ISO 8601). */
export function isoWeekday(date: string): number {
  // 1970-01-01 was a Thursday (ISO weekday index 3).
  return (((dayNumber(date) + 3) % 7) + 7) % 7
}

/** The Sunday that ends the ISO week (Monday to Sunday) containing `date`. */
export const endOfIsoWeek = (date: string): string => addDays(date, 6 - isoWeekday(date))

const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/

/**
 * The calendar date a server due value stands for. Operately's due dates are calendar dates stored as
 * UTC midnight (operately-api.md §7), so `2026-12-01` and `2026-12-01T00:00:00Z` both mean "December 1st"
 * for everyone, whatever their time zone: reading UTC midnight as an instant would move the date back a
 * day for anyone west of Greenwich. A timestamp that is not at UTC midnight is a real moment (e.g. when a
 * check-in awaiting review was published) and is placed on the user's own calendar.
 */
export function calendarDateOf(value: string | null | undefined, timeZone: string): string | null {
  if (!value) return null
  const trimmed = value.trim()
  const plain = parseCalendarDate(trimmed)
  if (plain) return plain
  if (!timestampPattern.test(trimmed)) return null
  const instant = Date.parse(trimmed)
  if (Number.isNaN(instant)) return null
  if (instant % DAY_MS === 0) return new Date(instant).toISOString().slice(0, 10)
  return localDate(instant, timeZone)
}
