/**
 * Operately's rule for the weekly project check-in (`Operately.Time.calculate_next_weekly_check_in`,
 * app/lib/operately/time.ex, 1.8.0): a check-in on its due day, a day before it, or late moves the next
 * one to the following Friday; one written more than a day before its due day leaves the project due as
 * it was, so it does not count for that week. Days are the server's calendar days (UTC).
 */

const utcDay = (at: Date): number => Math.floor(at.getTime() / 86_400_000)

export interface WeeklyTiming {
  /** The due day as the server has it (`YYYY-MM-DD`, UTC). */
  dueDay: string
  /** Whether a check-in published now counts for that week. */
  counts: boolean
}

/** How a check-in published at `now` stands against the project's next due date; null when none is known. */
export function weeklyTiming(nextCheckInDue: string | null, now: Date): WeeklyTiming | null {
  if (!nextCheckInDue) return null
  // Operately's times are UTC: a plain date is that day, and a time without a zone (a naive datetime)
  // is UTC too, never this computer's local time (which would move the due day in zones east of UTC).
  const due = new Date(
    /^\d{4}-\d{2}-\d{2}$/.test(nextCheckInDue)
      ? `${nextCheckInDue}T00:00:00Z`
      : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(nextCheckInDue)
        ? `${nextCheckInDue}Z`
        : nextCheckInDue,
  )
  if (Number.isNaN(due.getTime())) return null
  return { dueDay: due.toISOString().slice(0, 10), counts: utcDay(due) - utcDay(now) <= 1 }
}

/** "Friday, Dec 11" in the person's language: the due day is a calendar day, named as such. */
export function dueDayLabel(dueDay: string, locale?: string): string {
  return new Date(`${dueDay}T12:00:00Z`).toLocaleDateString(locale, {
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })
}

/** What the form says about the week before anything is sent; null when the due date is not known. */
export function weeklyTimingWords(nextCheckInDue: string | null, now: Date, locale?: string): string | null {
  const timing = weeklyTiming(nextCheckInDue, now)
  if (!timing) return null
  const day = dueDayLabel(timing.dueDay, locale)
  const past = timing.dueDay < now.toISOString().slice(0, 10)
  if (past) return `This check-in was due ${day}: Operately counts it as soon as it is posted.`
  return timing.counts
    ? `This week’s check-in is due ${day}.`
    : `This week’s check-in is due ${day}. Operately counts a check-in for its week only from the day before it is due: one posted now is kept, but the project stays due ${day}, and the inbox keeps listing it.`
}
