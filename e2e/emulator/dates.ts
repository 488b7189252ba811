import type { ContextualDate, ContextualDateType } from './types'

/** Dates as Operately sends them: timestamps ISO-8601 UTC to the second, dates YYYY-MM-DD, all UTC. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const DAY_MS = 86_400_000

export function isoTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}

export function utcDate(year: number, monthIndex: number, day: number): Date {
  return new Date(Date.UTC(year, monthIndex, day))
}

export function startOfUtcDay(date: Date): Date {
  return utcDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS)
}

/** Whole days from `a` to `b` (both taken at UTC midnight). */
export function daysBetween(a: Date, b: Date): number {
  return Math.round((startOfUtcDay(b).getTime() - startOfUtcDay(a).getTime()) / DAY_MS)
}

export function firstOfMonth(date: Date, monthOffset = 0): Date {
  return utcDate(date.getUTCFullYear(), date.getUTCMonth() + monthOffset, 1)
}

export function firstOfNextMonth(date: Date): Date {
  return firstOfMonth(date, 1)
}

/** Strict YYYY-MM-DD with a real calendar day, else null. */
export function parseIsoDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return null
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = utcDate(year, month - 1, day)
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null
  return date
}

/** The label Operately's date picker writes for a date of the given type. */
export function contextualLabel(type: ContextualDateType, date: Date): string {
  const year = date.getUTCFullYear()
  const month = MONTHS[date.getUTCMonth()]!
  switch (type) {
    case 'day':
      return `${month} ${date.getUTCDate()}, ${year}`
    case 'month':
      return `${month} ${year}`
    case 'quarter':
      return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${year}`
    case 'year':
      return `${year}`
  }
}

/** The last day of the period containing `date`: what a due date of that type carries. */
export function endOfPeriod(type: ContextualDateType, date: Date): Date {
  const y = date.getUTCFullYear()
  const m = date.getUTCMonth()
  switch (type) {
    case 'day':
      return startOfUtcDay(date)
    case 'month':
      return utcDate(y, m + 1, 0)
    case 'quarter':
      return utcDate(y, Math.floor(m / 3) * 3 + 3, 0)
    case 'year':
      return utcDate(y, 12, 0)
  }
}

export function startOfPeriod(type: ContextualDateType, date: Date): Date {
  const y = date.getUTCFullYear()
  const m = date.getUTCMonth()
  switch (type) {
    case 'day':
      return startOfUtcDay(date)
    case 'month':
      return utcDate(y, m, 1)
    case 'quarter':
      return utcDate(y, Math.floor(m / 3) * 3, 1)
    case 'year':
      return utcDate(y, 0, 1)
  }
}

export function contextualDate(type: ContextualDateType, date: Date): ContextualDate {
  return { date_type: type, value: contextualLabel(type, date), date: isoDate(date) }
}

/**
 * Operately's monthly schedule (app/lib/operately/time.ex): a check-in on or after the due day, or at
 * most 7 days before it, moves the next due date to the following 1st; an earlier one leaves it.
 */
export function nextMonthlyCheckIn(due: Date, checkInAt: Date): Date {
  const dueDay = startOfUtcDay(due)
  const day = startOfUtcDay(checkInAt)
  if (day.getTime() >= dueDay.getTime()) return firstOfNextMonth(day)
  if (daysBetween(day, dueDay) <= 7) return firstOfNextMonth(dueDay)
  return dueDay
}

/**
 * The Friday after `day` (UTC midnight): a Friday gives the next week's, any other day the coming one
 * (`next_week_friday` and `first_friday_from_today` in app/lib/operately/time.ex, 1.5.0–1.8.0).
 */
export function followingFriday(date: Date): Date {
  const day = startOfUtcDay(date)
  const weekday = day.getUTCDay() // 0 = Sunday, 5 = Friday
  return addDays(day, weekday === 5 ? 7 : (5 - weekday + 7) % 7)
}

/**
 * Operately's weekly schedule (app/lib/operately/time.ex `calculate_next_weekly_check_in`, 1.5.0–1.8.0):
 * a check-in on or after the due day moves the next due date to the Friday after the check-in's day; one
 * at most 1 day before it, to the Friday after the due day; an earlier one leaves it.
 */
export function nextWeeklyCheckIn(due: Date, checkInAt: Date): Date {
  const dueDay = startOfUtcDay(due)
  const day = startOfUtcDay(checkInAt)
  if (day.getTime() >= dueDay.getTime()) return followingFriday(day)
  if (daysBetween(day, dueDay) <= 1) return followingFriday(dueDay)
  return dueDay
}
