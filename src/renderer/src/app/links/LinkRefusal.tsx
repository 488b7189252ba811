import { useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent } from 'react'
import { linkRefusals } from './link-refusals'

/**
 * Says that a link was not opened, and why ("Links to javascript: addresses are never opened."). A modal
 * dialog with one OK: focus stays inside, Escape closes it without closing the popup, and focus goes back
 * where it was. (The question before a link opens is main's own dialog, not this page's.)
 */
export function LinkRefusal() {
  const message = useSyncExternalStore(linkRefusals.subscribe, linkRefusals.current)
  return message === null ? null : <RefusalDialog message={message} />
}

function RefusalDialog({ message }: { message: string }) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const ok = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    // Where focus goes back to: React removes the dialog before this cleanup can close it, and a
    // removed dialog does not restore focus by itself.
    const before = document.activeElement
    element.showModal()
    ok.current?.focus()
    return () => {
      element.close()
      if (before instanceof HTMLElement && before.isConnected) before.focus()
    }
  }, [])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    // Used up here: Escape closes the notice, not the popup (see useEscapeHidesPopup).
    event.preventDefault()
    linkRefusals.dismiss()
  }

  return (
    <dialog
      ref={dialog}
      className="link-refusal"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-detail`}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault()
        linkRefusals.dismiss()
      }}
    >
      <h2 id={`${id}-title`} className="link-refusal__title">
        This link was not opened
      </h2>
      <p id={`${id}-detail`}>{message}</p>
      <div className="link-refusal__actions">
        <button ref={ok} type="button" className="button button--primary" onClick={linkRefusals.dismiss}>
          OK
        </button>
      </div>
    </dialog>
  )
}
