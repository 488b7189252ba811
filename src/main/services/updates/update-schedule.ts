/**
 * When to look for updates: shortly after start (not during it: start-up should be quick and quiet), then
 * every few hours for people who never quit the app. Never two checks at once. Timers are injected so the
 * tests fire them by hand instead of waiting.
 */

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const updateTiming = {
  firstCheckAfterMs: 60_000,
  checkEveryMs: 4 * 60 * 60 * 1000,
} as const

export interface UpdateSchedule {
  start(): void
  stop(): void
  /** Checks now unless a check is already running, in which case it waits for that one. */
  checkNow(): Promise<void>
}

export interface UpdateScheduleOptions {
  /** Resolves when the check (not the download) is over; failures are the caller's to report. */
  check(): Promise<void>
  timers?: Timers
  firstCheckAfterMs?: number
  checkEveryMs?: number
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms)
    // A pending update check must not keep the process alive.
    handle.unref?.()
    return handle
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export function createUpdateSchedule(options: UpdateScheduleOptions): UpdateSchedule {
  const timers = options.timers ?? realTimers
  const first = options.firstCheckAfterMs ?? updateTiming.firstCheckAfterMs
  const every = options.checkEveryMs ?? updateTiming.checkEveryMs
  let running = false
  let timer: unknown = null
  let inFlight: Promise<void> | null = null

  const schedule = (ms: number) => {
    if (timer !== null) timers.clearTimeout(timer)
    timer = timers.setTimeout(() => {
      timer = null
      void checkNow().finally(() => {
        if (running) schedule(every)
      })
    }, ms)
  }

  const checkNow = (): Promise<void> => {
    if (inFlight) return inFlight
    inFlight = options
      .check()
      .catch(() => undefined)
      .finally(() => {
        inFlight = null
      })
    return inFlight
  }

  return {
    start() {
      if (running) return
      running = true
      schedule(first)
    },
    stop() {
      running = false
      if (timer !== null) timers.clearTimeout(timer)
      timer = null
    },
    checkNow,
  }
}
