import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { SyncItem, SyncStatusView } from '@shared/domain/sync'
import { useNavigation } from '../../app/navigation'
import { checkInDraftKey } from '@shared/contract/drafts'
import { clearDraft } from '../../bridge/drafts'
import { useDiscardSyncItem, useRetrySyncItem } from '../../bridge/sync'
import { Button } from '../../ui/Button'
import { AlertIcon } from '../../ui/icons'
import {
  canRetry,
  detailText,
  itemTitle,
  openRoute,
  otherAccountText,
  discardText,
  retryOutcomeText,
  stateText,
} from './sync-display'

/** A button whose visible words are shared by every row and whose accessible name also says which row. */
function RowButton({
  label,
  about,
  ...rest
}: { label: string; about: string } & Omit<Parameters<typeof Button>[0], 'children'>) {
  return (
    <Button variant="secondary" className="compact-button" {...rest}>
      {label}
      <span className="visually-hidden"> ({about})</span>
    </Button>
  )
}

/**
 * One thing waiting in the outbox: what it is, its state in words, when it was queued, how often sending
 * was tried and why the last try failed; then what the person can do with it. "Discard…" asks first, in
 * the row itself: focus moves to the question's safe answer, Escape takes the question back.
 */
export function SyncRow({
  item,
  status,
  now,
  onDiscarded,
}: {
  item: SyncItem
  status: SyncStatusView
  now: Date
  /** Called with the row's title once main has removed the item (the row is about to go). */
  onDiscarded: (title: string) => void
}) {
  const { navigate } = useNavigation()
  const retry = useRetrySyncItem()
  const discard = useDiscardSyncItem()
  const [confirming, setConfirming] = useState(false)
  const titleId = useId()
  const questionId = useId()
  const keep = useRef<HTMLButtonElement>(null)
  const askDiscard = useRef<HTMLButtonElement>(null)
  // Where focus goes once the row shows what was just chosen (the question, or the row's actions again).
  const focusNext = useRef<'question' | 'actions' | null>(null)
  const title = itemTitle(item)
  const route = openRoute(item)
  const problem = retry.error ?? discard.error
  // After "Retry now", the row says how it went for as long as that stays true (the item is still here).
  const retried = retry.isSuccess ? retryOutcomeText(item, status) : null

  useEffect(() => {
    const target = focusNext.current
    focusNext.current = null
    if (target === 'question') keep.current?.focus()
    if (target === 'actions') askDiscard.current?.focus()
  }, [confirming])

  const ask = () => {
    retry.reset()
    discard.reset()
    focusNext.current = 'question'
    setConfirming(true)
  }
  const cancel = () => {
    focusNext.current = 'actions'
    setConfirming(false)
  }
  const onQuestionKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return
    // Used here: the popup must not close on the Escape that only takes the question back.
    event.preventDefault()
    event.stopPropagation()
    cancel()
  }

  return (
    <li className={`sync-row sync-row--${item.state}`} aria-labelledby={titleId}>
      <div className="sync-row__text">
        <span id={titleId} className="sync-row__title">
          {title}
        </span>
        <span className="sync-row__state">{stateText(item.state)}</span>
        <span className="sync-row__meta">{detailText(item, now)}</span>
        {item.otherAccount ? (
          <span className="sync-row__account">{otherAccountText(item.otherAccount)}</span>
        ) : null}
        {item.preview ? (
          <span className="sync-row__preview" aria-label="What waits">
            {item.preview}
          </span>
        ) : null}
        {item.lastError ? <span className="sync-row__error">{item.lastError.message}</span> : null}
      </div>

      {confirming ? (
        <div className="sync-confirm" role="group" aria-labelledby={questionId} onKeyDown={onQuestionKeyDown}>
          <p id={questionId} className="sync-confirm__title">
            Discard this change for good?
          </p>
          <p className="sync-confirm__text">{discardText(item)}</p>
          <div className="sync-confirm__actions">
            <Button
              className="compact-button button--danger"
              busy={discard.isPending}
              busyLabel="Discarding…"
              onClick={() =>
                discard.mutateAsync(item.id).then(
                  () => {
                    // A check-in's draft holds what was submitted: discarded for good means that too.
                    if (item.kind === 'check-in')
                      clearDraft(checkInDraftKey(item.targetId)).catch(() => undefined)
                    onDiscarded(title)
                  },
                  // The row stays and shows why (discard.error below); nothing else to do here.
                  () => undefined,
                )
              }
            >
              Discard
            </Button>
            <Button ref={keep} variant="secondary" className="compact-button" onClick={cancel}>
              Keep
            </Button>
          </div>
        </div>
      ) : (
        <div className="sync-row__actions">
          {canRetry(item) ? (
            <RowButton
              label="Retry now"
              about={title}
              busy={retry.isPending}
              busyLabel="Retrying…"
              onClick={() => {
                discard.reset()
                retry.mutate(item.id)
              }}
            />
          ) : null}
          {route ? <RowButton label="Open" about={title} onClick={() => navigate(route)} /> : null}
          <RowButton ref={askDiscard} label="Discard…" about={title} onClick={ask} />
        </div>
      )}

      <p role="status" className="sync-row__retried">
        {retried}
      </p>
      <div role="alert" className="sync-row__problem">
        {problem ? (
          <>
            <AlertIcon className="sync-row__problem-icon" />
            <span>
              {retry.error ? 'Could not retry: ' : 'Could not discard: '}
              {problem.message}
            </span>
          </>
        ) : null}
      </div>
    </li>
  )
}
