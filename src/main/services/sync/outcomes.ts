import { appError, type AppError, type ErrorKind } from '@shared/errors'
import type { OutboxEntry, OutboxKind } from '../outbox/entry'

/** What one delivery attempt of an outbox entry came to. */
export type DeliveryOutcome =
  /** The server has it (sent now, or found there from an earlier attempt). The entry leaves the outbox. */
  | { outcome: 'delivered'; result: unknown }
  /** Not now: the network, a timeout or the server. Tried again later, with backoff. */
  | { outcome: 'retry'; error: AppError; retryAfterSeconds?: number }
  /** The project's description changed on the server since the edit began: nothing was sent. */
  | { outcome: 'conflict'; server: string | null }
  /** Sending again will not help until someone does something (see the engine for each kind). */
  | { outcome: 'needs_attention'; error: AppError }

export interface DeliveryContext {
  /** A request for this entry may already have reached the server (an earlier attempt, maybe before a crash). */
  attempted: boolean
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

export const unexpectedFailure = (err: unknown): AppError =>
  appError(
    'internal',
    `Something went wrong in the app while sending this (${err instanceof Error ? err.message : String(err)}). Your text is kept; try again, or copy it somewhere safe.`.slice(
      0,
      1900,
    ),
  )
