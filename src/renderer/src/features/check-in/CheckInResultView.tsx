import { useEffect, useId, useRef, useState } from 'react'
import type { CheckInResult } from '@shared/domain/check-ins'
import { openInBrowser } from '../../bridge/app'
import type { BridgeError } from '../../bridge/bridge-error'
import { RichTextView } from '../../editor'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { CheckIcon } from '../../ui/icons'
import { dueDateText, formatNumber } from './goal-display'
import { isEmptyMessage } from './message'
import { NextGoalActions } from './NextGoalActions'
import { StatusBadge } from './StatusBadge'

/**
 * What the server recorded for the check-in just submitted: status, message, checklist, target changes,
 * due date; then the way on: the goal in Operately, or the next goal still owed a check-in.
 */
export function CheckInResultView({
  result,
  onNext,
  onBack,
  round,
}: {
  result: CheckInResult
  /** In the weekly round: the goals still to visit, the first of them next (none: back to the inbox). */
  round?: readonly string[] | undefined
  /** Opens the next goal; with null, goes back to the list. */
  onNext: (goalId: string | null) => void
  onBack: () => void
}) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const [openError, setOpenError] = useState<BridgeError | null>(null)

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
            Check-in sent
          </h1>
          <p className="result__goal">{result.goalName}</p>
        </div>
      </header>
      {result.recovered ? (
        <p className="result__note">
          The first attempt had reached Operately after all: this is that check-in, and nothing was posted
          twice.
        </p>
      ) : null}

      <dl className="result__facts">
        <div className="result__fact">
          <dt>Status</dt>
          <dd>
            <StatusBadge status={result.status} />
          </dd>
        </div>
        <div className="result__fact">
          <dt>Due date</dt>
          <dd>{dueDateText(result.dueDate).replace(/^Due /, '')}</dd>
        </div>
      </dl>

      {result.targetChanges.length > 0 ? (
        <div className="result__block">
          <h2 className="result__label">Targets</h2>
          <ul className="result__targets">
            {result.targetChanges.map((t) => (
              <li key={t.id} className="result__target">
                <span className="result__target-name">{t.name}</span>
                <span className="result__target-values">
                  {formatNumber(t.previousValue)} → {formatNumber(t.value)}
                  {t.unit ? ` ${t.unit}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {result.checklist.length > 0 ? (
        <div className="result__block">
          <h2 className="result__label">Checklist</h2>
          <ul className="result__checklist">
            {[...result.checklist]
              .sort((a, b) => a.index - b.index)
              .map((item) => (
                <li
                  key={item.id}
                  className={item.completed ? 'result__check result__check--done' : 'result__check'}
                >
                  <span className="result__check-mark" aria-hidden="true">
                    {item.completed ? <CheckIcon width="12" height="12" /> : null}
                  </span>
                  <span>{item.name}</span>
                  <span className="visually-hidden">{item.completed ? ', done' : ', not done'}</span>
                </li>
              ))}
          </ul>
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

      <NextGoalActions goalId={result.goalId} round={round} onNext={onNext} onBack={onBack}>
        {result.webUrl ? (
          <Button variant="secondary" onClick={() => open(result.webUrl!)}>
            Open in Operately
          </Button>
        ) : null}
      </NextGoalActions>
    </section>
  )
}
