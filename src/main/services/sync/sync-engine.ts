import { AppFailure, appError, type AppError } from '@shared/errors'
import { redact, silentLogger, type Logger } from '../log/logger'
import type { OutboxEntry, OutboxPatch } from '../outbox/entry'
import type { OutboxStore } from '../outbox/outbox-store'
import type { Connectivity } from '../connectivity/connectivity'
import { defaultBackoff, retryDelayMs, type BackoffPolicy } from './backoff'
import { isoAt, systemClock, type Clock } from './clock'
import { goneMessage, keptMessage } from './messages'
import {
  haltingKinds,
  outcomeFromError,
  unexpectedFailure,
  type DeliveryOutcome,
  type Deliverers,
} from './outcomes'
import { countStates, sameStatus, type SyncStatus } from './status'

/**
 * Sends what the outbox holds, one request at a time, oldest first. Runs at start, when connectivity
 * returns, when something is queued, and on a timer with exponential backoff and jitter after a failure
 * (never sooner than a server's Retry-After).
 *
 * The order of writes is what makes it crash-proof: an attempt is counted on disk before its request
 * goes out, so after a crash the deliverer knows a request may have reached the server and looks before
 * sending again; an entry leaves the disk only after the server confirmed it.
 *
 * Entries with the same key (one project's description) go strictly one after the other: a later one
 * waits until the earlier one is delivered or discarded, whatever state the earlier one is in, so an
 * older text can never land after a newer one.
 */

export type SyncEvent =
  | { type: 'delivered'; entry: OutboxEntry; result: unknown }
  | { type: 'conflict'; entry: OutboxEntry; server: string | null }
  | { type: 'failed'; entry: OutboxEntry; error: AppError }
  | { type: 'needs_attention'; entry: OutboxEntry; error: AppError }
  /** The whole queue stopped until `resume()`: signed out, token revoked, read-only token. */
  | { type: 'halted'; error: AppError }

export type ConnectivitySignal = Pick<
  Connectivity,
  'isOnline' | 'subscribe' | 'reportSuccess' | 'reportFailure' | 'check'
>

export interface SyncEngineOptions {
  outbox: OutboxStore
  deliverers: Deliverers
  connectivity: ConnectivitySignal
  clock?: Clock
  log?: Logger
  /** A number in [0, 1): jitter. */
  random?: () => number
  backoff?: BackoffPolicy
  /**
   * Whether an entry may be sent with the session signed in now; false for work queued by another
   * account (it waits, untouched, until that account signs in again). Everything may be sent by default.
   */
  canSend?: (entry: OutboxEntry) => boolean
}

export interface SyncEngine {
  /** Sends what is waiting (if online) and keeps doing so until `stop()`. */
  start(): void
  /** Stops timers and listeners; resolves once the request in flight (if any) has finished. */
  stop(): Promise<void>
  /** "Sync now": forgets backoff (not a server's Retry-After), checks connectivity, sends; resolves when done. */
  syncNow(): Promise<void>
  /** "Retry now" on one entry: back to pending, without waiting for its backoff. */
  retry(id: string): Promise<void>
  /** Removes an entry for good (after the user confirmed); waits for its request if one is in flight. */
  discard(id: string): Promise<void>
  /** After the user signed in again (or got a token that can write): lifts the stop and sends. */
  resume(): Promise<void>
  /** Changes a waiting entry (not one being sent): the hook for resolving conflicts. */
  updateEntry(id: string, patch: OutboxPatch): Promise<OutboxEntry>
  /** Changes an entry (optionally) and puts it back in line: e.g. "keep mine" = requeue(id, { base: server }). */
  requeue(id: string, patch?: OutboxPatch): Promise<void>
  status(): SyncStatus
  subscribe(listener: (status: SyncStatus) => void): () => void
  onEvent(listener: (event: SyncEvent) => void): () => void
  /** Resolves when no sync pass is running (for tests and orderly shutdown). */
  idle(): Promise<void>
}

/** An error as the entry keeps it on disk: short, and never with anything shaped like a token. */
const storedError = (kind: AppError['kind'], message: string) => ({
  kind,
  message: redact(message, []).slice(0, 2000),
})

const offlineMessage =
  'Operately cannot be reached from this computer right now. It will be sent as soon as the connection is back.'

interface Waiting {
  /** Not before this time (ms). */
  at: number
  failures: number
  /** The server asked for this pause (Retry-After): kept even when the user presses "Sync now". */
  serverAsked: boolean
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { outbox, deliverers, connectivity } = options
  const clock = options.clock ?? systemClock
  const log = options.log ?? silentLogger
  const random = options.random ?? Math.random
  const backoff = options.backoff ?? defaultBackoff
  const canSend = options.canSend ?? (() => true)

  const waits = new Map<string, Waiting>()
  let halted: AppError | null = null
  let started = false
  let stopped = false
  let running: Promise<void> | null = null
  let again = false
  let inFlight: { id: string; done: Promise<void> } | null = null
  let cancelTimer: (() => void) | null = null
  let timerAt: number | null = null
  let lastSyncedAt: string | null = null
  const unsubscribers: Array<() => void> = []
  const statusListeners = new Set<(status: SyncStatus) => void>()
  const eventListeners = new Set<(event: SyncEvent) => void>()

  const status = (): SyncStatus => ({
    ...countStates(outbox.list()),
    lastSyncedAt,
    online: connectivity.isOnline(),
    halted,
    nextAttemptAt: timerAt === null ? null : new Date(timerAt).toISOString(),
    syncing: running !== null,
  })
  let published = status()
  const publish = () => {
    const now = status()
    if (sameStatus(now, published)) return
    published = now
    for (const listener of statusListeners) listener(now)
  }
  const emit = (event: SyncEvent) => {
    for (const listener of eventListeners) {
      try {
        listener(event)
      } catch (err) {
        log.error('sync: an event listener failed', { error: String(err) })
      }
    }
  }

  /** The oldest entry that may be sent now, or null. */
  const nextToSend = (): OutboxEntry | null => {
    const now = clock.now()
    const earlierKeys = new Set<string>()
    for (const entry of outbox.list()) {
      const waitsBehindEarlier = earlierKeys.has(entry.key)
      earlierKeys.add(entry.key)
      if (waitsBehindEarlier) continue
      // `sending` without a request in flight: a bookkeeping write failed after the answer came back.
      const sendable = entry.state === 'pending' || (entry.state === 'sending' && inFlight?.id !== entry.id)
      if (!sendable || !canSend(entry)) continue
      if ((waits.get(entry.id)?.at ?? 0) > now) continue
      return entry
    }
    return null
  }

  const schedule = () => {
    cancelTimer?.()
    cancelTimer = null
    timerAt = null
    if (!started || stopped || halted) return
    const now = clock.now()
    const due = outbox
      .list()
      .filter((e) => e.state === 'pending')
      .map((e) => waits.get(e.id)?.at)
      .filter((at): at is number => at !== undefined && at > now)
    if (due.length === 0) return
    const at = Math.min(...due)
    timerAt = at
    cancelTimer = clock.setTimer(() => {
      cancelTimer = null
      timerAt = null
      void runPass()
    }, at - now)
  }

  async function afterDelivered(entry: OutboxEntry, result: unknown): Promise<void> {
    connectivity.reportSuccess()
    await outbox.markDelivered(entry.id)
    waits.delete(entry.id)
    lastSyncedAt = isoAt(clock)
    log.info('sync: delivered', { kind: entry.kind, id: entry.id, attempts: entry.attempts })
    emit({ type: 'delivered', entry, result })
  }

  async function setAside(entry: OutboxEntry, error: AppError): Promise<void> {
    if (error.status !== undefined) connectivity.reportSuccess()
    waits.delete(entry.id)
    const lastError = (message: string) => storedError(error.kind, message)
    if (haltingKinds.includes(error.kind)) {
      halted = error
      const saved = await outbox.update(entry.id, {
        state: 'needs_attention',
        lastError: lastError(error.message),
      })
      log.warn('sync: stopped until the user acts', { kind: error.kind })
      emit({ type: 'needs_attention', entry: saved, error })
      emit({ type: 'halted', error })
      return
    }
    if (error.kind === 'forbidden') {
      const saved = await outbox.update(entry.id, {
        state: 'needs_attention',
        lastError: lastError(keptMessage(entry.kind, error)),
      })
      emit({ type: 'needs_attention', entry: saved, error })
      return
    }
    const message = error.kind === 'not_found' ? goneMessage(entry.kind) : keptMessage(entry.kind, error)
    const saved = await outbox.update(entry.id, { state: 'failed', lastError: lastError(message) })
    log.warn('sync: an entry cannot be delivered as it is', {
      kind: entry.kind,
      id: entry.id,
      error: error.kind,
    })
    emit({ type: 'failed', entry: saved, error })
  }

  async function apply(entry: OutboxEntry, outcome: DeliveryOutcome): Promise<void> {
    switch (outcome.outcome) {
      case 'delivered':
        return afterDelivered(entry, outcome.result)
      case 'retry': {
        connectivity.reportFailure(outcome.error.kind)
        const failures = (waits.get(entry.id)?.failures ?? 0) + 1
        const delay = retryDelayMs(failures, random, backoff, outcome.retryAfterSeconds)
        waits.set(entry.id, {
          at: clock.now() + delay,
          failures,
          serverAsked: outcome.retryAfterSeconds !== undefined,
        })
        log.info('sync: will try again', { kind: entry.kind, id: entry.id, error: outcome.error.kind, delay })
        await outbox.update(entry.id, {
          state: 'pending',
          lastError: storedError(outcome.error.kind, outcome.error.message),
        })
        return
      }
      case 'conflict': {
        connectivity.reportSuccess()
        waits.delete(entry.id)
        const saved = await outbox.update(entry.id, {
          state: 'conflict',
          lastError: null,
          conflict: { serverDescription: outcome.server, seenAt: isoAt(clock) },
        })
        log.info('sync: conflict, nothing sent', { id: entry.id })
        emit({ type: 'conflict', entry: saved, server: outcome.server })
        return
      }
      case 'needs_attention':
        return setAside(entry, outcome.error)
    }
  }

  /** One attempt at one entry; says whether the pass should go on. */
  async function deliverOne(entry: OutboxEntry): Promise<boolean> {
    let finish!: () => void
    inFlight = { id: entry.id, done: new Promise<void>((resolve) => (finish = resolve)) }
    try {
      let sending: OutboxEntry
      try {
        sending = await outbox.markAttempt(entry.id)
      } catch (err) {
        // Discarded a moment ago: nothing to send.
        if (err instanceof AppFailure && outbox.get(entry.id) === null) return true
        throw err
      }
      publish()
      let outcome: DeliveryOutcome
      try {
        outcome = await deliverers[sending.kind](sending, { attempted: sending.attempts > 1 })
      } catch (err) {
        outcome =
          err instanceof AppFailure
            ? outcomeFromError(err.error)
            : { outcome: 'needs_attention', error: unexpectedFailure(err) }
        if (!(err instanceof AppFailure)) log.error('sync: a deliverer failed', { error: String(err) })
      }
      await apply(sending, outcome)
      return outcome.outcome !== 'retry'
    } finally {
      inFlight = null
      finish()
    }
  }

  async function passOnce(): Promise<void> {
    for (;;) {
      if (stopped || halted || !connectivity.isOnline()) return
      const next = nextToSend()
      if (!next) {
        if (countStates(outbox.list()).pending === 0) lastSyncedAt = isoAt(clock)
        return
      }
      // After a network or server failure the pass ends: the backoff timer decides when to try again.
      if (!(await deliverOne(next))) return
      publish()
    }
  }

  function runPass(): Promise<void> {
    if (!started || stopped) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      try {
        do {
          again = false
          await passOnce()
        } while (again && !stopped)
      } catch (err) {
        log.error('sync: a pass failed', { error: String(err) })
      } finally {
        running = null
        schedule()
        publish()
      }
    })()
    publish()
    return running
  }

  const haltFromDisk = (): AppError | null => {
    const stuck = outbox
      .list()
      .find((e) => e.state === 'needs_attention' && e.lastError && haltingKinds.includes(e.lastError.kind))
    return stuck?.lastError ? appError(stuck.lastError.kind, stuck.lastError.message) : null
  }

  const refuseWhileSending = (id: string) => {
    if (inFlight?.id === id) {
      throw new AppFailure(
        appError('invalid_input', 'This item is being sent right now. Wait a moment and try again.'),
      )
    }
  }

  return {
    start() {
      if (started) return
      started = true
      // A stop that the user has not acted on yet survives a restart.
      halted = haltFromDisk()
      unsubscribers.push(
        outbox.subscribe((change) => {
          if (change.type === 'appended') void runPass()
          publish()
        }),
        connectivity.subscribe((online) => {
          if (online) void runPass()
          publish()
        }),
      )
      void runPass()
    },

    async stop() {
      stopped = true
      cancelTimer?.()
      cancelTimer = null
      timerAt = null
      for (const unsubscribe of unsubscribers.splice(0)) unsubscribe()
      await running
    },

    async syncNow() {
      for (const [id, wait] of waits) if (!wait.serverAsked) waits.delete(id)
      if (!connectivity.isOnline()) await connectivity.check()
      await runPass()
    },

    async retry(id) {
      const entry = outbox.get(id)
      if (!entry || entry.state === 'sending') return
      waits.delete(id)
      await outbox.update(id, { state: 'pending' })
      if (!connectivity.isOnline() && !(await connectivity.check())) {
        // Nothing could be tried: the item says why, rather than an older error or nothing at all.
        await outbox.update(id, { lastError: storedError('offline', offlineMessage) })
        publish()
        return
      }
      await runPass()
    },

    async discard(id) {
      if (inFlight?.id === id) await inFlight.done
      await outbox.remove(id)
      waits.delete(id)
      publish()
    },

    async resume() {
      halted = null
      for (const entry of outbox.list()) {
        if (
          entry.state === 'needs_attention' &&
          entry.lastError &&
          haltingKinds.includes(entry.lastError.kind)
        ) {
          waits.delete(entry.id)
          await outbox.update(entry.id, { state: 'pending' })
        }
      }
      publish()
      if (!connectivity.isOnline()) await connectivity.check()
      await runPass()
    },

    async updateEntry(id, patch) {
      refuseWhileSending(id)
      const saved = await outbox.update(id, patch)
      publish()
      return saved
    },

    async requeue(id, patch = {}) {
      refuseWhileSending(id)
      const entry = outbox.get(id)
      if (!entry) {
        throw new AppFailure(
          appError(
            'invalid_input',
            'This item is no longer waiting to be sent: it was delivered or discarded.',
          ),
        )
      }
      waits.delete(id)
      await outbox.update(id, {
        ...patch,
        state: 'pending',
        lastError: null,
        ...(entry.kind === 'description' ? { conflict: null } : {}),
      })
      await runPass()
    },

    status,
    subscribe(listener) {
      statusListeners.add(listener)
      return () => statusListeners.delete(listener)
    },
    onEvent(listener) {
      eventListeners.add(listener)
      return () => eventListeners.delete(listener)
    },
    async idle() {
      while (running) await running
    },
  }
}
