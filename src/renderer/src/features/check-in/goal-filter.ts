import type { GoalSummary } from '@shared/domain/goals'
import { isUuid, lastSegment, parseRef, sameId } from '@shared/ids'

/**
 * The goal picker's search box does two jobs: filter the list by words, and take a pasted link or id to a
 * goal. Pure, so both can be tested without a browser.
 */

const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

// What each row is searched by, folded once per row object (a list read again brings new objects): each
// key typed into a long list then costs a substring test per row, not a Unicode normalization.
const folded = new WeakMap<GoalSummary, string>()
const haystackOf = (goal: GoalSummary): string => {
  let text = folded.get(goal)
  if (text === undefined) {
    text = fold(`${goal.name} ${goal.spaceName ?? ''}`)
    folded.set(goal, text)
  }
  return text
}

/** Goals whose name or space contain every word typed, in any order; the id itself also matches. */
export function filterGoals(goals: GoalSummary[], query: string): GoalSummary[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return goals
  const ref = parseRef(query)
  return goals.filter((goal) => {
    if (ref && sameId(goal.id, ref.id)) return true
    const haystack = haystackOf(goal)
    return words.every((word) => haystack.includes(word))
  })
}

/** The person's own goals (champion or reviewer) and the rest, each in the order given. */
export function groupGoals(goals: GoalSummary[]): { mine: GoalSummary[]; others: GoalSummary[] } {
  return { mine: goals.filter((g) => g.role !== null), others: goals.filter((g) => g.role === null) }
}

export type RefReading =
  | { kind: 'goal'; id: string }
  /** A link to something else in Operately (a project): say so instead of opening a wrong screen. */
  | { kind: 'other'; what: 'project' }
  | { kind: 'none' }

// Operately's short ids of UUIDs are 21 or 22 characters; a word that long with digits or mixed case is
// almost surely an id, not something typed to filter by.
const looksLikeShortId = (segment: string): boolean =>
  /^[A-Za-z0-9]{16,22}$/.test(segment) &&
  (/\d/.test(segment) || (/[a-z]/.test(segment) && /[A-Z]/.test(segment)))

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
