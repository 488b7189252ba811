import { useId, useState, type ReactNode } from 'react'
import { restToCome, useGoals } from '../../bridge/long-lists'
import { Button } from '../../ui/Button'
import { nextGoalInFirstScreen, nextGoalToCheckIn } from './next-goal'

/**
 * The way on after a check-in was submitted (created or queued) outside the weekly round (which moves on
 * by itself): "Next goal" (the next of the person's goals still owed a check-in), any extra actions, what
 * comes next in words, and back to the list.
 */
export function NextGoalActions({
  goalId,
  onNext,
  onBack,
  children,
}: {
  /** The goal just checked in on. */
  goalId: string
  /** Opens the next goal; with null, goes back to the list. */
  onNext: (goalId: string | null) => void
  onBack: () => void
  /** More actions beside "Next goal" ("Open in Operately", "Open Sync"). */
  children?: ReactNode
}) {
  const id = useId()
  const goals = useGoals()
  const [now] = useState(() => new Date())
  // The first screen of a long list, the rest on its way: it names the next goal only when it can tell.
  const partial = restToCome(goals.data)
  const next = !goals.data
    ? null
    : partial
      ? nextGoalInFirstScreen(goals.data.goals, goalId, now)
      : nextGoalToCheckIn(goals.data.goals, goalId, now)

  return (
    <>
      <div className="result__actions">
        <Button onClick={() => onNext(next?.id ?? null)} aria-describedby={`${id}-next`}>
          Next goal
        </Button>
        {children}
      </div>
      <p id={`${id}-next`} className="result__next">
        {next ? (
          <>
            Next: <strong>{next.name}</strong>
          </>
        ) : goals.isPending || partial ? (
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
