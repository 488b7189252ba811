import { useId, useRef, useState } from 'react'
import type { DamagedItem } from '@shared/domain/sync'
import type { Placement } from '../../app/VirtualGroups'
import { useDiscardDamaged } from '../../bridge/sync'
import { Button } from '../../ui/Button'
import { AlertIcon } from '../../ui/icons'
import { syncedAtText } from '../../ui/freshness'
import { DiscardQuestion, useDiscardQuestion } from './DiscardQuestion'
import { useHold, type Hold } from './held-rows'
import { damagedTitle } from './sync-display'

/**
 * A queued file that could not be read back: it was set aside, never sent. What can still be read from it
 * is shown in full, to copy somewhere safe (into the editor, an e-mail, Operately itself); then the file
 * can be discarded, after a question.
 */
export function DamagedRow({
  file,
  onDiscarded,
  placement,
  onHold,
}: {
  file: DamagedItem
  onDiscarded: (title: string) => void
  /** Where the row sits in a list that draws only the rows on screen. */
  placement?: Placement
  /** Told while the row shows its question or an outcome, which scrolling it away would lose. */
  onHold?: Hold
}) {
  const titleId = useId()
  const textId = useId()
  const discard = useDiscardDamaged()
  const text = useRef<HTMLTextAreaElement>(null)
  const { confirming, ask: askQuestion, cancel, keep, askDiscard } = useDiscardQuestion()
  const [copied, setCopied] = useState('')
  const title = damagedTitle(file.kind)
  useHold(file.id, confirming || discard.isPending || discard.error !== null || copied !== '', onHold)

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(file.text)
      setCopied('Copied. Paste it wherever it belongs.')
    } catch {
      // No clipboard for this page: the text is selected instead, for the keyboard's copy.
      text.current?.focus()
      text.current?.select()
      setCopied('The text is selected: press Ctrl+C (⌘C on a Mac) to copy it.')
    }
  }
  return (
    <li
      {...placement}
      className={`sync-row sync-row--damaged${placement ? ` ${placement.className}` : ''}`}
      aria-labelledby={titleId}
    >
      <div className="sync-row__text">
        <span id={titleId} className="sync-row__title">
          {title}
        </span>
        <span className="sync-row__state">
          <AlertIcon className="sync-row__problem-icon" /> Set aside{' '}
          {syncedAtText(file.setAsideAt, new Date())}, never sent
        </span>
        <label htmlFor={textId} className="sync-row__meta">
          What could be read from it
        </label>
        <textarea id={textId} ref={text} className="sync-damaged__text" readOnly rows={4} value={file.text} />
      </div>
      {confirming ? (
        <DiscardQuestion
          question="Discard this file for good?"
          consequence="Copy what you need first: the file cannot be brought back."
          busy={discard.isPending}
          keep={keep}
          onKeep={cancel}
          onDiscard={() =>
            discard.mutateAsync(file.id).then(
              () => onDiscarded(title),
              // The row stays and shows why (discard.error below).
              () => undefined,
            )
          }
        />
      ) : (
        <div className="sync-row__actions">
          <Button variant="secondary" className="compact-button" onClick={() => void copy()}>
            Copy text<span className="visually-hidden"> ({title})</span>
          </Button>
          <Button
            ref={askDiscard}
            variant="secondary"
            className="compact-button"
            onClick={() => {
              discard.reset()
              askQuestion()
            }}
          >
            Discard…<span className="visually-hidden"> ({title})</span>
          </Button>
        </div>
      )}
      <p role="status" className="sync-row__retried">
        {copied}
      </p>
      <div role="alert" className="sync-row__problem">
        {discard.error ? <span>Could not discard: {discard.error.message}</span> : null}
      </div>
    </li>
  )
}
