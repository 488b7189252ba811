/**
 * Time as the outbox, the sync engine and connectivity see it. Passed in, so tests drive backoff with a
 * fake clock instead of waiting (and never assert on wall-clock durations).
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
  /** Calls `fn` after `ms`; returns a function that cancels it. */
  setTimer(fn: () => void, ms: number): () => void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const timer = setTimeout(fn, Math.max(0, ms))
    // A pending retry must never keep the process alive on its own (quitting the app, a test runner).
    timer.unref()
    return () => clearTimeout(timer)
  },
}

export const isoAt = (clock: Clock): string => new Date(clock.now()).toISOString()
