/**
 * Saves a draft a short while after the last change (debounced), one save at a time and in order, so
 * typing produces a few writes rather than one per key, and what lands last is what was typed last.
 */

export interface DraftSaverOptions<T> {
  save: (value: T) => Promise<{ savedAt: string }>
  /** The last value scheduled is saved: not called for a save that a newer value already waits behind. */
  onSaved?: (savedAt: string) => void
  onError?: (error: unknown) => void
  /** Quiet time after the last change before saving. */
  delayMs?: number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

export interface DraftSaver<T> {
  /** A new value to save once changes pause. */
  schedule(value: T): void
  /** Saves a pending value now; resolves when every save asked for so far has finished. */
  flush(): Promise<void>
  /** The form was submitted: drop what is pending and never save again (the draft is done with). */
  stop(): void
  /** Drop what is pending without saving it (the draft was discarded); later changes are saved again. */
  cancel(): void
  /** The form is open: changes wait for a pause before they are saved (the default). */
  open(): void
  /** The form is closing: save what is pending now; anything scheduled later is saved at once. */
  close(): void
}

export function createDraftSaver<T>(options: DraftSaverOptions<T>): DraftSaver<T> {
  const delayMs = options.delayMs ?? 500
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
  let pending: { value: T } | null = null
  let timer: unknown = null
  let chain: Promise<void> = Promise.resolve()
  let stopped = false
  let closed = false

  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer)
    timer = null
  }

  const saveNow = (): Promise<void> => {
    cancelTimer()
    if (!pending || stopped) return chain
    const { value } = pending
    pending = null
    chain = chain.then(async () => {
      if (stopped) return
      try {
        const { savedAt } = await options.save(value)
        if (!pending) options.onSaved?.(savedAt)
      } catch (error) {
        options.onError?.(error)
      }
    })
    return chain
  }

  return {
    schedule(value) {
      if (stopped) return
      pending = { value }
      if (closed) {
        void saveNow()
        return
      }
      cancelTimer()
      timer = setTimer(() => void saveNow(), delayMs)
    },
    flush: saveNow,
    stop() {
      stopped = true
      pending = null
      cancelTimer()
    },
    cancel() {
      pending = null
      cancelTimer()
    },
    open() {
      closed = false
    },
    close() {
      closed = true
      void saveNow()
    },
  }
}
