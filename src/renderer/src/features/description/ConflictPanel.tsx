import { useEffect, useId, useRef } from 'react'
import { RichTextView, type ServerDoc } from '../../editor'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { AlertIcon } from '../../ui/icons'
import { showBlobsAsFiles } from './blob-display'

export interface ConflictPanelProps {
  mine: ServerDoc
  /** The server's description now; null when it has none. */
  theirs: string | null
  /** Mine waited in the outbox (saved while Operately could not be reached), rather than being saved now. */
  queued?: boolean
  /** "Keep mine" found a version newer than the one shown, and sent nothing: `theirs` is that version. */
  changedAgain?: boolean
  /** "Keep mine" is being saved. */
  saving: boolean
  /** "Take theirs" is removing my version from the outbox. */
  takingTheirs?: boolean
  error: string | null
  onKeepMine: () => void
  onTakeTheirs: () => void
  onMerge: () => void
}

const EMPTY = { type: 'doc', content: [{ type: 'paragraph' }] }

/**
 * The description changed in Operately after the editor opened it. Nothing was sent: both versions are
 * shown side by side, and the person decides what happens to them.
 */
export function ConflictPanel({
  mine,
  theirs,
  queued = false,
  changedAgain = false,
  saving,
  takingTheirs = false,
  error,
  onKeepMine,
  onTakeTheirs,
  onMerge,
}: ConflictPanelProps) {
  const headingId = useId()
  const mineId = useId()
  const theirsId = useId()
  const heading = useRef<HTMLHeadingElement>(null)

  // The editor just gave way to this panel: say what happened before anything else.
  useEffect(() => heading.current?.focus(), [])

  return (
    <section className="conflict" aria-labelledby={headingId}>
      <div className="conflict__intro">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="conflict__title">
          <AlertIcon className="conflict__icon" />
          Someone else changed this description
        </h2>
        <p className="conflict__text">
          {changedAgain
            ? 'It changed again in Operately while you were choosing, so nothing was replaced. Below is the newest version: choose again.'
            : queued
              ? 'It was edited in Operately after you started, so your version, waiting on this computer, was not sent. Nothing is lost: choose what to keep.'
              : 'It was edited in Operately after you opened it, so your version was not saved. Nothing is lost: choose what to keep.'}
        </p>
      </div>
      <div className="conflict__versions">
        <section className="conflict__version" aria-labelledby={mineId}>
          <h3 id={mineId} className="conflict__label">
            Your version
          </h3>
          <RichTextView value={mine} resolveBlobSrc={showBlobsAsFiles} className="conflict__doc" />
        </section>
        <section className="conflict__version" aria-labelledby={theirsId}>
          <h3 id={theirsId} className="conflict__label">
            In Operately now
          </h3>
          <RichTextView value={theirs ?? EMPTY} resolveBlobSrc={showBlobsAsFiles} className="conflict__doc" />
        </section>
      </div>
      <ErrorAlert title={error ? 'Not saved' : undefined} message={error ?? undefined} />
      <div className="conflict__choices">
        <Choice
          label="Keep mine"
          hint="Replace the version in Operately with yours."
          primary
          busy={saving}
          busyLabel="Saving…"
          disabled={takingTheirs}
          onClick={onKeepMine}
        />
        <Choice
          label="Take theirs"
          hint="Continue from the version in Operately; yours is kept to restore later."
          busy={takingTheirs}
          busyLabel="Taking theirs…"
          disabled={saving}
          onClick={onTakeTheirs}
        />
        <Choice
          label="Edit a merged version"
          hint="Edit yours with theirs shown below it, then save."
          disabled={saving || takingTheirs}
          onClick={onMerge}
        />
      </div>
    </section>
  )
}

function Choice({
  label,
  hint,
  primary = false,
  busy = false,
  busyLabel,
  disabled = false,
  onClick,
}: {
  label: string
  hint: string
  primary?: boolean
  busy?: boolean
  busyLabel?: string
  disabled?: boolean
  onClick: () => void
}) {
  const hintId = useId()
  return (
    <div className="conflict__choice">
      <Button
        variant={primary ? 'primary' : 'secondary'}
        className="button--block"
        busy={busy}
        busyLabel={busyLabel}
        disabled={disabled}
        aria-describedby={hintId}
        onClick={onClick}
      >
        {label}
      </Button>
      <p id={hintId} className="conflict__hint">
        {hint}
      </p>
    </div>
  )
}
