/**
 * The outbox's item states and the words that depend only on them, without zod: the popup's first screen
 * (the Sync tab's count, the editor's notices) needs these, and importing them from `sync.ts` would put
 * the schema library into that screen's bundle (bench/popup-weight.ts).
 */

/**
 * As the outbox stores them, plus `checking`: waiting, after a request Operately may have applied without
 * saying so, until the app has seen whether it did (nothing is sent again meanwhile).
 */
export const syncItemStates = [
  'pending',
  'sending',
  'checking',
  'failed',
  'conflict',
  'needs_attention',
] as const

/**
 * The states in which an item waits for the person (Sync's "Needs you"), in the order that group lists
 * them. A later item of the same lane waits behind such an item, whatever the network does.
 */
export const waitingForPersonStates = ['conflict', 'needs_attention', 'failed'] as const
export type WaitingForPersonState = (typeof waitingForPersonStates)[number]
export const waitsForPerson = (state: string): state is WaitingForPersonState =>
  (waitingForPersonStates as readonly string[]).includes(state)

/** Why a save waits when an earlier save of the same description waits for the person; null when none does. */
export function behindReason(behind: { state: WaitingForPersonState } | null | undefined): string | null {
  if (!behind) return null
  return behind.state === 'conflict'
    ? 'An earlier save of this description needs your decision first: someone else changed it meanwhile. Open Sync to choose which version to keep; this one is sent after that.'
    : 'An earlier save of this description could not be sent and waits for you in Sync; this one is sent after it.'
}
