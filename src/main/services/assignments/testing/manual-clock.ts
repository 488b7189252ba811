import type { Timers } from '../timers'

interface Pending {
  id: number
  at: number
  callback: () => void
}

export interface ManualClock {
  now(): number
  timers: Timers
  /** Delays (ms from now) of the timers still waiting, soonest first. */
  pendingDelays(): number[]
  /** Moves the clock to `to`, running every timer that falls due on the way, in order. */
  advanceTo(to: string | number): void
  advanceBy(ms: number): void
  /** Sets the clock without running timers, as a computer waking from sleep sees it. */
  jumpTo(to: string | number): void
}

const instant = (value: string | number) => (typeof value === 'number' ? value : Date.parse(value))

/** A clock that only moves when a test moves it, with timers that fire as it passes them. */
export function manualClock(start: string | number): ManualClock {
  let now = instant(start)
  let nextId = 1
  let pending: Pending[] = []

  const clock: ManualClock = {
    now: () => now,
    timers: {
      setTimeout(callback, ms) {
        const id = nextId++
        pending.push({ id, at: now + Math.max(0, ms), callback })
        return id
      },
      clearTimeout(handle) {
        pending = pending.filter((p) => p.id !== handle)
      },
    },
    pendingDelays: () => pending.map((p) => p.at - now).sort((a, b) => a - b),
    advanceTo(to) {
      const target = instant(to)
      for (;;) {
        const due = pending.filter((p) => p.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0]
        if (!due) break
        pending = pending.filter((p) => p !== due)
        now = Math.max(now, due.at)
        due.callback()
      }
      now = Math.max(now, target)
    },
    advanceBy(ms) {
      clock.advanceTo(now + ms)
    },
    jumpTo(to) {
      now = instant(to)
    },
  }
  return clock
}
