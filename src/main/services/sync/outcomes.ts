import { appError, type AppError, type ErrorKind } from '@shared/errors'
import { diskFailure } from '../storage/disk-errors'
import type { OutboxEntry, OutboxKind, OutboxPatch } from '../outbox/entry'

/** What one delivery attempt of an outbox entry came to. */
export type DeliveryOutcome =
  /** The server has it (sent now, or found there from an earlier attempt). The entry leaves the outbox. */
  | { outcome: 'delivered'; result: unknown }
  /**
   * Not now: the network, a timeout or the server. Tried again later, with backoff. `checking`: an
   * earlier request may have been applied and the server has not shown it yet, so nothing is sent until
   * it does or cannot be working on it any more. `counts`: a failure a retry may not fix (Operately's own
   * 500): a few in a row and the entry waits for the person.
   */
  | { outcome: 'retry'; error: AppError; retryAfterSeconds?: number; checking?: boolean; counts?: boolean }
  /** The project's description changed on the server since the edit began: nothing was sent. */
  | { outcome: 'conflict'; server: string | null }
  /** Sending again will not help until someone does something (see the engine for each kind). */
  | { outcome: 'needs_attention'; error: AppError }

/** What a deliverer may ask of the engine while it works on an entry. */
export interface DeliveryContext {
  /**
   * Counts a request on disk right before it goes out (attempts + 1, state `sending`), with what else the
   * deliverer must know about it if the app never hears back (`patch`), in the same write.
   */
  beforeSend(patch?: OutboxPatch): Promise<OutboxEntry>
  /** Writes what the deliverer learnt about the entry (a snapshot, an unconfirmed request) to disk. */
  record(patch: OutboxPatch): Promise<OutboxEntry>
  /** This computer's clock (ms). */
  now(): number
  /**
   * How long after a request without an answer the server may still apply it: only then does not
   * finding it on the server mean it was not applied.
   */
  settleMs: number
}

export type Deliverer = (entry: OutboxEntry, context: DeliveryContext) => Promise<DeliveryOutcome>
export type Deliverers = Record<OutboxKind, Deliverer>

/** The network or the server, not the request: worth trying again later. */
export const retryableKinds: readonly ErrorKind[] = [
  'offline',
  'timeout',
  'server_error',
  'keychain_unavailable',
]

/** The same error means the same for every entry: the whole queue stops until the user acts. */
export const haltingKinds: readonly ErrorKind[] = ['unauthorized', 'read_only_token', 'not_signed_in']

/** Maps a failed request to an outcome; deliverers use it for everything they do not handle themselves. */
export function outcomeFromError(error: AppError): DeliveryOutcome {
  if (retryableKinds.includes(error.kind)) {
    return error.retryAfterSeconds !== undefined
      ? { outcome: 'retry', error, retryAfterSeconds: error.retryAfterSeconds }
      : { outcome: 'retry', error }
  }
  return { outcome: 'needs_attention', error }
}

/**
 * Operately itself refused the change with an error after processing it (its own 500), and a look showed
 * it was not applied: sending the same thing again may well fail the same way, so this counts towards
 * "Needs you". Gateways, timeouts and failed reads never count: they say "not now", not "not this".
 */
export const refusedByServer = (error: AppError): DeliveryOutcome => {
  const outcome = outcomeFromError({ ...error, maybeApplied: undefined })
  return outcome.outcome === 'retry' ? { ...outcome, counts: true } : outcome
}

/** A look on the server that failed: still checking, later (or whatever else the failure means). */
export const stillChecking = (outcome: DeliveryOutcome): DeliveryOutcome =>
  outcome.outcome === 'retry' ? { ...outcome, checking: true } : outcome

/**
 * A failure no deliverer expected. A disk that refused a write of the outbox (full, read-only) is said as
 * such: the engine stops sending the entry there, and whether a request had gone out before is on the
 * entry, not in these words, so they only say that it stopped.
 */
export const unexpectedFailure = (err: unknown): AppError =>
  diskFailure(err, 'the app stopped sending this') ??
  appError(
    'internal',
    `Something went wrong in the app while sending this (${err instanceof Error ? err.message : String(err)}). Your text is kept; try again, or copy it somewhere safe.`.slice(
      0,
      1900,
    ),
  )

/**
 * Whether the server may still be applying this entry's unconfirmed request (see DeliveryContext.settleMs).
 * A settle time more than a whole window ahead means this computer's clock was put back since the request
 * went out (a clock that ran fast, corrected): the wait starts again from now, and that is recorded, so it
 * lasts one window rather than as long as the clock was wrong, and the entry is not stuck "checking".
 */
export async function stillSettling(entry: OutboxEntry, context: DeliveryContext): Promise<boolean> {
  const unconfirmed = entry.unconfirmed
  if (!unconfirmed) return false
  const now = context.now()
  const settleAt = Date.parse(unconfirmed.settleAt)
  if (settleAt - now <= context.settleMs) return now < settleAt
  await context.record({
    unconfirmed: { ...unconfirmed, settleAt: new Date(now + context.settleMs).toISOString() },
  })
  return true
}
