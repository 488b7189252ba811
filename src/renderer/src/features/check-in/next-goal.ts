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

/** Whether `goal` is one to continue with: the person's, open, editable, not done, owed a check-in. */
const continuesWith =
  (currentId: string, now: Date, done: readonly string[]) =>
  (goal: GoalSummary): boolean =>
    goal.role !== null &&
    !goal.isClosed &&
    goal.canEdit !== false &&
    !sameId(goal.id, currentId) &&
    !done.some((id) => sameId(goal.id, id)) &&
    needsCheckIn(goal, now)

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
  const at = goals.findIndex((goal) => sameId(goal.id, currentId))
  const ordered = at < 0 ? goals : [...goals.slice(at + 1), ...goals.slice(0, at)]
  return ordered.find(continuesWith(currentId, now, done)) ?? null
}

/**
 * The same from the first screen of a long list only, while the rest is on its way (issue 23): the first
 * screen settles the next goal only when it holds the current one and an owed goal after it. Otherwise
 * (none after it there, or the current one beyond it) only the whole list can tell, and this says null.
 */
export function nextGoalInFirstScreen(
  firstScreen: GoalSummary[],
  currentId: string,
  now: Date,
  done: readonly string[] = [],
): GoalSummary | null {
  const at = firstScreen.findIndex((goal) => sameId(goal.id, currentId))
  if (at < 0) return null
  return firstScreen.slice(at + 1).find(continuesWith(currentId, now, done)) ?? null
}
