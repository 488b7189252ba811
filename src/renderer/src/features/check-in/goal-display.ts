import { describeDueDate, parseIsoDate, type ContextualDate } from '@shared/domain/contextual-date'
import { formatNumberIn } from './number-text'
import type { NumberLocale } from './number-conventions'

/**
 * How goals, statuses and dates read on screen. Pure, so the words can be tested without a browser.
 */

export type Tone = 'ok' | 'warning' | 'danger' | 'neutral' | 'done'

const STATUS: Record<string, { label: string; tone: Tone }> = {
  on_track: { label: 'On track', tone: 'ok' },
  caution: { label: 'Caution', tone: 'warning' },
  off_track: { label: 'Off track', tone: 'danger' },
  pending: { label: 'Pending', tone: 'neutral' },
  outdated: { label: 'Outdated', tone: 'warning' },
  paused: { label: 'Paused', tone: 'neutral' },
  achieved: { label: 'Achieved', tone: 'done' },
  missed: { label: 'Missed', tone: 'danger' },
  partial: { label: 'Partially achieved', tone: 'done' },
}

/** A goal or check-in status in words, with the colour family that goes with it (never shown alone). */
export function statusDisplay(status: string | null): { label: string; tone: Tone } {
  if (!status) return { label: 'No status yet', tone: 'neutral' }
  const known = STATUS[status]
  if (known) return known
  // A status from a newer server: readable words rather than an identifier.
  const words = status.replace(/[_-]+/g, ' ').trim()
  return { label: words.charAt(0).toUpperCase() + words.slice(1), tone: 'neutral' }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** `2026-03-31` → `Mar 31, 2026`; anything that is not a calendar day comes back as it was. */
export function formatDay(isoDate: string): string {
  const day = parseIsoDate(isoDate)
  return day ? `${MONTHS[day.month - 1]!} ${day.day}, ${day.year}` : isoDate
}

/**
 * A goal's due date in one line: "Due Mar 31, 2026", with the period it was set as when that is not a day
 * ("Due Mar 31, 2026 · end of Q1 2026"), so the user sees both the deadline and what Operately shows.
 */
export function dueDateText(due: ContextualDate | null): string {
  if (!due) return 'No due date'
  const day = `Due ${formatDay(due.date)}`
  if (due.dateType === 'day') return day
  const period = describeDueDate(due)
  return `${day} · ${period.charAt(0).toLowerCase()}${period.slice(1)}`
}

/** The shorter form for a list row: "Due Mar 31" this year, "Due Mar 31, 2027" in another, or "No due date". */
export function shortDueDateText(due: ContextualDate | null, now: Date): string {
  if (!due) return 'No due date'
  const day = formatDay(due.date)
  return `Due ${due.date.startsWith(`${now.getFullYear()}-`) ? day.replace(/, \d{4}$/, '') : day}`
}

const DAY_MS = 86_400_000

/** Whole calendar days between two moments, counted in the user's own time zone. */
function calendarDaysBetween(earlier: Date, later: Date): number {
  const a = Date.UTC(earlier.getFullYear(), earlier.getMonth(), earlier.getDate())
  const b = Date.UTC(later.getFullYear(), later.getMonth(), later.getDate())
  return Math.round((b - a) / DAY_MS)
}

/** "today", "yesterday", "3 days ago", "2 months ago": how long since something happened, in words. */
export function timeAgo(iso: string, now: Date): string {
  const then = new Date(iso)
  if (Number.isNaN(then.getTime())) return 'at an unknown time'
  const days = calendarDaysBetween(then, now)
  if (days <= 0) return 'today'
  if (days === 1) return 'yesterday'
  if (days < 45) return `${days} days ago`
  const months = Math.round(days / 30.44)
  if (months < 12) return `${months} months ago`
  const years = Math.round(days / 365.25)
  return years <= 1 ? 'a year ago' : `${years} years ago`
}

/** "Last check-in 3 days ago" or "No check-ins yet". */
export function lastCheckInText(lastCheckInAt: string | null, now: Date): string {
  return lastCheckInAt ? `Last check-in ${timeAgo(lastCheckInAt, now)}` : 'No check-ins yet'
}

/** "40 → 120 teams": a target's start and goal with its unit, the numbers the locale's way. */
export function targetRangeText(
  target: { from: number | null; to: number | null; unit: string | null },
  locale: NumberLocale,
): string {
  const number = (value: number | null) => (value === null ? '–' : formatNumberIn(value, locale))
  const unit = target.unit ? ` ${target.unit}` : ''
  return `${number(target.from)} → ${number(target.to)}${unit}`
}
