import { useEffect, useId, useRef } from 'react'
import type { CreateCheckInInput, QueuedCheckIn } from '@shared/domain/check-ins'
import { RichTextView } from '../../editor'
import { Button } from '../../ui/Button'
import { ClockIcon } from '../../ui/icons'
import { isEmptyMessage } from './message'
import { NextGoalActions } from './NextGoalActions'
import { StatusBadge } from './StatusBadge'

/**
 * The check-in could not reach Operately now and waits in the outbox on this computer: say so plainly,
 * show what was submitted (from the form, since the server has recorded nothing yet), and the way on,
 * including the Sync view where it can be followed, retried or discarded.
 */
export function CheckInQueuedView({
  queued,
  submitted,
  goalName,
  round,
  onNext,
  onBack,
  onOpenSync,
}: {
  queued: QueuedCheckIn
  /** What the form sent. */
  submitted: CreateCheckInInput
  goalName: string
  round?: readonly string[] | undefined
  onNext: (goalId: string | null) => void
  onBack: () => void
  onOpenSync: () => void
}) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)

  // The form was scrolled down to its button: the result starts at the top, focus on its heading.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true })
    heading.current?.closest('main')?.scrollTo({ top: 0 })
  }, [])

  return (
    <section className="result" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <header className="result__head">
        <span className="result__icon result__icon--queued" aria-hidden="true">
          <ClockIcon />
        </span>
        <div>
          <h1 id={`${id}-title`} ref={heading} tabIndex={-1} className="result__title">
            Check-in queued
          </h1>
          <p className="result__goal">{goalName}</p>
        </div>
      </header>
      <div id={`${id}-text`} className="result__note">
        <p>
          Your check-in is saved on this computer and will be sent once Operately can be reached. It is sent
          only once, however often the app tries.
        </p>
        {queued.reason ? <p className="result__reason">Not sent yet: {queued.reason}</p> : null}
      </div>

      <dl className="result__facts">
        <div className="result__fact">
          <dt>Status</dt>
          <dd>
            <StatusBadge status={submitted.status} />
          </dd>
        </div>
      </dl>

      <div className="result__block">
        <h2 className="result__label">Message</h2>
        {isEmptyMessage(submitted.message) ? (
          <p className="result__empty">No message.</p>
        ) : (
          <RichTextView value={submitted.message} className="result__message" />
        )}
      </div>

      <NextGoalActions goalId={queued.goalId} round={round} onNext={onNext} onBack={onBack}>
        <Button variant="secondary" onClick={onOpenSync}>
          Open Sync
        </Button>
      </NextGoalActions>
    </section>
  )
}
