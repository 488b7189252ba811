import { isQuietAt, msOfTime, type QuietHours } from '@shared/domain/working-time'
import { daysBetween } from '../assignments/calendar'
import type { Notified } from './reminders-store'

/**
 * When a check-in reminder may go out, and what it says. Pure: the scheduler supplies the clock.
 *
 * A goal check-in you owe gets a "due today" reminder on its due day, at the time you chose, and one
 * "overdue" reminder on a later day if it is still owed; never two reminders for one item on one day.
 * None goes out on a day off or in the quiet hours (working-hours.ts decides, the scheduler asks): a
 * first reminder held back by them goes out once, as soon as they are over on a working day; the
 * second, "overdue" one waits for the chosen time.
 */

/** A goal check-in the person owes, as the reminders need it. */
export interface ReminderCandidate {
  id: string
  goalId: string | null
  goalName: string
  dueDate: string | null
}

export type ReminderKind = 'due' | 'overdue'

export interface DueReminder {
  key: string
  kind: ReminderKind
  item: ReminderCandidate
}

/** What the shell shows; clicking it opens the check-in form of `goalId` (or the inbox when null). */
export interface Reminder {
  title: string
  body: string
  goalId: string | null
}

/** More reminders than this at once become one summary, so the 1st of the month is not a flood. */
export const MAX_SEPARATE_REMINDERS = 3

export const reminderKey = (item: { id: string; dueDate: string | null }) => `${item.id}@${item.dueDate}`

/**
 * `HH:MM` → milliseconds after local midnight. A time inside the quiet hours (only a hand-edited file
 * has one: the settings refuse it) stands for the end of them.
 */
export function reminderTimeMs(time: string, quiet: QuietHours): number {
  const ms = msOfTime(time)
  return isQuietAt(ms, quiet) ? msOfTime(quiet.to) : ms
}

/**
 * The reminders owed at this moment of `today` (a working day, outside the quiet hours: the caller
 * checks) for these items, given what was already sent. "Due today" waits for the chosen time; an item
 * whose due day passed with no reminder at all (a day off, the quiet hours, the computer asleep) is
 * reminded of at once, as overdue; an item already reminded of is reminded once more, as overdue, at the
 * chosen time of a later day.
 */
export function dueReminders(
  items: readonly ReminderCandidate[],
  notified: Readonly<Record<string, Notified>>,
  today: string,
  msOfDay: number,
  timeMs: number,
): DueReminder[] {
  const timeCame = msOfDay >= timeMs
  const out: DueReminder[] = []
  const seen = new Set<string>()
  for (const item of items) {
    if (!item.dueDate || item.dueDate > today) continue
    const key = reminderKey(item)
    if (seen.has(key)) continue
    seen.add(key)
    const sent = notified[key]
    if (sent && (sent.dueOn === today || sent.overdueOn === today)) continue
    if (item.dueDate === today) {
      if (!sent?.dueOn && timeCame) out.push({ key, kind: 'due', item })
    } else if (!sent?.overdueOn && (timeCame || !sent?.dueOn)) {
      out.push({ key, kind: 'overdue', item })
    }
  }
  return out.sort(
    (a, b) => (a.item.dueDate ?? '').localeCompare(b.item.dueDate ?? '') || a.key.localeCompare(b.key),
  )
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const dayLabel = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`

export function reminderFor(due: DueReminder, today: string): Reminder {
  const name = due.item.goalName || 'one of your goals'
  if (due.kind === 'due') {
    return {
      title: 'Goal check-in due today',
      body: `Time to write this month's check-in for “${name}”.`,
      goalId: due.item.goalId,
    }
  }
  const late = due.item.dueDate ? daysBetween(due.item.dueDate, today) : 0
  return {
    title: 'Goal check-in overdue',
    body: `The check-in for “${name}” was due ${due.item.dueDate ? dayLabel(due.item.dueDate) : 'earlier'}${
      late > 1 ? ` (${late} days ago)` : ''
    }. Write it now?`,
    goalId: due.item.goalId,
  }
}

/** One reminder per item, or a single summary when there are many (it opens the inbox). */
export function remindersFor(due: readonly DueReminder[], today: string): Reminder[] {
  if (due.length <= MAX_SEPARATE_REMINDERS) return due.map((d) => reminderFor(d, today))
  const names = due.map((d) => `“${d.item.goalName}”`)
  return [
    {
      title: `${due.length} goal check-ins are due`,
      body: `${names.slice(0, 2).join(', ')} and ${due.length - 2} more. Open Operately Tray to write them one after another.`,
      goalId: null,
    },
  ]
}
