import type { ErrorKind } from '@shared/errors'
import type { OutboxKind } from '../outbox/entry'

/**
 * Failures after which work is queued instead of refused: no answer came. A 5xx is an answer (Operately
 * answers some invalid requests with 500), so the person sees it, with their text kept as a draft.
 */
export const queueableKinds: readonly ErrorKind[] = ['offline', 'timeout']

/** Why a save was queued instead of sent, in words that say what happens next. */
export function queueReason(kind: OutboxKind, error: { kind: ErrorKind } | null): string {
  const what = kind === 'description' ? 'Your text' : 'Your check-in'
  const cause =
    error?.kind === 'timeout'
      ? 'Operately did not answer in time'
      : error?.kind === 'server_error'
        ? 'Operately had a problem on its side'
        : 'Operately cannot be reached from this computer right now'
  const never = kind === 'description' ? 'never over someone else’s newer edit' : 'never twice'
  return `${cause}. ${what} is saved on this computer and will be sent as soon as it can be (${never}).`
}
