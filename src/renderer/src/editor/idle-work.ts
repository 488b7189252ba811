// Work that must be done but not now: run in short slices while the page is idle (requestIdleCallback),
// so it never becomes one long task a key press has to wait behind, and finished at once when someone
// needs its result.

export interface IdleDeadlineLike {
  timeRemaining(): number
}

/** requestIdleCallback and its cancel, injectable for tests. */
export interface IdleScheduler {
  request(callback: (deadline: IdleDeadlineLike) => void): unknown
  cancel(handle: unknown): void
}

/**
 * How long an idle callback may wait before it runs anyway (the page is never idle while a person types
 * without pause, and the work must still get done).
 */
const IDLE_TIMEOUT_MS = 300

/** The browser's idle callbacks; where there are none (jsdom), a timer with a deadline of one slice. */
export const browserIdle: IdleScheduler =
  typeof globalThis.requestIdleCallback === 'function'
    ? {
        request: (callback) => globalThis.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS }),
        cancel: (handle) => globalThis.cancelIdleCallback(handle as number),
      }
    : {
        request: (callback) => globalThis.setTimeout(() => callback({ timeRemaining: () => SLICE_MS })),
        cancel: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
      }

/**
 * The longest slice: well under the 50 ms that make a long task, so a key pressed while a slice runs waits
 * at most this long.
 */
export const SLICE_MS = 8

export interface IdleJob {
  readonly done: boolean
  /** Runs what is left now, synchronously (someone needs the result). */
  finishNow(): void
  /** Stops for good; `onDone` is never called. */
  cancel(): void
}

/**
 * Runs `work` (a generator: each `yield` is a place it may stop) in idle slices of at most SLICE_MS, then
 * calls `onDone` with what it returned.
 */
export function runWhenIdle<T>(
  work: Iterator<unknown, T>,
  onDone: (result: T) => void,
  options: { idle?: IdleScheduler; now?: () => number } = {},
): IdleJob {
  const idle = options.idle ?? browserIdle
  const now = options.now ?? (() => performance.now())
  let handle: unknown = null
  let state: 'running' | 'done' | 'cancelled' = 'running'

  const finish = (result: T) => {
    state = 'done'
    onDone(result)
  }

  const slice = (deadline: IdleDeadlineLike) => {
    handle = null
    if (state !== 'running') return
    const until = now() + Math.min(SLICE_MS, Math.max(1, deadline.timeRemaining()))
    do {
      const step = work.next()
      if (step.done) return finish(step.value)
    } while (now() < until)
    handle = idle.request(slice)
  }

  handle = idle.request(slice)

  return {
    get done() {
      return state !== 'running'
    },
    finishNow() {
      if (state !== 'running') return
      if (handle !== null) idle.cancel(handle)
      handle = null
      for (;;) {
        const step = work.next()
        if (step.done) return finish(step.value)
      }
    },
    cancel() {
      if (state !== 'running') return
      state = 'cancelled'
      if (handle !== null) idle.cancel(handle)
      handle = null
      work.return?.(undefined as T)
    },
  }
}
