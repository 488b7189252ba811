import { feedSignatureRefusal } from './feed-signature'
import { updateDisabledMessages, type UpdateDisabledReason } from './update-support'

/**
 * What the About view shows about updates, as a value that changes with the updater's events. Pure: the
 * shell feeds electron-updater's events in, the renderer reads the result through the bridge.
 */
export type UpdateStatus =
  | { state: 'disabled'; reason: UpdateDisabledReason; message: string }
  | { state: 'idle'; lastCheckedAt: string | null }
  | { state: 'checking'; lastCheckedAt: string | null }
  /** Found and downloading; `percent` is null until the first progress report. */
  | { state: 'available'; version: string; percent: number | null; lastCheckedAt: string | null }
  /** Ready: installed on restart (or when the app quits). */
  | { state: 'downloaded'; version: string; lastCheckedAt: string | null }
  | { state: 'error'; message: string; lastCheckedAt: string | null }

export type UpdateEvent =
  | { type: 'disabled'; reason: UpdateDisabledReason }
  | { type: 'enabled' }
  | { type: 'checking' }
  | { type: 'not-available'; at: string }
  | { type: 'available'; version: string; at: string }
  | { type: 'progress'; percent: number }
  | { type: 'downloaded'; version: string }
  | { type: 'error'; error: unknown }

const lastChecked = (status: UpdateStatus) => (status.state === 'disabled' ? null : status.lastCheckedAt)

export function nextUpdateStatus(status: UpdateStatus, event: UpdateEvent): UpdateStatus {
  switch (event.type) {
    case 'disabled':
      return { state: 'disabled', reason: event.reason, message: updateDisabledMessages[event.reason] }
    case 'enabled':
      return status.state === 'disabled' ? { state: 'idle', lastCheckedAt: null } : status
    default:
      break
  }
  // Events that arrive after updates were switched off (a check already in flight) change nothing.
  if (status.state === 'disabled') return status
  // A downloaded update stays ready whatever a later check says: it is still installed on restart.
  if (status.state === 'downloaded' && event.type !== 'downloaded') return status
  switch (event.type) {
    case 'checking':
      return { state: 'checking', lastCheckedAt: lastChecked(status) }
    case 'not-available':
      return { state: 'idle', lastCheckedAt: event.at }
    case 'available':
      return { state: 'available', version: event.version, percent: null, lastCheckedAt: event.at }
    case 'progress':
      if (status.state !== 'available') return status
      return { ...status, percent: Math.max(0, Math.min(100, Math.round(event.percent))) }
    case 'downloaded':
      return { state: 'downloaded', version: event.version, lastCheckedAt: lastChecked(status) }
    case 'error':
      return { state: 'error', message: updateErrorMessage(event.error), lastCheckedAt: lastChecked(status) }
  }
}

const networkCodes =
  /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED|ERR_CONNECTION_[A-Z_]+|ERR_NETWORK_CHANGED|ERR_TIMED_OUT)\b/

/** electron-updater's errors are stack traces and HTTP dumps; people get one sentence they can act on. */
export function updateErrorMessage(error: unknown): string {
  const text =
    error instanceof Error ? `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}` : String(error)
  // First: a refused feed's reason quotes the HTTP error that says why (a 404 on latest-linux.yml.sig).
  if (text.includes(feedSignatureRefusal) || /refused: the signed update feed/.test(text)) {
    return "The update feed's signature does not match, so no update was downloaded. Tell your IT department."
  }
  if (/refused: the downloaded update/.test(text)) {
    return 'The downloaded update is not the one the signed update feed describes, so it was not installed. Tell your IT department.'
  }
  if (networkCodes.test(text)) {
    return 'Could not reach the update server. Operately Tray will try again later.'
  }
  if (/\b404\b/.test(text) && /\.yml/.test(text)) {
    return 'The update server has no update information for Operately Tray (latest.yml is missing). Tell your IT department.'
  }
  if (/not signed by the application owner|publisherName|signature verification/i.test(text)) {
    return 'The downloaded update is not signed by the expected publisher, so it was not installed. Tell your IT department.'
  }
  if (/code signature|not signed/i.test(text)) {
    return 'This copy of Operately Tray is not signed, so the system will not let it install updates.'
  }
  if (/\b(ENOSPC)\b/.test(text)) return 'There is not enough disk space to download the update.'
  const firstLine = text.trim().split('\n')[0]?.slice(0, 200) ?? ''
  return `Looking for updates failed: ${firstLine || 'unknown error'}. Operately Tray will try again later.`
}

export interface UpdateStatusStore {
  get(): UpdateStatus
  apply(event: UpdateEvent): UpdateStatus
  subscribe(listener: (status: UpdateStatus) => void): () => void
}

export function createUpdateStatusStore(initial: UpdateStatus): UpdateStatusStore {
  let status = initial
  const listeners = new Set<(status: UpdateStatus) => void>()
  return {
    get: () => status,
    apply(event) {
      const next = nextUpdateStatus(status, event)
      if (JSON.stringify(next) !== JSON.stringify(status)) {
        status = next
        for (const listener of listeners) listener(status)
      }
      return status
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
