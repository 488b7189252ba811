import type { GoalSummary } from '@shared/domain/goals'
import { isUuid, lastSegment, parseRef, sameId } from '@shared/ids'
import { filterByWords, looksLikeShortId } from '../../app/list-search'

/**
 * The goal picker's search box does two jobs: filter the list by words, and take a pasted link or id to a
 * goal. Pure, so both can be tested without a browser.
 */

/** Goals whose name or space contain every word typed, in any order; the id itself also matches. */
export const filterGoals = (goals: GoalSummary[], query: string): GoalSummary[] => filterByWords(goals, query)

/** The person's own goals (champion or reviewer) and the rest, each in the order given. */
export function groupGoals(goals: GoalSummary[]): { mine: GoalSummary[]; others: GoalSummary[] } {
  return { mine: goals.filter((g) => g.role !== null), others: goals.filter((g) => g.role === null) }
}

export type RefReading =
  | { kind: 'goal'; id: string }
  /** A link to something else in Operately (a project): say so instead of opening a wrong screen. */
  | { kind: 'other'; what: 'project' }
  | { kind: 'none' }

/**
 * What a pasted (or typed and confirmed) text points at. A web address to `/goals/<id>`, a UUID, an id of
 * a goal in the list, or anything ending in what is unmistakably a short id counts as a goal; a word that
 * merely could be an id ("roadmap") does not, so filtering by name keeps working.
 */
export function readGoalRef(text: string, goals: GoalSummary[]): RefReading {
  const ref = parseRef(text)
  if (!ref) return { kind: 'none' }
  if (ref.kind === 'project') return { kind: 'other', what: 'project' }
  if (ref.kind === 'goal') return { kind: 'goal', id: ref.id }
  const known = goals.find((goal) => sameId(goal.id, ref.id))
  if (known) return { kind: 'goal', id: known.id }
  if (isUuid(ref.id) || looksLikeShortId(lastSegment(ref.id))) return { kind: 'goal', id: ref.id }
  return { kind: 'none' }
}
