/**
 * A moment as a person reads it, in their own time zone and clock format: "10:42" today, with the day in
 * front for an earlier day ("Mar 9, 10:42") and the year for an earlier year. Null for a time that cannot
 * be read. Shared so main's sentences (a refusal naming when something was queued) and the screens say a
 * time the same way, never as the UTC an ISO string holds.
 */
export function timeLabel(iso: string, now: Date = new Date(), locale?: string): string | null {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return null
  const time = at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })
  const sameDay =
    at.getFullYear() === now.getFullYear() &&
    at.getMonth() === now.getMonth() &&
    at.getDate() === now.getDate()
  if (sameDay) return time
  const day = at.toLocaleDateString(locale, {
    month: 'short',
    day: 'numeric',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  })
  return `${day}, ${time}`
}

/**
 * When something is to happen, as a person reads it in their own time zone and clock format, always with
 * the weekday and date ("Mon, Dec 7, 09:00"; the year too when it is not this year's). Null for a time
 * that cannot be read.
 */
export function scheduleLabel(iso: string, now: Date = new Date(), locale?: string): string | null {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return null
  const day = at.toLocaleDateString(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  })
  return `${day}, ${at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })}`
}
