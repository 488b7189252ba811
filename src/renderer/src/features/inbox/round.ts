import type { Route } from '../../app/navigation'

/**
 * The weekly round: the check-in forms of every due goal, one after another. The route carries the goals
 * still to visit after the open one (`round`), so moving on needs nothing but the route.
 */

/** The first goal's form, with the others queued; null when there is nothing to go through. */
export function startRound(goalIds: readonly string[]): Route | null {
  const [first, ...rest] = goalIds
  return first === undefined ? null : { section: 'check-ins', goalId: first, round: rest }
}

/** Where "Next goal" or "Skip" leads: the next queued goal's form, or back to the inbox after the last. */
export function nextInRound(round: readonly string[]): Route {
  const [next, ...rest] = round
  return next === undefined ? { section: 'inbox' } : { section: 'check-ins', goalId: next, round: rest }
}
