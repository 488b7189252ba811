// Working days and quiet hours, without zod: main (reminders, polling) and the popup's first screen (the
// reminder settings) apply the very same rules, and the first screen loads no schema library for them.

/** `HH:MM`, 24-hour. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

/** ISO order: the week starts on Monday. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
}

/** Local wall-clock times, `HH:MM`; `from` after `to` runs past midnight (22:00–07:00). */
export interface QuietHours {
  from: string
  to: string
}

export interface WorkingTime {
  /** At least one, in week order. */
  workingDays: readonly Weekday[]
  quietHours: QuietHours
}

export const defaultWorkingDays: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri']
export const defaultQuietHours: QuietHours = { from: '22:00', to: '07:00' }
export const defaultWorkingTime: WorkingTime = {
  workingDays: defaultWorkingDays,
  quietHours: defaultQuietHours,
}

export const WORKING_DAYS_EMPTY_PROBLEM = 'pick at least one working day'
export const QUIET_HOURS_EQUAL_PROBLEM =
  'quiet hours must start and end at different times (they cannot be switched off)'

/** `HH:MM` → milliseconds after local midnight. */
export const msOfTime = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return (hours * 60 + minutes) * 60_000
}

/** Whether a wall-clock moment (ms after local midnight) falls in the quiet hours; `to` is not quiet. */
export function isQuietAt(msOfDay: number, quiet: QuietHours): boolean {
  const from = msOfTime(quiet.from)
  const to = msOfTime(quiet.to)
  return from < to ? msOfDay >= from && msOfDay < to : msOfDay >= from || msOfDay < to
}

/** Null when quiet hours are two times that differ; else what is wrong, in words. */
export function quietHoursProblem(quiet: QuietHours): string | null {
  if (!TIME_PATTERN.test(quiet.from) || !TIME_PATTERN.test(quiet.to))
    return 'quiet hours must be times like 22:00'
  return quiet.from === quiet.to ? QUIET_HOURS_EQUAL_PROBLEM : null
}

/** Null when the days are known weekdays, at least one and none twice. */
export function workingDaysProblem(days: readonly string[]): string | null {
  if (days.length === 0) return WORKING_DAYS_EMPTY_PROBLEM
  if (new Set(days).size !== days.length) return 'name each working day once'
  return days.every((day) => (WEEKDAYS as readonly string[]).includes(day))
    ? null
    : 'working days are mon, tue, wed, thu, fri, sat and sun'
}

/** The days in week order (what the settings store and show). */
export const inWeekOrder = (days: readonly Weekday[]): Weekday[] =>
  WEEKDAYS.filter((day) => days.includes(day))
