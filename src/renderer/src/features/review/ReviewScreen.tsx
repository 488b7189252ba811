import { useEffect, useRef, useState } from 'react'
import type { ReviewRef } from '@shared/domain/reviews'
import { timeLabel } from '@shared/time-label'
import { useNavigation } from '../../app/navigation'
import { openInBrowser } from '../../bridge/app'
import type { BridgeError } from '../../bridge/bridge-error'
import { useAcknowledge, useCheckInReview } from '../../bridge/reviews'
import { RichTextView } from '../../editor'
import '../../editor/editor.css'
import { Button } from '../../ui/Button'
import { Freshness } from '../../ui/Freshness'
import { LiveRegion } from '../../ui/LiveRegion'
import { Loading } from '../../ui/Loading'
import { ErrorAlert } from '../../ui/Notice'
import { RecordedValues } from '../check-in/RecordedValues'
import { StatusBadge } from '../check-in/StatusBadge'
import { useNumberLocale } from '../check-in/use-number-locale'

/**
 * A team member's check-in, read in the popup and acknowledged from there (issue 37): its status, author,
 * time, message (mentions and links as in the editor, links through the app's own question) and, for a
 * goal's, the target values and checklist it recorded. "Acknowledge" goes through the outbox like every
 * write; "Acknowledge and next" goes on to the next check-in waiting, without leaving the popup. Offered
 * only where Operately offers it: main says why not otherwise.
 */
export function ReviewScreen({ reviewRef, next }: { reviewRef: ReviewRef; next: ReviewRef[] }) {
  const { navigate } = useNavigation()
  const review = useCheckInReview(reviewRef)
  const { status, data, error } = review
  const acknowledge = useAcknowledge()
  const locale = useNumberLocale()
  const heading = useRef<HTMLHeadingElement>(null)
  const nextButton = useRef<HTMLButtonElement>(null)
  const [said, setSaid] = useState<string | null>(null)
  const [openError, setOpenError] = useState<BridgeError | null>(null)
  const [now] = useState(() => new Date())

  useEffect(() => {
    heading.current?.focus()
  }, [status])

  // The Acknowledge button pressed leaves the page once it is done: focus goes on (to "Next check-in",
  // else the heading) rather than falling to the document body.
  const justDone = acknowledge.data?.outcome === 'acknowledged'
  useEffect(() => {
    if (justDone) (nextButton.current ?? heading.current)?.focus()
  }, [justDone])

  const back = () => navigate({ section: 'inbox' })
  const open = (url: string) => {
    setOpenError(null)
    openInBrowser(url).catch((failure: BridgeError) => setOpenError(failure))
  }
  const act = (andNext: boolean) => {
    setSaid(null)
    acknowledge.mutate(reviewRef, {
      onSuccess: (outcome) => {
        if (outcome.outcome === 'queued') {
          setSaid(`Saved on this computer, to be sent once: ${outcome.reason}`)
          return
        }
        const [following, ...rest] = next
        if (andNext && following) navigate({ section: 'inbox', review: { ref: following, next: rest } })
        else setSaid('Acknowledged. The author is told.')
      },
    })
  }

  const top = (
    <button type="button" className="ci-back" onClick={back}>
      <span aria-hidden="true">‹</span> Inbox
    </button>
  )
  if (status === 'pending' || locale === null) {
    return (
      <section className="check-in review">
        {top}
        <Loading what="Loading the check-in…" />
      </section>
    )
  }
  if (status === 'error') {
    return (
      <section className="check-in review" aria-labelledby="review-missing">
        {top}
        <h1 id="review-missing" ref={heading} tabIndex={-1} className="screen-title">
          {error.kind === 'not_found' ? 'Check-in not found' : 'The check-in could not be loaded'}
        </h1>
        <ErrorAlert message={error.message} />
        {error.kind === 'not_found' ? null : (
          <Button busy={review.isFetching} busyLabel="Trying again…" onClick={() => void review.refetch()}>
            Try again
          </Button>
        )}
      </section>
    )
  }

  const when = data.publishedAt ? timeLabel(data.publishedAt, now) : null
  const done = data.acknowledgedAt !== null || acknowledge.data?.outcome === 'acknowledged'
  const offered = data.cannotAcknowledge === null && !done
  const ackWhen = data.acknowledgedAt ? timeLabel(data.acknowledgedAt, now) : null

  return (
    <section className="check-in review" aria-labelledby="review-title">
      <header className="check-in__head">
        <div className="check-in__nav">
          {top}
          <p className="check-in__eyebrow">
            {data.kind === 'goal' ? 'Goal check-in to acknowledge' : 'Project check-in to acknowledge'}
          </p>
        </div>
        <h1 id="review-title" ref={heading} tabIndex={-1} className="check-in__title">
          {data.subjectName}
        </h1>
        <p className="check-in__meta">
          <StatusBadge status={data.status} />
          {` · ${[data.author?.name ?? 'Someone', when].filter(Boolean).join(' · ')}`}
        </p>
        <Freshness read={data} className="check-in__freshness" />
      </header>

      <div className="ci-history__body review__body">
        <RichTextView value={data.message ?? ''} className="ci-history__message" />
        <RecordedValues checkIn={data} locale={locale} />
      </div>

      {done ? (
        <p className="review__done">
          {data.acknowledgedAt
            ? `Acknowledged${data.acknowledgedBy ? ` by ${data.acknowledgedBy}` : ''}${ackWhen ? `, ${ackWhen}` : ''}.`
            : 'Acknowledged.'}
        </p>
      ) : data.cannotAcknowledge ? (
        <p className="notice notice--warning review__why">{data.cannotAcknowledge}</p>
      ) : null}

      <ErrorAlert
        title={
          acknowledge.error ? 'Not acknowledged' : openError ? 'The page could not be opened' : undefined
        }
        message={acknowledge.error?.message ?? openError?.message}
      />
      <LiveRegion className="review__said" label="Acknowledgement">
        {said}
      </LiveRegion>

      <div className="result__actions">
        {offered ? (
          <>
            <Button onClick={() => act(false)} busy={acknowledge.isPending} busyLabel="Acknowledging…">
              Acknowledge
            </Button>
            {next.length > 0 ? (
              <Button variant="secondary" disabled={acknowledge.isPending} onClick={() => act(true)}>
                Acknowledge and next
              </Button>
            ) : null}
          </>
        ) : done && next.length > 0 ? (
          <Button
            ref={nextButton}
            onClick={() => navigate({ section: 'inbox', review: { ref: next[0]!, next: next.slice(1) } })}
          >
            Next check-in
          </Button>
        ) : null}
        {data.webUrl ? (
          <Button variant="secondary" onClick={() => open(data.webUrl!)}>
            Open in Operately
          </Button>
        ) : null}
      </div>
      {next.length > 0 ? (
        <p className="result__next">
          {next.length === 1 ? 'One more check-in waits' : `${next.length} more check-ins wait`} for you to
          acknowledge.
        </p>
      ) : null}
    </section>
  )
}
