import { describe, expect, it } from 'vitest'
import { createUpdateSchedule, updateTiming, type Timers } from './update-schedule'

/** Timers a test fires by hand: no waiting, no timing assertions. */
function manualTimers() {
  const pending = new Map<number, { callback: () => void; ms: number }>()
  let next = 1
  const timers: Timers & { pending: typeof pending; fire(): Promise<void> } = {
    pending,
    setTimeout(callback, ms) {
      const id = next++
      pending.set(id, { callback, ms })
      return id
    },
    clearTimeout(handle) {
      pending.delete(handle as number)
    },
    async fire() {
      const entries = [...pending.entries()]
      if (entries.length !== 1) throw new Error(`expected one pending timer, found ${entries.length}`)
      const [id, { callback }] = entries[0] as [number, { callback: () => void; ms: number }]
      pending.delete(id)
      callback()
      // Let the check and the rescheduling run.
      for (let i = 0; i < 5; i++) await Promise.resolve()
    },
  }
  return timers
}

describe('update schedule', () => {
  it('checks a minute after start, then every four hours', async () => {
    const timers = manualTimers()
    let checks = 0
    const schedule = createUpdateSchedule({ timers, check: async () => void checks++ })
    schedule.start()
    expect([...timers.pending.values()].map((t) => t.ms)).toEqual([updateTiming.firstCheckAfterMs])
    expect(checks).toBe(0)
    await timers.fire()
    expect(checks).toBe(1)
    expect([...timers.pending.values()].map((t) => t.ms)).toEqual([4 * 60 * 60 * 1000])
    await timers.fire()
    expect(checks).toBe(2)
  })

  it('never runs two checks at once', async () => {
    let release: () => void = () => {}
    let checks = 0
    const schedule = createUpdateSchedule({
      timers: manualTimers(),
      check: () => {
        checks++
        return new Promise<void>((resolve) => (release = resolve))
      },
    })
    const first = schedule.checkNow()
    const second = schedule.checkNow()
    expect(checks).toBe(1)
    release()
    await Promise.all([first, second])
    // Once that check is over, the next one runs.
    const third = schedule.checkNow()
    expect(checks).toBe(2)
    release()
    await third
  })

  it('keeps its rhythm after a failed check', async () => {
    const timers = manualTimers()
    const schedule = createUpdateSchedule({
      timers,
      check: () => Promise.reject(new Error('offline')),
    })
    schedule.start()
    await timers.fire()
    expect(timers.pending.size).toBe(1)
  })

  it('stops checking when stopped', async () => {
    const timers = manualTimers()
    let checks = 0
    const schedule = createUpdateSchedule({ timers, check: async () => void checks++ })
    schedule.start()
    schedule.stop()
    expect(timers.pending.size).toBe(0)
    expect(checks).toBe(0)
  })
})
