import { describe, expect, it } from 'vitest'
import { CHANGE_MAX_WAIT_MS, CHANGE_QUIET_MS, createChangeScheduler } from './change-scheduler'

/** A clock the test moves by hand; timers fire only when it passes their time. */
function manualClock() {
  let now = 0
  let nextId = 1
  const timers = new Map<number, { at: number; callback: () => void }>()
  return {
    now: () => now,
    setTimeout: (callback: () => void, ms: number) => {
      const id = nextId++
      timers.set(id, { at: now + ms, callback })
      return id
    },
    clearTimeout: (handle: unknown) => {
      timers.delete(handle as number)
    },
    advance(ms: number) {
      now += ms
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now && timers.has(id)) {
          timers.delete(id)
          timer.callback()
        }
      }
    },
  }
}

describe('createChangeScheduler', () => {
  it('reports once after a pause in typing', () => {
    const clock = manualClock()
    let reports = 0
    const scheduler = createChangeScheduler(() => reports++, clock)
    scheduler.schedule()
    clock.advance(100)
    scheduler.schedule()
    clock.advance(CHANGE_QUIET_MS - 1)
    expect(reports).toBe(0)
    clock.advance(1)
    expect(reports).toBe(1)
    expect(scheduler.pending).toBe(false)
  })

  it('reports at least once a second while typing never pauses', () => {
    const clock = manualClock()
    let reports = 0
    const scheduler = createChangeScheduler(() => reports++, clock)
    for (let elapsed = 0; elapsed < CHANGE_MAX_WAIT_MS; elapsed += 100) {
      scheduler.schedule()
      clock.advance(100)
    }
    expect(reports).toBe(1)
  })

  it('reports at once on flush, and only when something is pending', () => {
    const clock = manualClock()
    let reports = 0
    const scheduler = createChangeScheduler(() => reports++, clock)
    scheduler.flush()
    expect(reports).toBe(0)
    scheduler.schedule()
    scheduler.flush()
    expect(reports).toBe(1)
    clock.advance(CHANGE_MAX_WAIT_MS)
    expect(reports).toBe(1)
  })

  it('forgets a pending change when cancelled', () => {
    const clock = manualClock()
    let reports = 0
    const scheduler = createChangeScheduler(() => reports++, clock)
    scheduler.schedule()
    scheduler.cancel()
    clock.advance(CHANGE_MAX_WAIT_MS)
    scheduler.flush()
    expect(reports).toBe(0)
  })
})
