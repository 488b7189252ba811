import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { Button } from '../../ui/Button'

/**
 * "Discard…" asked in the row itself, as every Sync row does it: focus moves to the question's safe
 * answer (Keep), and back to "Discard…" when the question goes; Escape takes the question back without
 * closing the popup.
 */
export function useDiscardQuestion() {
  const [confirming, setConfirming] = useState(false)
  const keep = useRef<HTMLButtonElement>(null)
  const askDiscard = useRef<HTMLButtonElement>(null)
  // Where focus goes once the row shows what was just chosen (the question, or the row's actions again).
  const focusNext = useRef<'question' | 'actions' | null>(null)

  useEffect(() => {
    const target = focusNext.current
    focusNext.current = null
    if (target === 'question') keep.current?.focus()
    if (target === 'actions') askDiscard.current?.focus()
  }, [confirming])

  const ask = () => {
    focusNext.current = 'question'
    setConfirming(true)
  }
  const cancel = () => {
    focusNext.current = 'actions'
    setConfirming(false)
  }
  return { confirming, ask, cancel, keep, askDiscard }
}

export function DiscardQuestion({
  question,
  consequence,
  busy,
  keep,
  onDiscard,
  onKeep,
}: {
  question: string
  consequence: string
  busy: boolean
  keep: RefObject<HTMLButtonElement | null>
  onDiscard: () => void
  onKeep: () => void
}) {
  const questionId = useId()
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return
    // Used here: the popup must not close on the Escape that only takes the question back.
    event.preventDefault()
    event.stopPropagation()
    onKeep()
  }
  return (
    <div className="sync-confirm" role="group" aria-labelledby={questionId} onKeyDown={onKeyDown}>
      <p id={questionId} className="sync-confirm__title">
        {question}
      </p>
      <p className="sync-confirm__text">{consequence}</p>
      <div className="sync-confirm__actions">
        <Button
          className="compact-button button--danger"
          busy={busy}
          busyLabel="Discarding…"
          onClick={onDiscard}
        >
          Discard
        </Button>
        <Button ref={keep} variant="secondary" className="compact-button" onClick={onKeep}>
          Keep
        </Button>
      </div>
    </div>
  )
}
