import { useEffect, useId, useRef, useState } from 'react'
import { isProjectResult, resultSubject, type CheckInResult } from '@shared/domain/check-ins'
import { openInBrowser } from '../../bridge/app'
import type { BridgeError } from '../../bridge/bridge-error'
import { RichTextView } from '../../editor'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { CheckIcon } from '../../ui/icons'
import { isEmptyMessage } from '@shared/domain/check-in-message'
import { WayOn } from './WayOn'
import { publicationWords } from './publication-words'
import { changeLines, type ChangeLine } from './result-changes'
import { StatusBadge } from './StatusBadge'
import { sentAtWords } from './submission-words'
import { localeTag, type NumberLocale } from './number-conventions'

/**
 * What the server recorded for the check-in just submitted: what it changed (status, due date, each
 * target old → new, each checklist item done or undone) and the message; then the way on: the goal in
 * Operately, or the next goal still owed a check-in. Opened later on a check-in sent from this computer,
 * it says when it went in, and a second check-in for the goal is a button away, never the default.
 */
export function CheckInResultView({
  result,
  locale,
  onNext,
  onBack,
  sentAt = null,
  onWriteAnother = null,
  backLabel,
}: {
  result: CheckInResult
  /** How the person writes numbers: the targets' old and new values are written so. */
  locale: NumberLocale
  /** Opens the next goal; with null, goes back to the list. */
  onNext: (goalId: string | null) => void
  onBack: () => void
  /** When it went in, for a check-in sent before this screen opened. */
  sentAt?: string | null
  /** Opens a blank form for a second check-in; offered when the screen opened on this one. */
  onWriteAnother?: (() => void) | null
  /** Where `onBack` goes, in words (a project's check-in). */
  backLabel: string
}) {
  const id = useId()
  const subject = resultSubject(result)
  const heading = useRef<HTMLHeadingElement>(null)
  const [openError, setOpenError] = useState<BridgeError | null>(null)
  const sentAtLabel = sentAt ? sentAtWords(sentAt, new Date(), localeTag(locale)) : null
  // A scheduled check-in's publishing applies its status alone: the rest is listed apart, as recorded,
  // and only what it changes (a due date left as the goal has it is no change waiting to be applied).
  const lines = changeLines(result, locale)
  const scheduled = result.state === 'scheduled'
  const applied = scheduled ? lines.filter((line) => line.kind === 'status') : lines
  const recorded = scheduled
    ? lines.filter((line) => line.kind !== 'status' && !(line.kind === 'due' && line.from === null))
    : []
  const words = publicationWords(result, new Date(), localeTag(locale), {
    // A project's check-in records nothing besides its status and message.
    recordsMore: isProjectResult(result) ? false : result.changesKnown ? recorded.length > 0 : true,
  })

  // The form was scrolled down to its button: the result starts at the top, focus on its heading.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true })
    heading.current?.closest('main')?.scrollTo({ top: 0 })
  }, [])

  const open = (url: string) => {
    setOpenError(null)
    openInBrowser(url).catch((error: BridgeError) => setOpenError(error))
  }

  return (
    <section className="result" aria-labelledby={`${id}-title`}>
      <header className="result__head">
        <span className="result__icon" aria-hidden="true">
          <CheckIcon />
        </span>
        <div>
          <h1 id={`${id}-title`} ref={heading} tabIndex={-1} className="result__title">
            {words.title}
          </h1>
          <p className="result__goal">{subject.name}</p>
          {sentAtLabel ? <p className="result__when">{sentAtLabel}</p> : null}
        </div>
      </header>
      {words.note ? <p className="result__note">{words.note}</p> : null}
      {result.recovered ? (
        <p className="result__note">
          The first attempt had reached Operately after all: this is that check-in, and nothing was posted
          twice.
        </p>
      ) : null}

      <div className="result__block">
        <h2 id={`${id}-changes`} className="result__label">
          {words.changesLabel}
        </h2>
        {result.changesKnown ? (
          <ChangeList lines={applied} labelledBy={`${id}-changes`} />
        ) : (
          <p className="result__empty">
            Operately has this check-in, but it could not be read back just now. Open it in Operately to see
            what it changed.
          </p>
        )}
      </div>
      {result.changesKnown && words.notAppliedLabel && recorded.length > 0 ? (
        <div className="result__block">
          <h2 id={`${id}-recorded`} className="result__label">
            {words.notAppliedLabel}
          </h2>
          <ChangeList lines={recorded} labelledBy={`${id}-recorded`} />
        </div>
      ) : null}

      <div className="result__block">
        <h2 className="result__label">Message</h2>
        {isEmptyMessage(result.message) ? (
          <p className="result__empty">No message.</p>
        ) : (
          <RichTextView value={result.message} className="result__message" />
        )}
      </div>

      <ErrorAlert
        title={openError ? 'The page could not be opened' : undefined}
        message={openError?.message}
      />

      <WayOn subject={subject} onNext={onNext} onBack={onBack} backLabel={backLabel}>
        {onWriteAnother ? (
          <Button variant="secondary" onClick={onWriteAnother}>
            Write another check-in
          </Button>
        ) : null}
        {result.webUrl ? (
          <Button variant="secondary" onClick={() => open(result.webUrl!)}>
            Open in Operately
          </Button>
        ) : null}
      </WayOn>
    </section>
  )
}

/** Changes, one a line: what, and from → to (or the value kept, marked unchanged). */
function ChangeList({ lines, labelledBy }: { lines: ChangeLine[]; labelledBy: string }) {
  return (
    <ul className="result__changes" aria-labelledby={labelledBy}>
      {lines.map((line) => (
        <li key={`${line.kind}:${line.what}`} className="result__change">
          <span className="result__change-what">{line.what}</span>
          <span className="result__change-values">
            {line.from !== null ? (
              <>
                {line.statuses ? <StatusBadge status={line.statuses.from} /> : line.from}{' '}
                <span role="img" aria-label="to">
                  →
                </span>{' '}
              </>
            ) : null}
            {line.statuses ? <StatusBadge status={line.statuses.to} /> : line.to}
            {line.from === null ? <span className="result__change-same"> (unchanged)</span> : null}
          </span>
        </li>
      ))}
    </ul>
  )
}
