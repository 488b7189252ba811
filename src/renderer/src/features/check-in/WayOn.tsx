import type { ReactNode } from 'react'
import type { CheckInSubject } from '@shared/domain/check-ins'
import { NextGoalActions } from './NextGoalActions'

/**
 * The way on after a check-in was submitted (sent or queued): a goal's offers the next goal owed one; a
 * project's (one a week, written from the project's own page) goes back to where it was opened from.
 */
export function WayOn({
  subject,
  onNext,
  onBack,
  backLabel,
  children,
}: {
  subject: CheckInSubject
  /** Opens the next goal; with null, goes back to the list (goals only). */
  onNext: (goalId: string | null) => void
  onBack: () => void
  /** Where `onBack` goes, in words, for a project ("Back to the project", "Inbox"). */
  backLabel: string
  children?: ReactNode
}) {
  if (subject.kind === 'goal') {
    return (
      <NextGoalActions goalId={subject.id} onNext={onNext} onBack={onBack}>
        {children}
      </NextGoalActions>
    )
  }
  return (
    <>
      {children ? <div className="result__actions">{children}</div> : null}
      <button type="button" className="ci-link result__back" onClick={onBack}>
        {backLabel}
      </button>
    </>
  )
}
