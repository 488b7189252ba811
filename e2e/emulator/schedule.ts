import { addDays, daysBetween, isoDate } from './dates'
import type { CheckInRecord, Goal, Project } from './types'

/**
 * Operately's check-in schedule rules for goals (operately-api.md §7): monthly, due on the 1st at UTC
 * midnight; owed by the champion from the due day; outdated 3 days after it.
 */

export const OUTDATED_AFTER_DAYS = 3

export function isGoalOutdated(goal: Goal, now: Date): boolean {
  if (goal.closedAt || goal.archivedAt) return false
  return now.getTime() > addDays(new Date(goal.nextUpdateScheduledAt), OUTDATED_AFTER_DAYS).getTime()
}

/** The champion owes a check-in: due date reached, goal open and already started. */
export function goalCheckInOwed(goal: Goal, now: Date): boolean {
  if (goal.closedAt || goal.archivedAt) return false
  if (new Date(goal.nextUpdateScheduledAt).getTime() > now.getTime()) return false
  const start = goal.timeframe?.contextual_start_date?.date
  return !start || start <= isoDate(now)
}

/** Goals count while neither closed nor archived; projects while active (not paused or closed) and not archived. */
function isOpen(parent: Goal | Project): boolean {
  if (parent.archivedAt) return false
  return 'state' in parent ? parent.state === 'active' : !parent.closedAt
}

/**
 * A published, unacknowledged check-in by someone else that this person, as the goal's or project's
 * reviewer or champion, must acknowledge (`app/lib/operately/assignments/loader.ex`, and `loader_v2.ex`
 * on 1.5.0: reviewer and author differ, or champion and author differ).
 */
export function awaitsAcknowledgement(
  checkIn: CheckInRecord,
  parent: Goal | Project,
  personId: string,
): boolean {
  if (!isOpen(parent)) return false
  if (checkIn.state !== 'published' || checkIn.acknowledgedAt) return false
  const asReviewer = parent.reviewerId === personId && checkIn.authorId !== personId
  const asChampion = parent.championId === personId && checkIn.authorId !== personId
  return asReviewer || asChampion
}

/**
 * The champion owes the project's weekly check-in: due date reached, project active, not archived, and
 * already started (`pending_project_check_ins_query` in `app/lib/operately/assignments/loader.ex`).
 */
export function projectCheckInOwed(project: Project, now: Date): boolean {
  if (!isOpen(project)) return false
  if (new Date(project.nextCheckInScheduledAt).getTime() > now.getTime()) return false
  const start = project.timeframe?.contextual_start_date?.date
  return !start || start <= isoDate(now)
}

export type DueStatus = 'overdue' | 'due_today' | 'due_soon' | 'upcoming' | 'none'

/** Operately's due status of an assignment: "Overdue by 3 days", "Due today", "Due tomorrow", … */
export function dueStatus(due: Date | null, now: Date): { status: DueStatus; label: string } {
  if (!due) return { status: 'none', label: 'No due date' }
  const diff = daysBetween(now, due)
  if (diff < 0) {
    const days = -diff
    return { status: 'overdue', label: days === 1 ? 'Overdue by 1 day' : `Overdue by ${days} days` }
  }
  if (diff === 0) return { status: 'due_today', label: 'Due today' }
  if (diff === 1) return { status: 'due_soon', label: 'Due tomorrow' }
  return { status: 'upcoming', label: `Due in ${diff} days` }
}

/** Average progress of the goal's targets from `from` to `to`, clamped to 0–100. */
export function progressPercentage(goal: Goal): number {
  if (goal.targets.length === 0) return 0
  const parts = goal.targets.map((t) => {
    if (t.to === t.from) return t.value === t.to ? 100 : 0
    const p = ((t.value - t.from) / (t.to - t.from)) * 100
    return Math.min(100, Math.max(0, p))
  })
  return parts.reduce((a, b) => a + b, 0) / parts.length
}

export function goalStatus(goal: Goal, lastCheckIn: CheckInRecord | null, now: Date): string {
  if (goal.closedAt) return goal.success ? 'achieved' : 'missed'
  if (!lastCheckIn) return 'pending'
  if (isGoalOutdated(goal, now)) return 'outdated'
  return lastCheckIn.status
}
