import { isoTimestamp, nextMonthlyCheckIn, nextWeeklyCheckIn } from './dates'
import type { CheckIn, CheckInRecord, EmulatorState, Goal, Project, ProjectCheckIn } from './types'

/**
 * A check-in becoming published, at once when it is posted or at its time when it was scheduled; and
 * the other side effects every kind of check-in shares (who is notified, acknowledgements).
 *
 * Posted at once (`app/lib/operately/operations/goal_check_in.ex`, 1.5.0–1.8.0), the handler also applies
 * the target values, checklist and due date it carries (create-check-in.ts) before calling `markPublished`.
 * Published by the clock (`app/lib/operately/async_publishing/scheduled_post_publishing.ex`, 1.8.0, the
 * Oban jobs `goal_update` and `project_check_in`), it changes only its own state: `state` published,
 * `scheduled_at` cleared, `published_at` set by the state machine's on_enter (`app/lib/operately/goals/
 * update.ex`, `app/lib/operately/projects/check_in.ex`); the goal gets its next due date (monthly),
 * `last_check_in_id` and status, the project its next weekly due date (`next_check_in_scheduled_at`,
 * computed from the publication time as `app/lib/operately/operations/project_check_in.ex` does from the
 * posting time), and the activity notifies people. A goal check-in's target values, checklist and due date
 * are never applied to the goal. Here the job runs before the first request answered after the emulator's
 * clock passes its time, which no client can tell apart.
 */

/** The state machine's move to published (on_enter sets `published_at`). */
function enterPublished(record: CheckInRecord, at: string): void {
  record.state = 'published'
  record.publishedAt = at
  record.scheduledAt = null
  record.updatedAt = at
}

export function markPublished(state: EmulatorState, goal: Goal, record: CheckIn, now: Date): void {
  const at = isoTimestamp(now)
  enterPublished(record, at)
  goal.lastCheckInId = record.id
  goal.updatedAt = at
  goal.nextUpdateScheduledAt = isoTimestamp(nextMonthlyCheckIn(new Date(goal.nextUpdateScheduledAt), now))
  notify(state, record, [goal.championId, goal.reviewerId])
}

/**
 * A project check-in published: the project's next weekly check-in moves to the following Friday, unless
 * it was written more than a day early (`Operately.Time.calculate_next_weekly_check_in`).
 */
export function markProjectCheckInPublished(
  state: EmulatorState,
  project: Project,
  record: ProjectCheckIn,
  now: Date,
): void {
  const at = isoTimestamp(now)
  enterPublished(record, at)
  project.updatedAt = at
  project.nextCheckInScheduledAt = isoTimestamp(
    nextWeeklyCheckIn(new Date(project.nextCheckInScheduledAt), now),
  )
  notify(state, record, [project.championId, project.reviewerId, ...project.contributorIds])
}

/** Publishes every scheduled check-in, goal or project, whose time has come, oldest time first: state only. */
export function publishDueCheckIns(state: EmulatorState, now: Date): void {
  const isDue = (c: CheckInRecord): boolean =>
    c.state === 'scheduled' && c.scheduledAt !== null && Date.parse(c.scheduledAt) <= now.getTime()
  const jobs: { at: string; run: () => void }[] = []
  for (const record of state.checkIns.filter(isDue)) {
    const goal = state.goals.find((g) => g.id === record.goalId)
    const at = record.scheduledAt!
    if (goal) jobs.push({ at, run: () => markPublished(state, goal, record, new Date(at)) })
  }
  for (const record of state.projectCheckIns.filter(isDue)) {
    const project = state.projects.find((p) => p.id === record.projectId)
    const at = record.scheduledAt!
    if (project)
      jobs.push({ at, run: () => markProjectCheckInPublished(state, project, record, new Date(at)) })
  }
  jobs.sort((a, b) => a.at.localeCompare(b.at)).forEach((job) => job.run())
}

/**
 * An acknowledgement: the check-in records who and when; its author is notified; the count the tests read
 * (`state.acknowledgements`) goes up (`app/lib/operately/operations/goal_update_acknowledging.ex`,
 * `project_check_in_acknowledgement.ex`).
 */
export function markAcknowledged(
  state: EmulatorState,
  record: CheckInRecord,
  personId: string,
  now: Date,
): void {
  const at = isoTimestamp(now)
  record.acknowledgedAt = at
  record.acknowledgedById = personId
  record.updatedAt = at
  state.acknowledgements[record.id] = (state.acknowledgements[record.id] ?? 0) + 1
  if (record.authorId !== personId) {
    state.unreadNotifications[record.authorId] = (state.unreadNotifications[record.authorId] ?? 0) + 1
  }
}

/**
 * Everyone notified gets one more unread notification: the subscribers and, when "everyone" was asked
 * for, the goal's champion and reviewer or the project's contributors (champion and reviewer included).
 */
function notify(state: EmulatorState, record: CheckInRecord, everyone: (string | null)[]): void {
  const recipients = new Set(record.subscriberIds)
  if (record.sendToEveryone) for (const id of everyone) if (id) recipients.add(id)
  recipients.delete(record.authorId)
  for (const id of recipients) {
    state.unreadNotifications[id] = (state.unreadNotifications[id] ?? 0) + 1
  }
}
