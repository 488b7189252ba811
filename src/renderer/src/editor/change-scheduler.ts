/** Quiet time after the last edit before the document is serialised and reported. */
export const CHANGE_QUIET_MS = 300
/** Longest an edit waits while someone keeps typing: a draft is never more than a second behind. */
export const CHANGE_MAX_WAIT_MS = 1000

export interface ChangeScheduler {
  /** An edit happened: report it soon. */
  schedule(): void
  /** Report a pending edit now (blur, unmount, before saving). */
  flush(): void
  /** Forget a pending edit (the document was replaced from outside). */
  cancel(): void
  readonly pending: boolean
}

/**
 * Debounces change reports. Serialising a 1 MB document takes tens of milliseconds, far too much per
 * keystroke, so the editor reports after a short pause, at least once a second while typing continues,
 * and immediately when asked (flush). `now` and the timer functions are injectable for tests.
 */
export function createChangeScheduler(
  report: () => void,
  clock: {
    now: () => number
    setTimeout: (callback: () => void, ms: number) => unknown
    clearTimeout: (handle: unknown) => void
  } = {
    now: () => Date.now(),
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): ChangeScheduler {
  let firstPendingAt: number | null = null
  let timer: unknown = null

  const clear = () => {
    if (timer !== null) clock.clearTimeout(timer)
    timer = null
  }

  const flush = () => {
    if (firstPendingAt === null) return
    clear()
    firstPendingAt = null
    report()
  }

  return {
    schedule() {
      const now = clock.now()
      firstPendingAt ??= now
      clear()
      const wait = Math.max(0, Math.min(CHANGE_QUIET_MS, firstPendingAt + CHANGE_MAX_WAIT_MS - now))
      timer = clock.setTimeout(flush, wait)
    },
    flush,
    cancel() {
      clear()
      firstPendingAt = null
    },
    get pending() {
      return firstPendingAt !== null
    },
  }
}
