import { isoTimestamp, nextMonthlyCheckIn } from './dates'
import type { CheckIn, EmulatorState, Goal } from './types'

/**
 * A check-in becoming published, at once when it is posted or at its time when it was scheduled.
 *
 * Posted at once (`app/lib/operately/operations/goal_check_in.ex`, 1.5.0–1.8.0), the handler also applies
 * the target values, checklist and due date it carries (create-check-in.ts) before calling `markPublished`.
 * Published by the clock (`app/lib/operately/async_publishing/scheduled_post_publishing.ex`, 1.8.0, the
 * Oban job `goal_update`), it changes only its own state: `state` published, `scheduled_at` cleared,
 * `published_at` set by the state machine's on_enter (`app/lib/operately/goals/update.ex`); the goal
 * gets its next due date, `last_check_in_id` and status, and the `goal_check_in` activity notifies people.
 * Its target values, checklist and due date are never applied to the goal. Here the job runs before the
 * first request answered after the emulator's clock passes its time, which no client can tell apart.
 */
export function markPublished(state: EmulatorState, goal: Goal, record: CheckIn, now: Date): void {
  const at = isoTimestamp(now)
  record.state = 'published'
  record.publishedAt = at
  record.scheduledAt = null
  record.updatedAt = at
  goal.lastCheckInId = record.id
  goal.updatedAt = at
  goal.nextUpdateScheduledAt = isoTimestamp(nextMonthlyCheckIn(new Date(goal.nextUpdateScheduledAt), now))
  notify(state, goal, record)
}

/** Publishes every scheduled check-in whose time has come, oldest time first: state only. */
export function publishDueCheckIns(state: EmulatorState, now: Date): void {
  const due = state.checkIns
    .filter(
      (c) => c.state === 'scheduled' && c.scheduledAt !== null && Date.parse(c.scheduledAt) <= now.getTime(),
    )
    .sort((a, b) => a.scheduledAt!.localeCompare(b.scheduledAt!))
  for (const record of due) {
    const goal = state.goals.find((g) => g.id === record.goalId)
    if (goal) markPublished(state, goal, record, new Date(record.scheduledAt!))
  }
}

/** Everyone notified gets one more unread notification. */
function notify(state: EmulatorState, goal: Goal, record: CheckIn): void {
  const recipients = new Set(record.subscriberIds)
  if (record.sendToEveryone) {
    if (goal.championId) recipients.add(goal.championId)
    if (goal.reviewerId) recipients.add(goal.reviewerId)
  }
  recipients.delete(record.authorId)
  for (const id of recipients) {
    state.unreadNotifications[id] = (state.unreadNotifications[id] ?? 0) + 1
  }
}
