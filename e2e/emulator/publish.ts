import { isoTimestamp, nextMonthlyCheckIn } from './dates'
import type { CheckIn, EmulatorState, Goal } from './types'

/**
 * A check-in becoming published: at once when it is posted, or at its time when it was scheduled (in
 * Operately a background job publishes it; here it happens before the first request answered after
 * the emulator's clock passes that time, which no client can tell apart). What it recorded (targets,
 * checklist, timeframe) then becomes the goal's, and everyone to be told gets a notification.
 */
export function publishCheckIn(state: EmulatorState, goal: Goal, record: CheckIn, now: Date): void {
  const at = isoTimestamp(now)
  record.state = 'published'
  record.publishedAt = at
  goal.timeframe = record.timeframe
  goal.targets = goal.targets.map((tg) => ({
    ...tg,
    value: record.targets.find((r) => r.id === tg.id)?.value ?? tg.value,
  }))
  goal.checks = goal.checks.map((c) => {
    const recorded = record.checklist.find((r) => r.id === c.id)
    if (!recorded || (recorded.completed === c.completed && recorded.index === c.index)) return c
    const completedAt = recorded.completed ? (c.completed ? c.completedAt : at) : null
    return { ...c, completed: recorded.completed, index: recorded.index, completedAt, updatedAt: at }
  })
  goal.lastCheckInId = record.id
  goal.updatedAt = at
  goal.nextUpdateScheduledAt = isoTimestamp(nextMonthlyCheckIn(new Date(goal.nextUpdateScheduledAt), now))
  notify(state, goal, record)
}

/** Publishes every scheduled check-in whose time has come, oldest time first. */
export function publishDueCheckIns(state: EmulatorState, now: Date): void {
  const due = state.checkIns
    .filter(
      (c) => c.state === 'scheduled' && c.scheduledAt !== null && Date.parse(c.scheduledAt) <= now.getTime(),
    )
    .sort((a, b) => a.scheduledAt!.localeCompare(b.scheduledAt!))
  for (const record of due) {
    const goal = state.goals.find((g) => g.id === record.goalId)
    if (goal) publishCheckIn(state, goal, record, new Date(record.scheduledAt!))
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
