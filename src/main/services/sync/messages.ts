import type { AppError } from '@shared/errors'
import type { OutboxKind } from '../outbox/entry'

/** What the Sync view says about an entry the engine set aside, in words a manager can act on. */

const kept = (kind: OutboxKind) =>
  kind === 'description' ? 'Your text' : kind === 'check-in' ? 'Your check-in' : 'Your acknowledgement'

export function goneMessage(kind: OutboxKind): string {
  if (kind === 'acknowledgement') {
    return 'This check-in is gone or no longer shared with you: it may have been deleted, or your access removed. Your acknowledgement is kept here: press Retry when this is sorted out, or discard it.'
  }
  const what = kind === 'description' ? 'This project' : 'This goal'
  return `${what} is gone or no longer shared with you: it may have been deleted, or your access removed. ${kept(kind)} is kept here: copy it somewhere safe, or discard it.`
}

/** Errors that stop one entry but not the queue: the server's explanation, plus what happens to the text. */
export function keptMessage(kind: OutboxKind, error: AppError): string {
  return `${error.message} ${kept(kind)} is kept here; press Retry when this is sorted out, or discard it.`
}

/**
 * An entry Operately refused the same way several times in a row: its reason, and that the text waits for
 * the person (edit it, retry, or discard it) rather than being tried forever.
 */
export function refusedMessage(kind: OutboxKind, error: AppError, times: number, unclear = false): string {
  const what =
    kind === 'description'
      ? 'this description'
      : kind === 'check-in'
        ? 'this check-in'
        : 'this acknowledgement'
  if (unclear) {
    return `Sending ${what} failed ${times} times in a row without a clear answer (the last: ${error.message}) and it is not on Operately so far. ${kept(kind)} is kept here; Retry looks on Operately again before sending anything. You can also edit it or discard it.`
  }
  return `Operately refused ${what} ${times} times in a row: ${error.message} ${kept(kind)} is kept here: edit it, press Retry, or discard it.`
}
