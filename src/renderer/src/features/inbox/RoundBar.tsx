import { useMutationState } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { isCheckInOutcome } from '@shared/domain/check-in-outcome'
import type { CheckInOutcome } from '@shared/domain/check-ins'
import { sameId } from '@shared/ids'
import { useNavigation } from '../../app/navigation'
import { useAssignments } from '../../bridge/assignments'
import { itemName } from './inbox-display'
import { nextInRound } from './round'

/**
 * How a check-in on this goal submitted after `since` (ms) ended, if one was: created, or queued to be
 * created once Operately can be reached. Either way the form has moved on and the round goes on.
 */
function useSubmittedSince(goalId: string, since: number): CheckInOutcome['outcome'] | null {
  const outcomes = useMutationState({
    filters: { status: 'success' },
    select: (mutation) => {
      if (mutation.state.submittedAt < since) return null
      const data = mutation.state.data
      return isCheckInOutcome(data) ? data : null
    },
  })
  return outcomes.find((outcome) => outcome !== null && sameId(outcome.goalId, goalId))?.outcome ?? null
}

/**
 * Above each form of the weekly round: how far along the round is, "Skip" to leave this goal due and go
 * on to the next one, and a way out. Mounted once per goal (keyed by it).
 */
export function RoundBar({ goalId, round }: { goalId: string; round: string[] }) {
  const { navigate } = useNavigation()
  const assignments = useAssignments()
  const [shownAt] = useState(() => Date.now())
  const submitted = useSubmittedSince(goalId, shownAt)
  const nextId = useId()

  const next = round[0]
  const nextItem = next
    ? Object.values(assignments.data?.goalCheckIns ?? {})
        .flat()
        .find((item) => item.goalId !== null && sameId(item.goalId, next))
    : undefined
  const left = round.length

  return (
    <section className="round-bar" aria-label="Check-in round">
      <p className="round-bar__text">
        <strong>
          {submitted === 'created' ? 'Checked in' : submitted === 'queued' ? 'Queued' : 'Check-in round'}
        </strong>
        {' · '}
        {left === 0 ? 'last goal' : left === 1 ? '1 more goal' : `${left} more goals`}
        <span id={nextId} className="visually-hidden">
          {next ? `Next: ${nextItem ? itemName(nextItem) : 'the next goal due'}` : 'Then back to the inbox'}
        </span>
      </p>
      <div className="round-bar__actions">
        {submitted ? null : (
          <button
            type="button"
            className="round-bar__button"
            aria-describedby={nextId}
            onClick={() => navigate(nextInRound(round))}
          >
            Skip
          </button>
        )}
        <button type="button" className="round-bar__button" onClick={() => navigate({ section: 'inbox' })}>
          End round
        </button>
      </div>
    </section>
  )
}
