import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { AssignmentsView } from '@shared/domain/assignments'
import type { CheckInStatus } from '@shared/domain/check-ins'
import type { GoalDetail } from '@shared/domain/goals'
import { comparableId } from '@shared/ids'
import { useNavigation, type Route } from '../../app/navigation'
import { useAssignments } from '../../bridge/assignments'
import { goalQueryKey } from '../../bridge/goals'
import { statusDisplay } from '../check-in/goal-display'
import { itemName, roundGoalIds } from './inbox-display'

/**
 * The weekly round: the check-in forms of every due goal, one after another. The route carries the goals
 * still to visit after the open one (`round`) and what became of those visited (`roundLog`), so moving on
 * needs nothing but the route. After the last goal the inbox opens with a summary of the round.
 */

/** What became of one goal of the round. */
export interface RoundStep {
  goalId: string
  goalName: string
  /**
   * Sent to Operately, queued on this computer to be sent when it can be reached, skipped (still due), or
   * passed over because it was no longer due when its turn came (checked in elsewhere meanwhile).
   */
  outcome: 'sent' | 'queued' | 'skipped' | 'not_due'
  /** The status the check-in said; null when skipped or passed over. */
  status: CheckInStatus | null
}

/** The end of a round, shown above the inbox. */
export interface RoundSummary {
  steps: RoundStep[]
  /** Goals never opened because the round was ended early; they stay due. */
  notVisited: number
}

/**
 * The first goal's form, with the others queued and every goal's name as the inbox lists it now; null when
 * there is nothing to go through.
 */
export function startRound(goalIds: readonly string[], names: Record<string, string> = {}): Route | null {
  const [first, ...rest] = goalIds
  if (first === undefined) return null
  return { section: 'check-ins', goalId: first, round: rest, roundLog: [], roundNames: { ...names } }
}

/** What is due now, as far as the popup knows: a goal it cannot tell about counts as due. */
export interface DueGoals {
  isDue(goalId: string): boolean
  nameOf(goalId: string): string | null
}

const everythingDue: DueGoals = { isDue: () => true, nameOf: () => null }

/**
 * Where the round goes once one goal is done with: the next queued goal still due, or the inbox and the
 * summary. A goal no longer due when its turn comes (checked in from the web or a phone meanwhile) is
 * passed over, not opened for a second check-in, and the summary says so.
 */
export function nextInRound(
  round: readonly string[],
  log: readonly RoundStep[],
  due: DueGoals = everythingDue,
  names: Record<string, string> = {},
): Route {
  const steps = [...log]
  const rest = [...round]
  while (rest.length > 0 && !due.isDue(rest[0]!)) {
    const goalId = rest.shift()!
    const goalName = names[goalId] ?? due.nameOf(goalId) ?? 'A goal'
    steps.push({ goalId, goalName, outcome: 'not_due', status: null })
  }
  const [next, ...after] = rest
  if (next === undefined) return { section: 'inbox', roundSummary: { steps, notVisited: 0 } }
  return { section: 'check-ins', goalId: next, round: after, roundLog: steps, roundNames: { ...names } }
}

/**
 * What is due, from the inbox's lists once the server has confirmed them (a copy kept offline may be
 * behind: then everything counts as due), and the names goals go by: the lists' own, else `knownName`.
 * Nothing is worked out until asked: every check-in form holds one (useRoundStep), and only the step to
 * the next goal of a round asks. Each question then looks the goal up by its decoded id, never by
 * comparing it with hundreds of others one by one.
 */
export function dueGoalsOf(
  view: Pick<AssignmentsView, 'goalCheckIns' | 'fromCache'> | undefined,
  knownName: (goalId: string) => string | null,
): DueGoals {
  let due: Set<string> | null | undefined
  let names: Map<string, string> | undefined
  const dueIds = () =>
    (due ??=
      view && !view.fromCache
        ? new Set(
            roundGoalIds(view)
              .filter((id) => id.trim() !== '')
              .map(comparableId),
          )
        : null)
  /** Each goal's name as its first item in the lists says it. */
  const listedNames = () => {
    if (names) return names
    names = new Map()
    for (const item of Object.values(view?.goalCheckIns ?? {}).flat()) {
      if (item.goalId === null || item.goalId.trim() === '') continue
      const key = comparableId(item.goalId)
      if (!names.has(key)) names.set(key, itemName(item))
    }
    return names
  }
  // A blank id names no goal (sameId never matches it): never due by the lists, named by none of them.
  const blank = (goalId: string) => goalId.trim() === ''
  return {
    isDue: (goalId) => {
      const ids = dueIds()
      return ids === null || (!blank(goalId) && ids.has(comparableId(goalId)))
    },
    nameOf: (goalId) =>
      (blank(goalId) ? undefined : listedNames().get(comparableId(goalId))) ?? knownName(goalId),
  }
}

/** The goals due now, as the popup knows them (see dueGoalsOf); the same answer while the lists stay. */
export function useDueGoals(): DueGoals {
  const assignments = useAssignments()
  const queryClient = useQueryClient()
  const view = assignments.data
  return useMemo(
    () =>
      dueGoalsOf(view, (goalId) => queryClient.getQueryData<GoalDetail>(goalQueryKey(goalId))?.name ?? null),
    [view, queryClient],
  )
}

/** "End round": the inbox, with a summary when anything happened; the goals left stay due. */
export function endRound(round: readonly string[], log: readonly RoundStep[]): Route {
  if (log.length === 0) return { section: 'inbox' }
  return { section: 'inbox', roundSummary: { steps: [...log], notVisited: round.length + 1 } }
}

/** One line about a goal of the round: "Reach 10k weekly users — sent, on track". */
export function stepLine(step: RoundStep): string {
  const status = step.status ? statusDisplay(step.status).label.toLowerCase() : null
  switch (step.outcome) {
    case 'sent':
      return `${step.goalName} — sent, ${status}`
    case 'queued':
      return `${step.goalName} — queued to send when Operately can be reached, ${status}`
    case 'skipped':
      return `${step.goalName} — skipped, still due`
    case 'not_due':
      return `${step.goalName} — no longer due`
  }
}

/** The round in one sentence: "4 check-ins sent, 1 skipped (still due)." */
export function summaryLine(summary: RoundSummary): string {
  const count = (outcome: RoundStep['outcome']) => summary.steps.filter((s) => s.outcome === outcome).length
  const sent = count('sent')
  const queued = count('queued')
  const skipped = count('skipped')
  const notDue = count('not_due')
  const parts = [
    `${sent} check-in${sent === 1 ? '' : 's'} sent`,
    queued > 0 ? `${queued} queued` : null,
    skipped > 0 ? `${skipped} skipped (still due)` : null,
    notDue > 0 ? `${notDue} no longer due` : null,
    summary.notVisited > 0 ? `${summary.notVisited} not visited (still due)` : null,
  ].filter(Boolean)
  return `${parts.join(', ')}.`
}

/**
 * During a round: records what became of the open goal and opens the next one (or the summary). Null
 * outside a round, where the caller shows its own outcome.
 */
export function useRoundStep(): ((step: RoundStep) => void) | null {
  const { route, navigate } = useNavigation()
  const due = useDueGoals()
  const round = route.section === 'check-ins' ? route.round : undefined
  const log = route.section === 'check-ins' ? route.roundLog : undefined
  const names = route.section === 'check-ins' ? route.roundNames : undefined
  const advance = useCallback(
    (step: RoundStep) => navigate(nextInRound(round ?? [], [...(log ?? []), step], due, names)),
    [navigate, round, log, due, names],
  )
  return round ? advance : null
}
