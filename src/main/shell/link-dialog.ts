import { BrowserWindow, dialog, type MessageBoxOptions } from 'electron'
import type { LinkQuestion } from '../services/app/link-policy'
import type { AskBeforeOpening } from '../services/app/link-service'
import type { PopupWindow } from './popup-window'
import { askOverPopup } from './question-over-popup'

const openButton = 0
const cancelButton = 1

/** The dialog's words: the site or the recipients in the question, the whole address under it. */
export function linkDialogOptions(question: LinkQuestion): MessageBoxOptions {
  return {
    type: 'question',
    title: 'Operately Tray',
    message:
      question.kind === 'web'
        ? `Open ${question.host} in your browser?`
        : `Write an e-mail to ${question.to} in your mail program?`,
    detail:
      question.kind === 'web' && question.server
        ? `${question.url}\n\nThis is the Operately server you are signed in to: once you open it, its pages open without asking until another server is signed in to.`
        : question.url,
    buttons: ['Open', 'Cancel'],
    // Enter, Escape and closing the dialog all mean Cancel: only a deliberate Open opens.
    defaultId: cancelButton,
    cancelId: cancelButton,
    // Windows would otherwise turn the buttons into large "command links".
    noLink: true,
  }
}

/**
 * Main's question before a link leaves the app: a native message box the page can neither see nor
 * answer, modal to the popup. While it is open the popup is held up (its blur hides it otherwise, and a
 * dialog modal to it would go with it) and steps down from always-on-top, so no window manager can
 * stack it over the question (question-over-popup.ts). With the popup hidden nothing is asked (the link
 * is refused).
 */
export function createLinkDialog(popup: () => PopupWindow | null): AskBeforeOpening {
  return async (question) => {
    const current = popup()
    // A person clicks links in the popup on screen. A hidden page asking would raise a box out of
    // nowhere, with the credibility of the app's own dialog: refused, and never shown.
    if (!current?.isVisible()) throw new Error('the popup is not on screen')
    const parent = BrowserWindow.fromWebContents(current.webContents)
    const options = linkDialogOptions(question)
    const { response } = await askOverPopup(current, () =>
      parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options),
    )
    return response === openButton
  }
}
