import {
  WEEKDAYS,
  defaultWorkingTime,
  inWeekOrder,
  isQuietAt,
  msOfTime,
  quietHoursProblem,
  workingDaysProblem,
  type QuietHours,
  type Weekday,
  type WorkingTime,
} from '@shared/domain/working-time'
import { addDays, dayNumber, isoWeekday, localMoment } from '../assignments/calendar'

/**
 * When the person works, on their own wall clock: reminders go out and the inbox is polled only on a
 * working day outside the quiet hours. Pure, with the time zone passed in, so every rule here is tested
 * for any zone (and across DST changes) without touching the process's TZ.
 */

const DAY_MS = 86_400_000

/**
 * The working time a stored record stands for: what is missing (a file from before these settings) or
 * breaks a rule (hand-edited: no day, equal quiet hours) is the default, so the app never stops working.
 */
export function workingTimeOf(
  stored: { workingDays?: readonly string[] | undefined; quietHours?: QuietHours | undefined } | null,
): WorkingTime {
  const days = stored?.workingDays
  const quiet = stored?.quietHours
  return {
    workingDays:
      // workingDaysProblem lets only known weekdays through.
      days && workingDaysProblem(days) === null
        ? inWeekOrder(days as readonly Weekday[])
        : defaultWorkingTime.workingDays,
    quietHours: quiet && quietHoursProblem(quiet) === null ? quiet : defaultWorkingTime.quietHours,
  }
}

export const isWorkingDay = (date: string, working: WorkingTime): boolean =>
  working.workingDays.includes(WEEKDAYS[isoWeekday(date)]!)

/** A working day, outside the quiet hours, at `instant` in `timeZone`. */
export function isWorkingAt(instant: number, timeZone: string, working: WorkingTime): boolean {
  const { date, msOfDay } = localMoment(instant, timeZone)
  return isWorkingDay(date, working) && !isQuietAt(msOfDay, working.quietHours)
}

/**
 * The instant the wall clock of `timeZone` shows `msOfDay` on `date`. A time the clocks skip (spring
 * forward) comes out an hour off either way; callers check what they get with isWorkingAt.
 */
export function instantOfWallTime(date: string, msOfDay: number, timeZone: string): number {
  const wanted = dayNumber(date) * DAY_MS + msOfDay
  let guess = wanted
  for (let i = 0; i < 3; i++) {
    const seen = localMoment(guess, timeZone)
    const diff = dayNumber(seen.date) * DAY_MS + seen.msOfDay - wanted
    if (diff === 0) break
    guess -= diff
  }
  return guess
}

/**
 * 0 while it is working time; else how long until it next is: the end of the quiet hours or the start of
 * the next working day, whichever comes first, on the wall clock (an hour more or less across a DST
 * change). Working time always comes within a week: there is at least one working day, and quiet hours
 * never fill a whole day.
 */
export function msUntilWorkingTime(instant: number, timeZone: string, working: WorkingTime): number {
  if (isWorkingAt(instant, timeZone, working)) return 0
  const today = localMoment(instant, timeZone).date
  const quietEnd = msOfTime(working.quietHours.to)
  let best = Number.POSITIVE_INFINITY
  for (let day = 0; day <= 8 && best === Number.POSITIVE_INFINITY; day++) {
    const date = addDays(today, day)
    if (!isWorkingDay(date, working)) continue
    for (const msOfDay of [0, quietEnd]) {
      const candidate = instantOfWallTime(date, msOfDay, timeZone)
      if (candidate > instant && candidate < best && isWorkingAt(candidate, timeZone, working))
        best = candidate
    }
  }
  return best === Number.POSITIVE_INFINITY ? DAY_MS : best - instant
}
