// The reminder-time rule, without zod: main's schema (assignments.ts) and the popup's first screen (the
// reminder field) apply the very same rule, and the first screen loads no schema library for it.

/** `HH:MM`, 24-hour. */
export const REMINDER_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/
export const REMINDER_TIME_FORMAT_PROBLEM = 'must be a time like 09:00'
export const REMINDER_TIME_NIGHT_PROBLEM =
  'pick a time between 07:00 and 21:59 (the app never sends reminders at night)'

/** Reminders may be set between 07:00 and 21:59: the app never notifies at night (22:00–07:00). */
export function reminderTimeRuleProblem(time: string): string | null {
  if (!REMINDER_TIME_PATTERN.test(time)) return REMINDER_TIME_FORMAT_PROBLEM
  return time >= '07:00' && time <= '21:59' ? null : REMINDER_TIME_NIGHT_PROBLEM
}
