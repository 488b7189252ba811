/**
 * How main asks a question over the popup (the link dialog, shell/link-dialog.ts). The popup is
 * always-on-top, and a window manager may stack an always-on-top window over a dialog that is merely
 * modal to it (several Linux ones do, and Windows does for a dialog without an owner): the question would
 * sit under the popup, unseen, while the popup waits for its answer. So for as long as a question is open
 * the popup steps down to an ordinary window, and comes back on top once the last question is answered.
 * It is also held open, so the blur the dialog causes does not hide it (popup-window.ts). Pure: the window
 * operations are passed in, so the order is tested without Electron.
 */

/** The popup as far as a question over it needs it. */
export interface QuestionHost {
  /** Keeps the popup up while the question is open; returns the release. */
  holdOpen(): () => void
  /** Whether the popup floats above every other window. */
  setAlwaysOnTop(onTop: boolean): void
}

// Questions open at once, per popup: it comes back on top only when the last one is answered.
const openQuestions = new WeakMap<QuestionHost, number>()

/** Runs `ask` (which shows the dialog and resolves with its answer) with the popup stepped down. */
export async function askOverPopup<T>(popup: QuestionHost, ask: () => Promise<T>): Promise<T> {
  // Held and stepped down before the dialog opens: the blur and the stacking happen as it appears.
  const release = popup.holdOpen()
  const open = openQuestions.get(popup) ?? 0
  openQuestions.set(popup, open + 1)
  if (open === 0) popup.setAlwaysOnTop(false)
  try {
    return await ask()
  } finally {
    const left = (openQuestions.get(popup) ?? 1) - 1
    if (left === 0) {
      openQuestions.delete(popup)
      popup.setAlwaysOnTop(true)
    } else {
      openQuestions.set(popup, left)
    }
    release()
  }
}
