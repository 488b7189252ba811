import { MONTH_NAMES } from '@shared/domain/month-names'
import type { Freshness } from '@shared/domain/freshness'

/**
 * How fresh what a screen shows is, in the same words on every screen (inbox, goals, a goal's form,
 * projects, a description): pure, so every rule is tested without a DOM.
 */

const pad = (n: number) => String(n).padStart(2, '0')

/** "09:05": 24-hour local wall-clock time, the same notation as the reminder time. */
export const clockTime = (date: Date): string => `${pad(date.getHours())}:${pad(date.getMinutes())}`

const sameLocalDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()

/**
 * A moment as a person reads it next to "last synced" or "since": "10:42" today, "yesterday 10:42",
 * "Nov 24, 10:42", "Dec 30, 2025, 10:42".
 */
export function syncedAtText(at: string, now: Date): string {
  const date = new Date(at)
  if (Number.isNaN(date.getTime())) return 'at an unknown time'
  if (sameLocalDay(date, now)) return clockTime(date)
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1)
  if (sameLocalDay(date, yesterday)) return `yesterday ${clockTime(date)}`
  const month = MONTH_NAMES[date.getMonth()]!.slice(0, 3)
  const year = date.getFullYear() === now.getFullYear() ? '' : `, ${date.getFullYear()}`
  return `${month} ${date.getDate()}${year}, ${clockTime(date)}`
}

export interface FreshnessLine {
  /** "Updated 10:42", "Offline · last synced 10:42", "Could not update · last synced 10:42". */
  text: string
  /** What is shown may be out of date: the latest attempt to reach the server did not succeed. */
  stale: boolean
  /** Why, in the server's or main's words, when "offline" would not say it (a revoked token, a 500). */
  detail: string | null
}

/** The freshness line of a screen, from what main said about the read behind it. */
export function freshness(read: Freshness, now: Date): FreshnessLine {
  const synced = syncedAtText(read.fetchedAt, now)
  const error = read.lastError
  if (!read.fromCache && !error) return { text: `Updated ${synced}`, stale: false, detail: null }
  // No answer yet since the app started, or the network is down: both mean "what you see is from then".
  if (!error || error.kind === 'offline' || error.kind === 'timeout') {
    return { text: `Offline · last synced ${synced}`, stale: true, detail: null }
  }
  return { text: `Could not update · last synced ${synced}`, stale: true, detail: error.message }
}
