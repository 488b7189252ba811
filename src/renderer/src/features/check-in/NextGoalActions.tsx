import { useId, useState, type ReactNode } from 'react'
import { sameId } from '@shared/ids'
import { useGoals } from '../../bridge/goals'
import { Button } from '../../ui/Button'
import { nextGoalToCheckIn } from './next-goal'

/**
 * The way on after a check-in was submitted (created or queued): "Next goal" (the next goal of the weekly
 * round, or the next of the person's goals still owed a check-in), any extra actions, what comes next in
 * words, and back to the list.
 */
export function NextGoalActions({
  goalId,
  round,
  onNext,
  onBack,
  children,
}: {
  /** The goal just checked in on. */
  goalId: string
  /** In the weekly round: the goals still to visit, the first of them next (none: back to the inbox). */
  round?: readonly string[] | undefined
  /** Opens the next goal; with null, goes back to the list. */
  onNext: (goalId: string | null) => void
  onBack: () => void
  /** More actions beside "Next goal" ("Open in Operately", "Open Sync"). */
  children?: ReactNode
}) {
  const id = useId()
  const goals = useGoals()
  const [now] = useState(() => new Date())
  const next = goals.data ? nextGoalToCheckIn(goals.data.goals, goalId, now) : null
  const roundNext = round?.[0]
  const roundNextName = roundNext ? goals.data?.goals.find((g) => sameId(g.id, roundNext))?.name : undefined

  return (
    <>
      <div className="result__actions">
        <Button onClick={() => onNext(next?.id ?? null)} aria-describedby={`${id}-next`}>
          Next goal
        </Button>
        {children}
      </div>
      <p id={`${id}-next`} className="result__next">
        {round ? (
          roundNext ? (
            <>
              Next in this round: <strong>{roundNextName ?? 'the next goal due'}</strong>
            </>
          ) : (
            'That was the last goal of this round. Next goal takes you back to the inbox.'
          )
        ) : next ? (
          <>
            Next: <strong>{next.name}</strong>
          </>
        ) : goals.isPending ? (
          'Looking for your next goal…'
        ) : (
          'All your goals have a check-in this month. Next goal takes you back to the list.'
        )}
      </p>
      <button type="button" className="ci-link result__back" onClick={onBack}>
        All goals
      </button>
    </>
  )
}
