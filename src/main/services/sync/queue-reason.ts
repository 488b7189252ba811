import type { ErrorKind } from '@shared/errors'

/**
 * Failures after which work is queued instead of refused: no answer came. A 5xx is an answer (Operately
 * answers some invalid requests with 500), so the person sees it, with their text kept as a draft.
 */
export const queueableKinds: readonly ErrorKind[] = ['offline', 'timeout']

/**
 * Why work was queued instead of sent, in a sentence. Only the cause: the screens that show it already say
 * that the work is kept on this computer and sent later.
 */
export function queueReason(error: { kind: ErrorKind; message?: string } | null): string {
  if (error?.kind === 'timeout') return 'Operately did not answer in time.'
  if (error?.kind === 'server_error') return 'Operately answered with an error; it is tried again shortly.'
  return 'Operately cannot be reached from this computer right now.'
}
