import { useCallback } from 'react'
import type { CheckInStatus } from '@shared/domain/check-ins'
import { useNavigation, type Route } from '../../app/navigation'
import { statusDisplay } from '../check-in/goal-display'

/**
 * The weekly round: the check-in forms of every due goal, one after another. The route carries the goals
 * still to visit after the open one (`round`) and what became of those visited (`roundLog`), so moving on
 * needs nothing but the route. After the last goal the inbox opens with a summary of the round.
 */

/** What became of one goal of the round. */
export interface RoundStep {
  goalId: string
  goalName: string
  /** Sent to Operately, queued on this computer to be sent when it can be reached, or skipped (still due). */
  outcome: 'sent' | 'queued' | 'skipped'
  /** The status the check-in said; null when skipped. */
  status: CheckInStatus | null
}

/** The end of a round, shown above the inbox. */
export interface RoundSummary {
  steps: RoundStep[]
  /** Goals never opened because the round was ended early; they stay due. */
  notVisited: number
}

/** The first goal's form, with the others queued; null when there is nothing to go through. */
export function startRound(goalIds: readonly string[]): Route | null {
  const [first, ...rest] = goalIds
  return first === undefined ? null : { section: 'check-ins', goalId: first, round: rest, roundLog: [] }
}

/** Where the round goes once one goal is done with: the next queued goal's form, or the inbox and the summary. */
export function nextInRound(round: readonly string[], log: readonly RoundStep[]): Route {
  const [next, ...rest] = round
  if (next === undefined) return { section: 'inbox', roundSummary: { steps: [...log], notVisited: 0 } }
  return { section: 'check-ins', goalId: next, round: rest, roundLog: [...log] }
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
  }
}

/** The round in one sentence: "4 check-ins sent, 1 skipped (still due)." */
export function summaryLine(summary: RoundSummary): string {
  const count = (outcome: RoundStep['outcome']) => summary.steps.filter((s) => s.outcome === outcome).length
  const sent = count('sent')
  const queued = count('queued')
  const skipped = count('skipped')
  const parts = [
    `${sent} check-in${sent === 1 ? '' : 's'} sent`,
    queued > 0 ? `${queued} queued` : null,
    skipped > 0 ? `${skipped} skipped (still due)` : null,
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
  const round = route.section === 'check-ins' ? route.round : undefined
  const log = route.section === 'check-ins' ? route.roundLog : undefined
  const advance = useCallback(
    (step: RoundStep) => navigate(nextInRound(round ?? [], [...(log ?? []), step])),
    [navigate, round, log],
  )
  return round ? advance : null
}
