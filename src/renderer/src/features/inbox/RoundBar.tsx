import { useEffect, useId, useState } from 'react'
import { useNavigation } from '../../app/navigation'
import { LiveRegion } from '../../ui/LiveRegion'
import { endRound, nextInRound, stepLine, useDueGoals, type RoundStep } from './round'

/**
 * Above each form of the weekly round: how far along the round is, what became of the previous goal in
 * one line (announced, since the form opened by itself after a submit), "Skip" to leave this goal due and
 * go on, and "End round". One bar for the whole round, not one per goal: its live region is in the document,
 * empty, from the round's first goal on, so the line about the previous goal is read out when it changes.
 */
export function RoundBar({
  goalId,
  round,
  log,
  names,
}: {
  goalId: string
  round: string[]
  log: RoundStep[]
  /** The round's goals named as the inbox listed them when it started. */
  names: Record<string, string>
}) {
  const { navigate } = useNavigation()
  const due = useDueGoals()
  const nameOf = (id: string) => names[id] ?? due.nameOf(id)
  const nextId = useId()

  // The goal that opens next: one no longer due is passed over.
  const next = round.find((id) => due.isDue(id))
  const position = log.length + 1
  const total = log.length + 1 + round.length
  const previous = log.at(-1)
  // Filled just after the bar appears (a round resumed midway has a previous goal at once): a live region
  // that is born with its text is not read out.
  const previousLine = previous ? stepLine(previous) : ''
  const [said, setSaid] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setSaid(previousLine), 50)
    return () => clearTimeout(timer)
  }, [previousLine])

  const skip = () => {
    const step: RoundStep = { goalId, goalName: nameOf(goalId) ?? 'A goal', outcome: 'skipped', status: null }
    navigate(nextInRound(round, [...log, step], due, names))
  }

  return (
    <section className="round-bar" aria-label="Check-in round">
      <div className="round-bar__row">
        <p className="round-bar__text">
          <strong>Check-in round</strong> · goal {position} of {total}
          <span id={nextId} className="visually-hidden">
            {next ? `Next: ${nameOf(next) ?? 'the next goal due'}` : 'Then the round’s summary'}
          </span>
        </p>
        <div className="round-bar__actions">
          <button type="button" className="round-bar__button" aria-describedby={nextId} onClick={skip}>
            Skip
          </button>
          <button type="button" className="round-bar__button" onClick={() => navigate(endRound(round, log))}>
            End round
          </button>
        </div>
      </div>
      <LiveRegion className="round-bar__previous" label="Previous goal in the round">
        {said || null}
      </LiveRegion>
    </section>
  )
}
