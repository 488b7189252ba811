import { useId, useState } from 'react'
import type { SyncItem, SyncStatusView } from '@shared/domain/sync'
import { useNavigation } from '../../app/navigation'
import type { Placement } from '../../app/VirtualGroups'
import { openInBrowser } from '../../bridge/app'
import type { BridgeError } from '../../bridge/bridge-error'
import { useDiscardSyncItem, useRetrySyncItem } from '../../bridge/sync'
import { Button } from '../../ui/Button'
import { AlertIcon } from '../../ui/icons'
import { DiscardQuestion, useDiscardQuestion } from './DiscardQuestion'
import { useHold, type Hold } from './held-rows'
import {
  canRetry,
  copyText,
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
  placement,
  onHold,
}: {
  item: SyncItem
  status: SyncStatusView
  now: Date
  /** Called with the row's title once main has removed the item (the row is about to go). */
  onDiscarded: (title: string) => void
  /** Where the row sits in a list that draws only the rows on screen. */
  placement?: Placement
  /** Told while the row shows its question or an outcome, which scrolling it away would lose. */
  onHold?: Hold
}) {
  const { navigate } = useNavigation()
  const retry = useRetrySyncItem()
  const discard = useDiscardSyncItem()
  const { confirming, ask: askQuestion, cancel, keep, askDiscard } = useDiscardQuestion()
  const titleId = useId()
  const title = itemTitle(item)
  const route = openRoute(item)
  const [openError, setOpenError] = useState<BridgeError | null>(null)
  const problem = retry.error ?? discard.error ?? openError
  // After "Retry now", the row says how it went for as long as that stays true (the item is still here).
  const retried = retry.isSuccess ? retryOutcomeText(item, status) : null
  useHold(
    item.id,
    confirming || retry.isPending || discard.isPending || problem !== null || retried !== null,
    onHold,
  )

  const ask = () => {
    retry.reset()
    discard.reset()
    askQuestion()
  }

  return (
    <li
      {...placement}
      className={`sync-row sync-row--${item.state}${placement ? ` ${placement.className}` : ''}`}
      aria-labelledby={titleId}
    >
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
        {item.copies ? (
          <ul className="sync-row__copies" aria-label="Copies in Operately">
            {item.copies.map((copy, index) => (
              <li key={index}>
                {copy.url ? (
                  <RowButton
                    label={copyText(copy, now)}
                    about={title}
                    onClick={() => {
                      setOpenError(null)
                      openInBrowser(copy.url!).catch((error: BridgeError) => setOpenError(error))
                    }}
                  />
                ) : (
                  copyText(copy, now)
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      {confirming ? (
        <DiscardQuestion
          question="Discard this change for good?"
          consequence={discardText(item)}
          busy={discard.isPending}
          keep={keep}
          onKeep={cancel}
          onDiscard={() =>
            discard.mutateAsync(item.id).then(
              // Main removed a check-in's draft with it (it held what was submitted).
              () => onDiscarded(title),
              // The row stays and shows why (discard.error below); nothing else to do here.
              () => undefined,
            )
          }
        />
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
              {retry.error ? 'Could not retry: ' : discard.error ? 'Could not discard: ' : 'Could not open: '}
              {problem.message}
            </span>
          </>
        ) : null}
      </div>
    </li>
  )
}
