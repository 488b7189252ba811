import { AppFailure, appError, type AppError } from '@shared/errors'
import { redact, silentLogger, type Logger } from '../log/logger'
import { laneOf, type OutboxEntry, type OutboxPatch } from '../outbox/entry'
import type { OutboxStore } from '../outbox/outbox-store'
import type { Connectivity } from '../connectivity/connectivity'
import { diskFailure } from '../storage/disk-errors'
import { defaultBackoff, retryDelayMs, type BackoffPolicy } from './backoff'
import { isoAt, systemClock, type Clock } from './clock'
import { goneMessage, keptMessage, refusedMessage } from './messages'
import {
  haltingKinds,
  outcomeFromError,
  unexpectedFailure,
  type DeliveryContext,
  type DeliveryOutcome,
  type Deliverers,
} from './outcomes'
import { countStates, sameStatus, type SyncStatus } from './status'

/**
 * Sends what the outbox holds, one request at a time. Runs at start, when connectivity returns, when
 * something is queued, when someone waits for one entry (`deliverNow`), and on a timer with exponential
 * backoff and jitter after a failure (never sooner than a server's Retry-After).
 *
 * Entries wait in lanes (outbox/entry.ts `laneOf`): one project's description, one goal's check-ins.
 * Within a lane they go strictly in the order they were queued, and a later one waits until the earlier
 * one is delivered or discarded, whatever state it is in, so an older text never lands after a newer one.
 * Lanes do not wait for each other: an entry that fails backs off on its own while the others go on.
 *
 * The order of writes is what makes it crash-proof: what a deliverer learns (a snapshot of the goal's
 * check-ins, a request whose answer never came) and each attempt are on disk before the request goes
 * out, so after a crash the deliverer knows to look on the server before sending again; an entry leaves
 * the disk only after the server confirmed it (and, for a check-in, after its claim is on disk).
 */

export type SyncEvent =
  /** `awaited`: someone was waiting for this very delivery (a form), so it needs no notification. */
  | { type: 'delivered'; entry: OutboxEntry; result: unknown; awaited: boolean }
  | { type: 'conflict'; entry: OutboxEntry; server: string | null; awaited: boolean }
  | { type: 'failed'; entry: OutboxEntry; error: AppError; awaited: boolean }
  | { type: 'needs_attention'; entry: OutboxEntry; error: AppError; awaited: boolean }
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
  /** Failures in a row that count (see outcomes.ts) before an entry waits for the person. */
  maxFailures?: number
  /** How long a request without an answer may still be applied by the server (see outcomes.ts). */
  settleMs?: number
  /**
   * Whether an entry may be sent with the session signed in now; false for work queued by another
   * account (it waits, untouched, until that account signs in again). Everything may be sent by default.
   */
  canSend?: (entry: OutboxEntry) => boolean
}

/** What one `deliverNow` came to. */
export interface DeliveryReport {
  /** The attempt's outcome; null when none was made (offline, waiting behind another, backing off, released). */
  outcome: DeliveryOutcome | null
  /** The entry as it is now; null once it has left the outbox. */
  entry: OutboxEntry | null
  /** The person stopped waiting ("Keep it in the background"): the entry goes on without them. */
  released: boolean
  /**
   * The entry left the outbox unsent: discarded (Sync's Discard, the editor's "Take theirs"), perhaps
   * after a newer save merged into it. Gone is not the same as delivered.
   */
  discarded: boolean
}

export interface SyncEngine {
  /** Sends what is waiting (if online) and keeps doing so until `stop()`. */
  start(): void
  /** Stops timers and listeners; resolves once the request in flight (if any) has finished. */
  stop(): Promise<void>
  /** "Sync now": forgets backoff (not a server's Retry-After), checks connectivity, sends; resolves when done. */
  syncNow(): Promise<void>
  /**
   * Tries this entry now, before any other that may go, and resolves with what that attempt came to.
   * While it waits, events about the entry say `awaited` (the person sees the outcome where they are).
   */
  deliverNow(id: string): Promise<DeliveryReport>
  /** The person stops waiting for `deliverNow(id)`: it resolves now, and the entry goes on in the background. */
  release(id: string): void
  /** "Retry now" on one entry: back to pending, without waiting for its backoff. */
  retry(id: string): Promise<void>
  /**
   * Removes an entry for good (after the user confirmed); waits for its request if one is in flight.
   * Answers the entry removed, or null when there was none.
   */
  discard(id: string): Promise<OutboxEntry | null>
  /** After the user signed in again (or got a token that can write): lifts the stop and sends. */
  resume(): Promise<void>
  /** Changes a waiting entry (not one being sent): the hook for resolving conflicts. */
  updateEntry(id: string, patch: OutboxPatch): Promise<OutboxEntry>
  /** Changes an entry (optionally) and puts it back in line: e.g. "keep mine" = requeue(id, { base: server }). */
  requeue(id: string, patch?: OutboxPatch): Promise<void>
  /** Whether a request for this entry is on its way now. */
  isSending(id: string): boolean
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

/**
 * Whether a save merged into an entry kept aside since it was `before` (outbox-store.ts `append`: a new
 * text, base or time). Nothing else writes such an entry: it is not sent, and "Retry now" only takes it
 * out; ownVersions that a delivery of the project adds leave the time as it was.
 */
const mergedSince = (before: OutboxEntry, now: OutboxEntry): boolean =>
  now.updatedAt !== before.updatedAt ||
  (now.kind === 'description' &&
    before.kind === 'description' &&
    (now.payload.description !== before.payload.description || now.base !== before.base))

export const defaultMaxFailures = 5
export const defaultSettleMs = 60_000

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
  const maxFailures = options.maxFailures ?? defaultMaxFailures
  const settleMs = options.settleMs ?? defaultSettleMs
  const canSend = options.canSend ?? (() => true)

  const waits = new Map<string, Waiting>()
  /** Entries someone waits for (deliverNow), each with the callbacks to resolve. */
  const watchers = new Map<string, Set<(report: DeliveryReport) => void>>()
  let halted: AppError | null = null
  let started = false
  let stopped = false
  let running: Promise<void> | null = null
  let again = false
  let inFlight: { id: string; done: Promise<void> } | null = null
  /**
   * Conflicts handed to a waiting editor whose file the disk would not let go (handOverConflict). The
   * editor shows them as not sent, so they are never sent, nor shown in Sync, from here: they are taken
   * out on a later pass, once the disk allows, and until then hold back later saves of the project as any
   * entry does. A save merged into one since (the person's next save from the editor: a new text, base or
   * time) makes it theirs to send again. Each is kept with the entry as it was handed over, in memory only:
   * after a restart such a file is read back as waiting, as after a crash in the moment between finding
   * the conflict and removing the entry.
   */
  const handedOver = new Map<string, OutboxEntry>()
  /** Entries whose full (or read-only) disk the tray has been told about since their last good write. */
  const diskTold = new Set<string>()
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
  const awaited = (id: string) => (watchers.get(id)?.size ?? 0) > 0

  // Entries discarded lately: a save that asks about its entry after it was taken out hears so.
  const discardedIds = new Set<string>()
  const reportOf = (id: string, outcome: DeliveryOutcome | null, released = false): DeliveryReport => ({
    outcome,
    entry: outbox.get(id),
    released,
    discarded: discardedIds.has(id),
  })

  /** Tells whoever waits for `id` what came of it. */
  const report = (id: string, outcome: DeliveryOutcome | null, released = false) => {
    const waiting = watchers.get(id)
    if (!waiting) return
    watchers.delete(id)
    const answer = reportOf(id, outcome, released)
    for (const resolve of waiting) resolve(answer)
  }

  /** The entry to send next: the first at the head of its lane that may go now, one someone waits for first. */
  const nextToSend = (tried: ReadonlySet<string>): OutboxEntry | null => {
    const now = clock.now()
    const lanes = new Set<string>()
    let first: OutboxEntry | null = null
    for (const entry of outbox.list()) {
      // Work of another account waits for that account, out of every lane: it holds back nobody else's.
      if (!canSend(entry)) continue
      const lane = laneOf(entry)
      if (lanes.has(lane)) continue
      lanes.add(lane)
      if (handedOver.has(entry.id)) continue
      if (tried.has(entry.id)) continue
      // `sending` without a request in flight: a bookkeeping write failed after the answer came back.
      const sendable = entry.state === 'pending' || (entry.state === 'sending' && inFlight?.id !== entry.id)
      if (!sendable) continue
      if ((waits.get(entry.id)?.at ?? 0) > now) continue
      if (watchers.has(entry.id)) return entry
      first ??= entry
    }
    return first
  }

  const schedule = () => {
    cancelTimer?.()
    cancelTimer = null
    timerAt = null
    if (!started || stopped || halted) return
    const now = clock.now()
    const due = outbox
      .list()
      .filter((e) => e.state === 'pending' || e.state === 'sending')
      .map((e) => waits.get(e.id)?.at)
      .filter((at): at is number => at !== undefined)
    if (due.length === 0) return
    // A wait that ran out while the pass was still busy with other entries is tried after one more base
    // step, not never (it was left out here, and its entry stayed "Queued" until something else woke the
    // engine). Never sooner than that: an entry that cannot go yet (behind another) must not spin a timer.
    const at = Math.min(...due.map((wait) => (wait > now ? wait : now + backoff.baseMs)))
    timerAt = at
    cancelTimer = clock.setTimer(() => {
      cancelTimer = null
      timerAt = null
      void runPass()
    }, at - now)
  }

  const backOff = (entry: OutboxEntry, retryAfterSeconds?: number) => {
    const failures = (waits.get(entry.id)?.failures ?? 0) + 1
    const delay = retryDelayMs(failures, random, backoff, retryAfterSeconds)
    waits.set(entry.id, { at: clock.now() + delay, failures, serverAsked: retryAfterSeconds !== undefined })
    return delay
  }

  async function afterDelivered(entry: OutboxEntry, result: unknown): Promise<void> {
    connectivity.reportSuccess()
    await outbox.markDelivered(entry.id)
    waits.delete(entry.id)
    lastSyncedAt = isoAt(clock)
    log.info('sync: delivered', { kind: entry.kind, id: entry.id, attempts: entry.attempts })
    emit({ type: 'delivered', entry, result, awaited: awaited(entry.id) })
  }

  async function setAside(entry: OutboxEntry, error: AppError, patch: OutboxPatch = {}): Promise<void> {
    if (error.status !== undefined) connectivity.reportSuccess()
    waits.delete(entry.id)
    const lastError = (message: string) => storedError(error.kind, message)
    const isAwaited = awaited(entry.id)
    if (haltingKinds.includes(error.kind)) {
      halted = error
      const saved = await outbox.update(entry.id, {
        ...patch,
        state: 'needs_attention',
        lastError: lastError(error.message),
      })
      log.warn('sync: stopped until the user acts', { kind: error.kind })
      emit({ type: 'needs_attention', entry: saved, error, awaited: isAwaited })
      emit({ type: 'halted', error })
      return
    }
    if (error.kind === 'forbidden') {
      const saved = await outbox.update(entry.id, {
        ...patch,
        state: 'needs_attention',
        lastError: lastError(keptMessage(entry.kind, error)),
      })
      emit({ type: 'needs_attention', entry: saved, error, awaited: isAwaited })
      return
    }
    const message = error.kind === 'not_found' ? goneMessage(entry.kind) : keptMessage(entry.kind, error)
    const saved = await outbox.update(entry.id, { ...patch, state: 'failed', lastError: lastError(message) })
    log.warn('sync: an entry cannot be delivered as it is', {
      kind: entry.kind,
      id: entry.id,
      error: error.kind,
    })
    emit({ type: 'failed', entry: saved, error, awaited: isAwaited })
  }

  async function apply(entry: OutboxEntry, outcome: DeliveryOutcome): Promise<void> {
    switch (outcome.outcome) {
      case 'delivered':
        return afterDelivered(entry, outcome.result)
      case 'retry': {
        connectivity.reportFailure(outcome.error.kind)
        const failures = (entry.failures ?? 0) + (outcome.counts ? 1 : 0)
        if (outcome.counts && failures >= maxFailures) {
          // Tried enough: the same answer every time is the server's verdict on this entry, for now.
          waits.delete(entry.id)
          const saved = await outbox.update(entry.id, {
            state: 'needs_attention',
            failures,
            lastError: storedError(
              outcome.error.kind,
              refusedMessage(entry.kind, outcome.error, failures, outcome.checking === true),
            ),
          })
          log.warn('sync: an entry keeps failing; it waits for the person', {
            kind: entry.kind,
            id: entry.id,
          })
          emit({ type: 'needs_attention', entry: saved, error: outcome.error, awaited: awaited(entry.id) })
          return
        }
        const delay = backOff(entry, outcome.retryAfterSeconds)
        log.info('sync: will try again', {
          kind: entry.kind,
          id: entry.id,
          error: outcome.error.kind,
          checking: outcome.checking === true,
          delay,
        })
        await outbox.update(entry.id, {
          state: 'pending',
          failures,
          lastError: storedError(outcome.error.kind, outcome.error.message),
        })
        return
      }
      case 'conflict': {
        connectivity.reportSuccess()
        waits.delete(entry.id)
        const isAwaited = awaited(entry.id)
        if (isAwaited) return handOverConflict(entry, outcome)
        // A later save of the project waiting behind this one may take the conflict (outbox-store.ts),
        // unless someone waits for it: a form that waits hears about the entry it waits for.
        const saved = await outbox.markConflict(
          entry.id,
          { serverDescription: outcome.server, seenAt: isoAt(clock) },
          (later) => !isAwaited && !awaited(later.id),
        )
        log.info('sync: conflict, nothing sent', {
          id: saved.id,
          ...(saved.id !== entry.id ? { folded: entry.id } : {}),
        })
        emit({ type: 'conflict', entry: saved, server: outcome.server, awaited: isAwaited })
        return
      }
      case 'needs_attention':
        return setAside(entry, outcome.error)
    }
  }

  /**
   * A conflict met by a save someone waits for (the editor) is theirs to decide: the editor shows both
   * versions and holds the text, so the entry leaves the outbox in this step and is never shown in Sync
   * as waiting for the person. Left there until the editor took it out, Sync could act on it meanwhile
   * (Discard, or Open and "Keep mine") and send a text the editor was showing as not sent. The waiters
   * are answered here, taken before the removal: a "Keep it in the background" in between would
   * otherwise hear of an entry gone without a word. An entry the disk will not let go is kept aside
   * (`handedOver`), never sent, until it can be taken out.
   */
  async function handOverConflict(
    entry: OutboxEntry,
    outcome: Extract<DeliveryOutcome, { outcome: 'conflict' }>,
  ): Promise<void> {
    const waiting = watchers.get(entry.id) ?? new Set()
    watchers.delete(entry.id)
    try {
      handedOver.set(entry.id, entry)
      await outbox.remove(entry.id)
      handedOver.delete(entry.id)
      log.info('sync: conflict, nothing sent; the waiting editor has it', { id: entry.id })
      emit({ type: 'conflict', entry, server: outcome.server, awaited: true })
    } finally {
      const answer = reportOf(entry.id, outcome)
      for (const resolve of waiting) resolve(answer)
    }
  }

  /** One attempt at one entry. */
  async function deliverOne(listed: OutboxEntry): Promise<void> {
    let finish!: () => void
    inFlight = { id: listed.id, done: new Promise<void>((resolve) => (finish = resolve)) }
    outbox.setInFlight(listed.id)
    let outcome: DeliveryOutcome | null = null
    const id = listed.id
    try {
      publish()
      // A save that was merging into this entry as it was picked finishes first: send what is on disk.
      const entry = await outbox.settled(id)
      if (!entry) return
      const context: DeliveryContext = {
        beforeSend: async (patch) => {
          const saved = await outbox.markAttempt(entry.id, patch)
          publish()
          return saved
        },
        record: (patch) => outbox.update(entry.id, patch),
        now: () => clock.now(),
        settleMs,
      }
      try {
        outcome = await deliverers[entry.kind](entry, context)
      } catch (err) {
        if (outbox.get(entry.id) === null) return // discarded a moment ago: nothing to do
        outcome =
          err instanceof AppFailure
            ? outcomeFromError(err.error)
            : { outcome: 'needs_attention', error: unexpectedFailure(err) }
        if (!(err instanceof AppFailure)) log.error('sync: a deliverer failed', { error: String(err) })
      }
      const latest = outbox.get(entry.id)
      if (!latest) return
      try {
        await apply(latest, outcome)
        diskTold.delete(entry.id)
      } catch (err) {
        // The server's part is done but a file could not be written or removed. The entry stays (its claim,
        // or the server's text, tells the next pass it was delivered) and is tidied up after a pause.
        log.error('sync: could not record what happened to an entry; will try again', {
          id: entry.id,
          error: String(err),
        })
        // A disk that refuses the outbox cannot carry the words on the entry: the event carries them (the
        // tray's notification), once per entry until a write of it succeeds again.
        const disk = diskFailure(err, 'the app stopped sending this until it can write again')
        if (disk && !diskTold.has(entry.id)) {
          diskTold.add(entry.id)
          emit({ type: 'failed', entry: latest, error: disk, awaited: awaited(entry.id) })
        }
        if (outbox.get(entry.id)) backOff(entry)
      }
    } finally {
      inFlight = null
      outbox.setInFlight(null)
      finish()
      report(id, outcome)
    }
  }

  /** Takes out the conflicts handed over whose removal the disk refused, when their pause is over. */
  async function letGoHandedOver(): Promise<void> {
    const now = clock.now()
    for (const [id, handed] of [...handedOver]) {
      const entry = outbox.get(id)
      if (!entry || mergedSince(handed, entry)) {
        // Gone (the editor's withdrawal got through), or the person's new save: sent as any other.
        handedOver.delete(id)
        waits.delete(id)
        continue
      }
      if ((waits.get(id)?.at ?? 0) > now) continue
      try {
        // Decided in the step that removes: a save merging into it may be queued before this one, and
        // then it stays, the person's to send as any other.
        await outbox.remove(id, (current) => !mergedSince(handed, current))
        handedOver.delete(id)
        waits.delete(id)
        diskTold.delete(id)
      } catch (err) {
        log.error('sync: could not take out a conflict the editor has; will try again', {
          id,
          error: String(err),
        })
        const kept = outbox.get(id)
        if (kept) backOff(kept)
      }
    }
  }

  async function passOnce(): Promise<void> {
    await letGoHandedOver()
    const tried = new Set<string>()
    for (;;) {
      if (stopped || halted || !connectivity.isOnline()) return
      const next = nextToSend(tried)
      if (!next) {
        if (countStates(outbox.list()).pending === 0) lastSyncedAt = isoAt(clock)
        return
      }
      tried.add(next.id)
      await deliverOne(next)
      publish()
    }
  }

  function runPass(): Promise<void> {
    if (!started || stopped) {
      for (const id of [...watchers.keys()]) report(id, null)
      return Promise.resolve()
    }
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
        // Whoever waits for an entry this pass could not try hears so now (offline, behind another...).
        for (const id of [...watchers.keys()]) report(id, null)
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

    deliverNow(id) {
      if (!outbox.get(id)) return Promise.resolve(reportOf(id, null))
      const done = new Promise<DeliveryReport>((resolve) => {
        const waiting = watchers.get(id) ?? new Set()
        waiting.add(resolve)
        watchers.set(id, waiting)
      })
      void runPass()
      return done
    },

    release(id) {
      report(id, null, true)
    },

    async retry(id) {
      const entry = outbox.get(id)
      if (!entry || entry.state === 'sending') return
      waits.delete(id)
      // A conflict the editor has, still on disk: "Retry now" tries to take it out, never sends it.
      if (handedOver.has(id)) return runPass()
      // The person asked: one more try, and back to them if it fails the same way again.
      const failures = Math.min(entry.failures ?? 0, maxFailures - 1)
      await outbox.update(id, { state: 'pending', failures })
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
      const entry = outbox.list().find((candidate) => candidate.id === id) ?? null
      await outbox.remove(id)
      waits.delete(id)
      if (entry) {
        discardedIds.add(id)
        // A few hundred ids are plenty: only a save waiting on that very entry asks.
        if (discardedIds.size > 200) discardedIds.delete(discardedIds.values().next().value!)
      }
      report(id, null)
      publish()
      return entry
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
        failures: 0,
        ...(entry.kind === 'description' ? { conflict: null } : {}),
      })
      await runPass()
    },

    isSending: (id) => inFlight?.id === id,
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
