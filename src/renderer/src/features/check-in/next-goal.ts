import type { GoalSummary } from '@shared/domain/goals'
import { sameId } from '@shared/ids'

/**
 * Goal check-ins are monthly, due on the 1st (operately-api.md §7): a goal needs one this period when its
 * last check-in is older than the 1st of the current month (UTC, as the server counts), or there is none.
 */
export function needsCheckIn(goal: GoalSummary, now: Date): boolean {
  if (!goal.lastCheckInAt) return true
  const last = Date.parse(goal.lastCheckInAt)
  if (Number.isNaN(last)) return true
  const periodStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)
  return last < periodStart
}

/**
 * The goal to continue the round with after checking in on `currentId`: the next of the person's own open
 * goals (in list order, after the current one, wrapping around) that can be edited and still has no
 * check-in this period. `done` holds goals checked in during this session, which a list read before the
 * check-in still shows as owed. Null when there is none left.
 */
export function nextGoalToCheckIn(
  goals: GoalSummary[],
  currentId: string,
  now: Date,
  done: readonly string[] = [],
): GoalSummary | null {
  const isDone = (goal: GoalSummary) => sameId(goal.id, currentId) || done.some((id) => sameId(goal.id, id))
  const candidates = (goal: GoalSummary) =>
    goal.role !== null && !goal.isClosed && goal.canEdit !== false && !isDone(goal) && needsCheckIn(goal, now)
  const at = goals.findIndex((goal) => sameId(goal.id, currentId))
  const ordered = at < 0 ? goals : [...goals.slice(at + 1), ...goals.slice(0, at)]
  return ordered.find(candidates) ?? null
}
