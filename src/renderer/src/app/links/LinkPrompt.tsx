import { useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent } from 'react'
import { answerLinkQuestion } from '../../bridge/app'
import { linkPrompts, type LinkPrompt as Prompt } from './link-prompt-store'

/**
 * The popup's one question before a link leaves for another site: "Open example.com in your browser?",
 * the whole address under it, "Open in browser" and "Cancel" (focused, so Enter alone never opens
 * anything). A modal dialog: focus stays inside, Escape cancels without closing the popup, and focus goes
 * back where it was. Also says when a link was refused.
 */
export function LinkPrompt() {
  const prompt = useSyncExternalStore(linkPrompts.subscribe, linkPrompts.current)
  return prompt ? (
    <PromptDialog key={prompt.kind === 'ask' ? prompt.question.id : 'refused'} prompt={prompt} />
  ) : null
}

function PromptDialog({ prompt }: { prompt: Prompt }) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const safeChoice = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    // Where focus goes back to: React removes the dialog before this cleanup can close it, and a
    // removed dialog does not restore focus by itself.
    const before = document.activeElement
    element.showModal()
    safeChoice.current?.focus()
    return () => {
      element.close()
      if (before instanceof HTMLElement && before.isConnected) before.focus()
    }
  }, [])

  const finish = (open: boolean) => {
    linkPrompts.dismiss()
    if (prompt.kind !== 'ask') return
    answerLinkQuestion(prompt.question.id, open).then(
      (answer) => {
        if (open && !answer.opened) {
          linkPrompts.show({
            kind: 'refused',
            message: 'That question had expired, so the link was not opened. Click it again.',
          })
        }
      },
      (error: unknown) =>
        linkPrompts.show({
          kind: 'refused',
          message: error instanceof Error ? error.message : 'The link could not be opened.',
        }),
    )
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    // Used up here: Escape closes the question, not the popup (see useEscapeHidesPopup).
    event.preventDefault()
    finish(false)
  }

  return (
    <dialog
      ref={dialog}
      className="link-prompt"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-detail`}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault()
        finish(false)
      }}
    >
      {prompt.kind === 'ask' ? (
        <>
          <h2 id={`${id}-title`} className="link-prompt__title">
            Open {prompt.question.host} in your browser?
          </h2>
          <p id={`${id}-detail`} className="link-prompt__url">
            {prompt.question.url}
          </p>
          <div className="link-prompt__actions">
            <button type="button" className="button button--primary" onClick={() => finish(true)}>
              Open in browser
            </button>
            <button
              ref={safeChoice}
              type="button"
              className="button button--secondary"
              onClick={() => finish(false)}
            >
              Cancel
            </button>
          </div>
        </>
      ) : (
        <>
          <h2 id={`${id}-title`} className="link-prompt__title">
            This link was not opened
          </h2>
          <p id={`${id}-detail`}>{prompt.message}</p>
          <div className="link-prompt__actions">
            <button
              ref={safeChoice}
              type="button"
              className="button button--primary"
              onClick={() => finish(false)}
            >
              OK
            </button>
          </div>
        </>
      )}
    </dialog>
  )
}
