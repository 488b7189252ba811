import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import type { CheckInResult, CreateCheckInInput, QueuedCheckIn } from '@shared/domain/check-ins'
import type { BridgeError } from '../../bridge/bridge-error'
import { useCheckInSubmission, withdrawCheckIn } from '../../bridge/goals'
import { refreshSync, useDiscardSyncItem, useRetrySyncItem } from '../../bridge/sync'
import { RichTextView } from '../../editor'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { AlertIcon, ClockIcon } from '../../ui/icons'
import { isEmptyMessage } from '@shared/domain/check-in-message'
import { WayOn } from './WayOn'
import { StatusBadge } from './StatusBadge'
import { submissionHeading, submissionText } from './submission-words'

/**
 * A check-in that is not on the server yet, followed until it is: it waits in the outbox on this computer
 * (queued), a request may have been saved and the app is checking before it sends anything again, or
 * Operately refused it and it waits for the person, who can edit it, retry it or discard it. What was
 * submitted is shown from the submission itself, since the server has recorded nothing yet. When it
 * lands, the screen moves on to what the server recorded ("Sent").
 */
export function CheckInQueuedView({
  queued: initial,
  submitted,
  goalName,
  onNext,
  onBack,
  backLabel,
  onOpenSync,
  onSent,
  onBackToForm,
  keepAsDraft,
}: {
  queued: QueuedCheckIn
  /** What the form sent (or what the outbox holds for it). */
  submitted: CreateCheckInInput
  goalName: string
  onNext: (goalId: string | null) => void
  onBack: () => void
  /** Where `onBack` goes, in words (a project's check-in). */
  backLabel: string
  onOpenSync: () => void
  /** It is on the server now: show what was recorded. */
  onSent: (result: CheckInResult) => void
  /** Back to the form: taken out to be edited, or no longer in the outbox (discarded elsewhere). */
  onBackToForm: () => void
  /** Makes sure the goal's draft holds this submission, so the form opens on its words. */
  keepAsDraft: (submission: CreateCheckInInput) => Promise<void>
}) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const queryClient = useQueryClient()
  const followed = useCheckInSubmission(initial.subject, initial.submissionId, { follow: true })
  const retry = useRetrySyncItem()
  const discard = useDiscardSyncItem()
  const [confirming, setConfirming] = useState(false)
  const [editing, setEditing] = useState<{ busy: boolean; error: BridgeError | null }>({
    busy: false,
    error: null,
  })

  const latest = followed.data
  const queued = latest?.status === 'waiting' ? latest.queued : initial
  const state = queued.state

  useEffect(() => {
    if (latest?.status === 'sent') onSent(latest.result)
    // Discarded from the Sync view (or taken back elsewhere): the form is the way on.
    else if (latest?.status === 'none') onBackToForm()
  }, [latest, onSent, onBackToForm])

  // The form was scrolled down to its button: the view starts at the top, focus on its heading.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true })
    heading.current?.closest('main')?.scrollTo({ top: 0 })
  }, [])

  const edit = async () => {
    setEditing({ busy: true, error: null })
    try {
      // The form opens on the draft: it holds these words before the outbox lets go of them.
      await keepAsDraft(submitted)
      await withdrawCheckIn(submitted.submissionId)
      void refreshSync(queryClient)
      onBackToForm()
    } catch (error) {
      setEditing({ busy: false, error: error as BridgeError })
    }
  }
  const problem = editing.error ?? retry.error ?? discard.error

  return (
    <section className="result" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <header className="result__head">
        <span
          className={`result__icon ${state === 'needs_you' ? 'result__icon--attention' : 'result__icon--queued'}`}
          aria-hidden="true"
        >
          {state === 'needs_you' ? <AlertIcon /> : <ClockIcon />}
        </span>
        <div>
          <h1 id={`${id}-title`} ref={heading} tabIndex={-1} className="result__title">
            {submissionHeading(state)}
          </h1>
          <p className="result__goal">{goalName}</p>
        </div>
      </header>
      <div id={`${id}-text`} className="result__note" role="status">
        <p>{submissionText(state)}</p>
        {queued.reason ? (
          <p className="result__reason">
            {state === 'needs_you' ? 'Operately said: ' : 'Not on the server yet: '}
            {queued.reason}
          </p>
        ) : null}
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

      <ErrorAlert title={problem ? 'That did not work' : undefined} message={problem?.message} />

      {state === 'needs_you' ? (
        confirming ? (
          <div className="ci-confirm" role="group" aria-labelledby={`${id}-discard`}>
            <p id={`${id}-discard`} className="ci-confirm__title">
              Discard this check-in for good?
            </p>
            <p className="ci-confirm__text">
              {queued.maybeSaved
                ? `Operately may already have it: discarding only stops the app from sending it. Look at the ${queued.subject.kind} in Operately before you write it again.`
                : 'It is never sent and cannot be brought back.'}
            </p>
            <div className="ci-confirm__actions">
              <Button
                className="button--danger"
                busy={discard.isPending}
                busyLabel="Discarding…"
                onClick={() =>
                  discard.mutateAsync(queued.entryId).then(
                    // Gone for good, its draft (which held it) too, in main: the form opens on the goal as it is.
                    onBackToForm,
                    // The view stays and says why (discard.error).
                    () => undefined,
                  )
                }
              >
                Discard
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </div>
          </div>
        ) : (
          <div className="result__actions">
            <Button busy={editing.busy} busyLabel="Opening…" onClick={() => void edit()}>
              Edit and send again
            </Button>
            <Button
              variant="secondary"
              busy={retry.isPending}
              busyLabel="Retrying…"
              onClick={() => retry.mutate(queued.entryId)}
            >
              Retry
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Discard…
            </Button>
          </div>
        )
      ) : (
        <WayOn subject={queued.subject} onNext={onNext} onBack={onBack} backLabel={backLabel}>
          <Button variant="secondary" onClick={onOpenSync}>
            Open Sync
          </Button>
        </WayOn>
      )}
    </section>
  )
}
