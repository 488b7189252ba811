import type { AssignmentsView } from '@shared/domain/assignments'
import { AppFailure, appError, type AppError } from '@shared/errors'
import type { SessionState } from '@shared/session'
import type { Logger } from '../log/logger'
import { defaultWorkingTime, type WorkingTime } from '@shared/domain/working-time'
import { msUntilWorkingTime } from '../reminders/working-hours'
import type { SessionService } from '../session/session-service'
import { createAssignmentsStore, type AssignmentsStore, type StoredAssignments } from './assignments-store'
import { systemTimeZone } from './calendar'
import { toInboxEntries } from './entries'
import { groupEntries } from './grouping'
import { realTimers, type Timers } from './timers'

export const defaultPollIntervalMs = 15 * 60_000
export const defaultMaxBackoffMs = 2 * 60 * 60_000
export const defaultPopupFreshMs = 30_000

export interface AssignmentsServiceOptions {
  session: Pick<SessionService, 'get' | 'client' | 'subscribe'>
  dataDir: string
  log: Logger
  /** Where the last answer is kept; by default `<dataDir>/cache/assignments.json`. */
  store?: AssignmentsStore
  now?: () => number
  /** The user's IANA time zone, asked at every read (a laptop can change zones while running). */
  timeZone?: () => string
  timers?: Timers
  /** Time between two polls while the server answers (15 minutes). */
  intervalMs?: number
  /** Longest wait between two polls while the server keeps failing (2 hours). */
  maxBackoffMs?: number
  /** Opening the popup asks the server only when its last answer is older than this (30 s). */
  popupFreshMs?: number
  /**
   * Whether the OS says there is a network (Electron's `net.isOnline()`); polling pauses while it says
   * no, and resumes with one request when the network returns (`onOnline`). Online by default.
   */
  isOsOnline?: () => boolean
  /**
   * The person's working days and quiet hours (the reminder settings), asked at every decision: polls
   * run only in working time. Monday to Friday outside 22:00–07:00 by default.
   */
  workingTime?: () => WorkingTime
}

export type AssignmentsListener = (view: AssignmentsView | null) => void

export interface AssignmentsService {
  /**
   * What the person owes, regrouped on today's calendar. Answers at once from memory or disk; waits for
   * the server only when nothing is known yet, or, with `wait`, while a request is under way.
   */
  get(options?: { wait?: boolean }): Promise<AssignmentsView>
  /** Asks the server with a request that starts after this call (never two at once); see the contract. */
  refresh(): Promise<AssignmentsView>
  /** The latest view without waiting; null when signed out or nothing is known yet. */
  current(): AssignmentsView | null
  /** Called when the lists change (not when a poll brings the same lists); null after signing out. */
  subscribe(listener: AssignmentsListener): () => void
  /**
   * Starts polling: a request now, then every `intervalMs` (backing off while the server fails). Polls
   * pause while the OS reports no network, while the computer sleeps and outside working time (days off
   * and quiet hours, see working-hours.ts); each resumes with one request.
   */
  start(): void
  stop(): void
  /**
   * The shell's hooks: the popup opened (asks when the lists are older than 30 s), the computer goes to
   * sleep (polling pauses) or wakes (one request), the network came back (one request, unless one was
   * answered in the last 30 s, as after a wake-up). A wake-up or a network outside working time asks
   * nothing: the first poll of working time does. Opening the popup asks at any time: someone is looking.
   */
  onPopupShown(): void
  onSuspend(): void
  onWake(): void
  onOnline(): void
  /** The working days or quiet hours changed: the next poll is planned again under the new ones. */
  onWorkingTimeChanged(): void
  /** Resolves once no request is under way. */
  whenIdle(): Promise<void>
}

type Identity = { baseUrl: string; personId: string }

const identityOf = (state: SessionState): Identity | null =>
  state.status === 'signed_in' ? { baseUrl: state.baseUrl, personId: state.person.id } : null
const keyOf = (identity: Identity | null) => (identity ? `${identity.baseUrl}\n${identity.personId}` : null)

const notSignedIn = () =>
  appError('not_signed_in', 'You are signed out. Sign in to your Operately server to see what is due.')

/**
 * Keeps the list of what the person owes (`people/list_assignments`) fresh without bothering the server:
 * one request at a time, a poll every 15 minutes that backs off while the server fails, and a request
 * when the popup opens, the computer wakes or the network returns. Listeners hear only real changes.
 */
/** The longest wait outside working time before looking at the clock and the time zone again. */
const workingTimeLookMs = 3_600_000

export function createAssignmentsService(options: AssignmentsServiceOptions): AssignmentsService {
  const { session, log } = options
  const store = options.store ?? createAssignmentsStore(options.dataDir, log)
  const now = options.now ?? Date.now
  const timeZone = options.timeZone ?? systemTimeZone
  const timers = options.timers ?? realTimers
  const intervalMs = options.intervalMs ?? defaultPollIntervalMs
  const maxBackoffMs = options.maxBackoffMs ?? defaultMaxBackoffMs
  const popupFreshMs = options.popupFreshMs ?? defaultPopupFreshMs
  const isOsOnline = options.isOsOnline ?? (() => true)
  const workingTime = options.workingTime ?? (() => defaultWorkingTime)
  /** 0 in working time; else how long until it begins (see working-hours.ts). */
  const msUntilPollingHours = () => msUntilWorkingTime(now(), timeZone(), workingTime())

  const listeners = new Set<AssignmentsListener>()
  let snapshot: StoredAssignments | null = null
  let loading: { key: string; promise: Promise<void> } | null = null
  let loadedKey: string | null = null
  /** Whether the latest attempt reached the server. */
  let confirmed = false
  let lastError: AppError | null = null
  let failures = 0
  let retryAfterMs = 0
  let lastSuccessAt = Number.NEGATIVE_INFINITY
  let inFlight: Promise<void> | null = null
  let followUp: Promise<void> | null = null
  let started = false
  let asleep = false
  let timer: unknown = null
  let lastDigest: string | null = null
  let currentIdentity: Identity | null = null
  // Bumped when the signed-in person changes: an answer for the previous one is dropped.
  let generation = 0

  const current = (): AssignmentsView | null => {
    if (!snapshot) return null
    return {
      ...groupEntries(snapshot.entries, { now: now(), timeZone: timeZone() }),
      fetchedAt: snapshot.fetchedAt,
      fromCache: !confirmed,
      refreshing: inFlight !== null,
      lastError,
    }
  }

  /** Tells listeners, unless what they would show is exactly what they already show. */
  const publishIfChanged = () => {
    const view = current()
    // Whether the lists are confirmed by the server counts too (the inbox says "offline"); the time of
    // the last answer does not: a poll that brings the same lists changes nothing anyone sees.
    const digest = view
      ? JSON.stringify([view.goalCheckIns, view.toReview, view.other, view.dueNowCount, view.fromCache])
      : null
    if (digest === lastDigest) return
    lastDigest = digest
    for (const listener of listeners) {
      try {
        listener(view)
      } catch (err) {
        log.error('an assignments listener failed', { error: String(err) })
      }
    }
  }

  /** Brings the saved list of this person into memory, once per sign-in. */
  const ensureLoaded = (identity: Identity): Promise<void> => {
    const key = keyOf(identity)!
    if (loadedKey === key) return Promise.resolve()
    if (loading?.key === key) return loading.promise
    const promise = store.read().then(
      (saved) => {
        if (loading?.promise === promise) loading = null
        // Signed out or in as someone else while the file was read.
        if (keyOf(currentIdentity) !== key) return
        loadedKey = key
        const mine = saved && keyOf({ baseUrl: saved.baseUrl, personId: saved.personId }) === key
        // A fresher answer may have arrived while the file was read.
        if (mine && (!snapshot || keyOf(snapshot) !== key)) snapshot = saved
      },
      (err: unknown) => {
        if (loading?.promise === promise) loading = null
        log.warn('could not read the saved assignments', { error: String(err) })
      },
    )
    loading = { key, promise }
    return promise
  }

  const forget = () => {
    generation += 1
    snapshot = null
    loadedKey = null
    confirmed = false
    lastError = null
    failures = 0
    retryAfterMs = 0
    lastSuccessAt = Number.NEGATIVE_INFINITY
  }

  // What a signed-out person owed is nobody's business on this computer any more: the saved copy is
  // deleted on sign-out, and once at start when the session is found signed out (the keychain entry
  // may have gone while the app was not running).
  let wipedWhileSignedOut = false
  // The wipe runs from a session listener, which cannot wait; whenIdle() waits for it instead.
  let wiping: Promise<void> | null = null
  const wipeSaved = () => {
    wipedWhileSignedOut = true
    wiping = store.write(null).catch((err: unknown) => {
      log.warn('could not delete the saved assignments', { error: String(err) })
    })
  }

  const adopt = (state: SessionState) => {
    const identity = identityOf(state)
    if (!identity && !wipedWhileSignedOut) wipeSaved()
    if (identity) wipedWhileSignedOut = false
    if (keyOf(identity) === keyOf(currentIdentity)) return
    currentIdentity = identity
    forget()
    publishIfChanged()
  }
  session.subscribe(adopt)

  const attempt = async (): Promise<void> => {
    let state: SessionState
    try {
      state = await session.get()
    } catch (err) {
      // Not knowing who is signed in is not being signed out: keep what is known and try again later.
      lastError =
        err instanceof AppFailure
          ? err.error
          : appError('internal', 'The app could not read who is signed in. It will try again.')
      log.warn('could not read the session before asking for assignments', { error: String(err) })
      return
    }
    adopt(state)
    const identity = identityOf(state)
    if (!identity) {
      lastError = notSignedIn()
      return
    }
    const mine = generation
    await ensureLoaded(identity)
    publishIfChanged()
    try {
      const client = await session.client()
      const server = await client.listAssignments()
      if (mine !== generation) return
      snapshot = {
        ...identity,
        fetchedAt: new Date(now()).toISOString(),
        entries: toInboxEntries(server, identity.baseUrl),
      }
      loadedKey = keyOf(identity)
      confirmed = true
      lastError = null
      failures = 0
      retryAfterMs = 0
      lastSuccessAt = now()
      const saved = snapshot
      await store.write(saved).catch((err: unknown) => {
        log.warn('could not save the assignments for offline use', { error: String(err) })
      })
    } catch (err) {
      if (mine !== generation) return
      const error =
        err instanceof AppFailure
          ? err.error
          : appError('internal', 'Something went wrong while reading what is due. The app will try again.')
      if (!(err instanceof AppFailure)) log.error('reading assignments failed', { error: String(err) })
      else log.warn('could not refresh assignments', { kind: error.kind, status: error.status })
      confirmed = false
      lastError = error
      failures += 1
      retryAfterMs = (error.retryAfterSeconds ?? 0) * 1000
    } finally {
      if (mine === generation) publishIfChanged()
    }
  }

  const nextDelay = () => {
    if (failures === 0) return intervalMs
    // 30 min, 1 h, 2 h… while the server fails; a Retry-After the server sent is always honoured.
    return Math.max(Math.min(intervalMs * 2 ** failures, maxBackoffMs), retryAfterMs)
  }

  const clearTimer = () => {
    if (timer !== null) timers.clearTimeout(timer)
    timer = null
  }

  const wait = (ms: number) => {
    clearTimer()
    timer = timers.setTimeout(() => {
      timer = null
      poll()
    }, ms)
  }

  /**
   * Waits for working time to begin, looking again at least hourly: the wall clock it was computed on may
   * change meanwhile (a laptop flown to another time zone over the weekend tells the app nothing), and a
   * look outside working time asks nothing.
   */
  const waitForWorkingTime = (ms: number) => wait(Math.min(ms, workingTimeLookMs))

  const schedule = () => {
    clearTimer()
    if (!started || asleep) return
    wait(nextDelay())
  }

  /**
   * A poll falls due. Asleep, it waits with no timer for the wake-up (which asks once). Without a network
   * it asks nothing and looks again at the next poll (reading the OS's flag costs nothing): the network
   * watch only runs while something needs it, so it may not say when the network is back. Outside
   * working time it waits for working time to begin and asks then.
   */
  const poll = () => {
    if (!started || asleep) return
    const untilWorking = msUntilPollingHours()
    if (untilWorking > 0) return waitForWorkingTime(untilWorking)
    if (!isOsOnline()) return wait(intervalMs)
    void trigger()
  }

  /**
   * Waking up or the network coming back asks at once in working time. Outside it (a maintenance wake at
   * 03:00, the Wi-Fi found again on a Sunday) it asks nothing: the first poll of working time does.
   */
  const askInWorkingTime = () => {
    const untilDay = msUntilPollingHours()
    if (untilDay === 0) return void trigger()
    if (started && !asleep) waitForWorkingTime(untilDay)
  }

  /** Starts a request unless one is under way, in which case its result is shared. */
  const trigger = (): Promise<void> => {
    if (inFlight) return inFlight
    const run = attempt()
      .catch((err: unknown) => log.error('assignments refresh failed', { error: String(err) }))
      .finally(() => {
        inFlight = null
        schedule()
      })
    inFlight = run
    return run
  }

  const viewOrFail = (): AssignmentsView => {
    const view = current()
    if (view) return view
    throw new AppFailure(lastError ?? notSignedIn())
  }

  const requireSignedIn = async (): Promise<Identity> => {
    const state = await session.get()
    adopt(state)
    const identity = identityOf(state)
    if (!identity) throw new AppFailure(notSignedIn())
    return identity
  }

  return {
    current,

    async get({ wait = false } = {}) {
      const identity = await requireSignedIn()
      await ensureLoaded(identity)
      if (inFlight && (wait || !snapshot)) await inFlight
      if (!snapshot) await trigger()
      return viewOrFail()
    },

    async refresh() {
      await requireSignedIn()
      if (inFlight) {
        // The request under way may have started before the change the caller wants to see.
        followUp ??= inFlight.then(() => {
          followUp = null
          return trigger()
        })
        await followUp
      } else {
        await trigger()
      }
      return viewOrFail()
    },

    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    start() {
      if (started) return
      started = true
      void trigger()
    },

    stop() {
      started = false
      schedule()
    },

    onPopupShown() {
      if (isOsOnline() && now() - lastSuccessAt >= popupFreshMs) void trigger()
    },
    onSuspend() {
      asleep = true
      clearTimer()
    },
    onWake() {
      asleep = false
      // Without a network yet, the network's return asks instead.
      if (isOsOnline()) askInWorkingTime()
    },
    onOnline() {
      if (asleep || inFlight) return
      if (now() - lastSuccessAt < popupFreshMs) return schedule()
      askInWorkingTime()
    },
    onWorkingTimeChanged() {
      if (!started || asleep || inFlight) return
      const untilWorking = msUntilPollingHours()
      // In working time now: the usual pause from now; else wait for it (no poll is overdue for long).
      if (untilWorking > 0) waitForWorkingTime(untilWorking)
      else schedule()
    },

    async whenIdle() {
      for (;;) {
        const pending = followUp ?? inFlight ?? loading?.promise ?? wiping
        if (!pending) return
        await pending
        if (pending === wiping) wiping = null
      }
    },
  }
}
