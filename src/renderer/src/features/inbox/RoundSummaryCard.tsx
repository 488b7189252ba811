import { forwardRef, useId } from 'react'
import { stepLine, summaryLine, type RoundSummary } from './round'

/**
 * How the round that just ended went, above the inbox: one sentence, then one line per goal. The goals
 * skipped or not visited are still in the inbox below, still due.
 */
export const RoundSummaryCard = forwardRef<HTMLHeadingElement, { summary: RoundSummary }>(
  function RoundSummaryCard({ summary }, heading) {
    const id = useId()
    return (
      <section className="round-summary" aria-labelledby={id}>
        <h2 id={id} ref={heading} tabIndex={-1} className="round-summary__title">
          Round finished
        </h2>
        <p>{summaryLine(summary)}</p>
        <ul className="round-summary__list">
          {summary.steps.map((step) => (
            <li
              key={step.goalId}
              className={step.outcome === 'skipped' ? 'round-summary__step--skipped' : undefined}
            >
              {stepLine(step)}
            </li>
          ))}
        </ul>
      </section>
    )
  },
)
