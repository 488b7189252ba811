import { useId, useRef, useState, useEffect } from 'react'
import type { PastCheckIn } from '@shared/domain/check-in-history'
import type { CheckInSubject } from '@shared/domain/check-ins'
import { timeLabel } from '@shared/time-label'
import { openInBrowser } from '../../bridge/app'
import type { BridgeError } from '../../bridge/bridge-error'
import { useCheckInHistory } from '../../bridge/check-in-history'
import { RichTextView } from '../../editor'
import { Button } from '../../ui/Button'
import type { Json } from './draft'
import { RecordedValues } from './RecordedValues'
import type { NumberLocale } from './number-conventions'
import { startingMessage } from './start-from'
import { StatusBadge } from './StatusBadge'

export interface CheckInHistoryProps {
  /** The goal or project whose check-ins these are. */
  subject: CheckInSubject
  locale: NumberLocale
  /** Whether the form's message holds anything yet (then starting from another asks first). */
  hasMessage: () => boolean
  /** Puts this document into the form's message, with a note to show beside it (or null). */
  onStart: (doc: Json, note: string | null) => void
}

const when = (c: PastCheckIn, now: Date): string => {
  const at = c.publishedAt ?? c.insertedAt
  return (at ? timeLabel(at, now) : null) ?? 'date unknown'
}

/**
 * The goal's earlier check-ins above the form, newest first: the latest open, each earlier one a click (or
 * Enter) away. Each can be the start of the new message. Offline, the copy from the last visit, saying so.
 */
export function CheckInHistory({ subject, locale, hasMessage, onStart }: CheckInHistoryProps) {
  const id = useId()
  const history = useCheckInHistory(subject)
  const [now] = useState(() => new Date())
  const [opened, setOpened] = useState<ReadonlySet<string> | null>(null)
  const [asking, setAsking] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const keepButton = useRef<HTMLButtonElement>(null)

  // The question takes focus when it appears, on its safe answer: Enter does not throw away a message.
  useEffect(() => {
    if (asking) keepButton.current?.focus()
  }, [asking])

  // After a refused read (access taken away, goal gone) react-query still holds the earlier answer: main
  // answered with the error rather than its copy on purpose, so the screen shows none of it either.
  const read = history.isError ? undefined : history.data
  const checkIns = read?.checkIns ?? []
  const isOpen = (c: PastCheckIn, index: number) => (opened ? opened.has(c.id) : index === 0)
  const toggle = (c: PastCheckIn, index: number, open: boolean) => {
    const now = new Set(opened ?? (checkIns[0] ? [checkIns[0].id] : []))
    if (open) now.add(c.id)
    else now.delete(c.id)
    if (isOpen(c, index) !== open) setOpened(now)
  }

  const start = (c: PastCheckIn) => {
    const ready = startingMessage(c)
    if (!ready) {
      setProblem('This message could not be read, so there is nothing to start from.')
      return
    }
    setProblem(null)
    setAsking(null)
    onStart(ready.doc, ready.note)
  }
  const askOrStart = (c: PastCheckIn) => (hasMessage() ? setAsking(c.id) : start(c))
  // To comment on it, or see it as the team does: its page in Operately, through main's own question.
  const openPage = (url: string) => {
    setProblem(null)
    openInBrowser(url).catch((error: BridgeError) =>
      setProblem(`Its page in Operately could not be opened: ${error.message}`),
    )
  }

  const headingId = `${id}-heading`
  let body: React.ReactNode
  if (history.isPending) {
    body = <p className="ci-history__quiet">Reading the earlier check-ins…</p>
  } else if (history.isError) {
    const kind = history.error.kind
    body = (
      <p className="ci-history__quiet">
        {kind === 'offline' || kind === 'timeout' || kind === 'server_error'
          ? `No earlier check-ins are kept on this computer yet: they show once the app has reached Operately with this ${subject.kind} open.`
          : `The earlier check-ins could not be read. ${history.error.message}`}
      </p>
    )
  } else if (checkIns.length === 0) {
    body = <p className="ci-history__quiet">No check-ins on this {subject.kind} yet.</p>
  } else {
    body = (
      <ol className="ci-history__list">
        {checkIns.map((c, index) => (
          <li key={c.id} className="ci-history__item">
            <details open={isOpen(c, index)} onToggle={(event) => toggle(c, index, event.currentTarget.open)}>
              <summary className="ci-history__summary">
                <StatusBadge status={c.status} />
                <span className="ci-history__when">{when(c, now)}</span>
                {c.author ? <span className="ci-history__author">{c.author.name}</span> : null}
              </summary>
              {/* A closed check-in's message is not drawn: a goal with hundreds of them opens at once. */}
              {isOpen(c, index) ? (
                <div className="ci-history__body">
                  <RichTextView value={c.message ?? ''} className="ci-history__message" />
                  <RecordedValues checkIn={c} locale={locale} />
                  {asking === c.id ? (
                    <div role="group" aria-labelledby={`${id}-ask-${index}`} className="ci-history__ask">
                      <p id={`${id}-ask-${index}`}>Replace the message you have written with this one?</p>
                      <Button className="ci-button-small" onClick={() => start(c)}>
                        Replace my message
                      </Button>
                      <Button
                        ref={keepButton}
                        variant="secondary"
                        className="ci-button-small"
                        onClick={() => setAsking(null)}
                      >
                        Keep my message
                      </Button>
                    </div>
                  ) : (
                    <Button
                      variant="secondary"
                      className="ci-button-small"
                      onClick={() => askOrStart(c)}
                      aria-describedby={`${id}-when-${index}`}
                    >
                      Start from this message
                    </Button>
                  )}
                  {c.webUrl ? (
                    <Button
                      variant="secondary"
                      className="ci-button-small"
                      onClick={() => openPage(c.webUrl!)}
                      aria-describedby={`${id}-when-${index}`}
                    >
                      Open in Operately
                    </Button>
                  ) : null}
                  <span id={`${id}-when-${index}`} hidden>
                    {`the check-in of ${when(c, now)}`}
                  </span>
                </div>
              ) : null}
            </details>
          </li>
        ))}
      </ol>
    )
  }

  return (
    <section className="ci-history" aria-labelledby={headingId}>
      <h2 id={headingId} className="ci-history__heading">
        Earlier check-ins
      </h2>
      {read ? (
        <p className="ci-history__freshness">
          {read.fromCache
            ? `From this computer's copy, as of ${timeLabel(read.fetchedAt, now) ?? 'an unknown time'}. ${read.lastError?.message ?? ''}`
            : `Read from Operately at ${timeLabel(read.fetchedAt, now) ?? 'an unknown time'}.`}
        </p>
      ) : null}
      {body}
      {problem ? (
        <p className="ci-history__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  )
}
