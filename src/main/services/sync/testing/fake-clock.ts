import type { Clock } from '../clock'

/**
 * A clock that moves only when a test says so. Timers fire in due order while `advance` walks time
 * forward, including timers set by the callbacks it runs.
 */
export interface FakeClock extends Clock {
  advance(ms: number): void
  /** Due times (ms since the epoch) of the timers still waiting, soonest first. */
  pendingTimers(): number[]
}

export function createFakeClock(start: number = Date.parse('2026-03-10T12:00:00Z')): FakeClock {
  let now = start
  let nextId = 0
  const timers = new Map<number, { at: number; fn: () => void; order: number }>()

  const soonest = () => [...timers.entries()].sort(([, a], [, b]) => a.at - b.at || a.order - b.order)[0]

  return {
    now: () => now,
    setTimer(fn, ms) {
      const id = nextId++
      timers.set(id, { at: now + Math.max(0, ms), fn, order: id })
      return () => timers.delete(id)
    },
    advance(ms) {
      const target = now + ms
      for (;;) {
        const next = soonest()
        if (!next || next[1].at > target) break
        timers.delete(next[0])
        now = Math.max(now, next[1].at)
        next[1].fn()
      }
      now = target
    },
    pendingTimers: () => [...timers.values()].map((t) => t.at).sort((a, b) => a - b),
  }
}
