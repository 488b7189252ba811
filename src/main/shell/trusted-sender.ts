/**
 * Whether an IPC message really comes from the app's own page in the popup. Structural types (the subset
 * of Electron's WebContents / WebFrameMain we read) keep this testable without Electron.
 */

export interface FrameLike {
  readonly url: string
  readonly processId: number
  readonly frameToken: string
  readonly parent: FrameLike | null
  readonly detached?: boolean
}

export interface WebContentsLike {
  readonly id: number
  readonly mainFrame: FrameLike
  isDestroyed(): boolean
}

export interface SenderLike {
  readonly sender: { readonly id: number }
  /** Null when the frame navigated away or was destroyed before the message was handled. */
  readonly senderFrame: FrameLike | null
}

export type TrustVerdict = { trusted: true } | { trusted: false; reason: string }

export function checkSender(
  event: SenderLike,
  popup: WebContentsLike | null,
  isAppUrl: (url: string) => boolean,
): TrustVerdict {
  if (!popup || popup.isDestroyed()) return { trusted: false, reason: 'the popup window does not exist' }
  if (event.sender.id !== popup.id) return { trusted: false, reason: 'message from another window' }
  const frame = event.senderFrame
  if (!frame || frame.detached) return { trusted: false, reason: 'the sending frame is gone' }
  // Only the top frame of the popup: an iframe (should one ever appear) is not the app.
  const main = popup.mainFrame
  if (frame.parent !== null || frame.processId !== main.processId || frame.frameToken !== main.frameToken) {
    return { trusted: false, reason: 'message from a frame that is not the popup page' }
  }
  if (!isAppUrl(frame.url)) return { trusted: false, reason: 'message from a page that is not the app' }
  return { trusted: true }
}
