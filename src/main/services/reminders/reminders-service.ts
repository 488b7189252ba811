import type { AssignmentsView } from '@shared/domain/assignments'
import type { AssignmentsService } from '../assignments/assignments-service'
import type { Timers } from '../assignments/timers'
import type { Logger } from '../log/logger'
import { createReminderScheduler, type ReminderScheduler } from './reminder-scheduler'
import type { ReminderCandidate } from './reminder-rules'
import { createRemindersStore, type RemindersStore } from './reminders-store'

/** A saved list older than this, not confirmed by the server since, is too stale to remind about. */
export const defaultMaxListAgeMs = 12 * 3_600_000

/**
 * The goal check-ins a reminder may be about: every one the person owes, whatever its group (the
 * scheduler applies its own calendar). Null when the list is unknown, or is an old saved copy the
 * server has not confirmed: the person may have written those check-ins in the browser since.
 */
export function reminderCandidates(
  view: AssignmentsView | null,
  now: number,
  maxListAgeMs = defaultMaxListAgeMs,
): ReminderCandidate[] | null {
  if (!view) return null
  if (view.fromCache && !(now - Date.parse(view.fetchedAt) <= maxListAgeMs)) return null
  const { overdue, today, thisWeek, later } = view.goalCheckIns
  return [...overdue, ...today, ...thisWeek, ...later].map((item) => ({
    id: item.id,
    goalId: item.goalId,
    goalName: item.originName,
    dueDate: item.dueDate,
  }))
}

export interface RemindersOptions {
  dataDir: string
  log: Logger
  assignments: Pick<AssignmentsService, 'current' | 'subscribe'>
  store?: RemindersStore
  now?: () => number
  timeZone?: () => string
  timers?: Timers
  defaultEnabled?: boolean
  maxListAgeMs?: number
  /** Told after the working days or quiet hours changed (the inbox's polling follows them). */
  onWorkingTimeChange?: () => void
}

/** The reminder scheduler fed by the assignments service: it looks again whenever the lists change. */
export function createReminders(options: RemindersOptions): ReminderScheduler {
  const now = options.now ?? Date.now
  const scheduler = createReminderScheduler({
    store: options.store ?? createRemindersStore(options.dataDir, options.log),
    items: () => reminderCandidates(options.assignments.current(), now(), options.maxListAgeMs),
    log: options.log,
    now,
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    ...(options.timers ? { timers: options.timers } : {}),
    ...(options.defaultEnabled !== undefined ? { defaultEnabled: options.defaultEnabled } : {}),
    ...(options.onWorkingTimeChange ? { onWorkingTimeChange: options.onWorkingTimeChange } : {}),
  })
  options.assignments.subscribe(() => scheduler.check())
  return scheduler
}
