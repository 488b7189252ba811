/**
 * Timers passed in, so that polling and reminders run on a test's fake clock exactly as on the real one.
 */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** Node's timers, unref'd: a pending poll or reminder never keeps a process (or a test run) alive. */
export const realTimers: Timers = {
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms)
    handle.unref?.()
    return handle
  },
  clearTimeout(handle) {
    clearTimeout(handle as ReturnType<typeof setTimeout>)
  },
}
