// The reminder-time rule, without zod: main's schema (assignments.ts) and the popup's first screen (the
// reminder field) apply the very same rule, and the first screen loads no schema library for it.

import { TIME_PATTERN, defaultQuietHours, isQuietAt, msOfTime, type QuietHours } from './working-time'

/** `HH:MM`, 24-hour. */
export const REMINDER_TIME_PATTERN = TIME_PATTERN
export const REMINDER_TIME_FORMAT_PROBLEM = 'must be a time like 09:00'
export const reminderTimeQuietProblem = (quiet: QuietHours) =>
  `pick a time outside your quiet hours (${quiet.from}–${quiet.to}), when the app sends no reminders`

/**
 * A reminder time must fall outside the quiet hours (by default 22:00–07:00, so 07:00 to 21:59): a time
 * the app could never keep is refused rather than silently moved.
 */
export function reminderTimeRuleProblem(time: string, quiet: QuietHours = defaultQuietHours): string | null {
  if (!REMINDER_TIME_PATTERN.test(time)) return REMINDER_TIME_FORMAT_PROBLEM
  return isQuietAt(msOfTime(time), quiet) ? reminderTimeQuietProblem(quiet) : null
}
