import { describe, expect, it } from 'vitest'
import { runWhenIdle, SLICE_MS, type IdleDeadlineLike, type IdleScheduler } from './idle-work'

/** Idle callbacks run by hand, on a clock that moves only when a step of work says so. */
function manualIdle() {
  const queue = new Map<number, (deadline: IdleDeadlineLike) => void>()
  let next = 1
  let time = 0
  const idle: IdleScheduler = {
    request: (callback) => {
      queue.set(next, callback)
      return next++
    },
    cancel: (handle) => queue.delete(handle as number),
  }
  return {
    idle,
    now: () => time,
    advance: (ms: number) => (time += ms),
    pending: () => queue.size,
    /** Runs the waiting callbacks once, each with `remaining` ms of idle time. */
    runIdle(remaining = 50) {
      const callbacks = [...queue.values()]
      queue.clear()
      for (const callback of callbacks) callback({ timeRemaining: () => remaining })
    },
  }
}

function* steps(count: number, clock: { advance: (ms: number) => number }, log: number[]) {
  for (let i = 0; i < count; i++) {
    clock.advance(3)
    log.push(i)
    yield
  }
  return count
}

describe('runWhenIdle', () => {
  it('does nothing until the page is idle, then works in slices no longer than SLICE_MS', () => {
    const clock = manualIdle()
    const log: number[] = []
    const results: number[] = []
    const job = runWhenIdle(steps(10, clock, log), (result) => results.push(result), clock)
    expect(log).toEqual([])
    clock.runIdle()
    // Steps of 3 ms: the slice stops at the first step ending at or past 8 ms.
    expect(log).toHaveLength(Math.ceil(SLICE_MS / 3))
    expect(job.done).toBe(false)
    while (clock.pending() > 0) clock.runIdle()
    expect(log).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(results).toEqual([10])
    expect(job.done).toBe(true)
  })

  it('takes less than a slice when the browser has less idle time left', () => {
    const clock = manualIdle()
    const log: number[] = []
    runWhenIdle(steps(10, clock, log), () => undefined, clock)
    clock.runIdle(2)
    expect(log).toEqual([0])
  })

  it('finishes at once when the result is needed, and calls back once', () => {
    const clock = manualIdle()
    const log: number[] = []
    const results: number[] = []
    const job = runWhenIdle(steps(5, clock, log), (result) => results.push(result), clock)
    clock.runIdle()
    job.finishNow()
    expect(log).toEqual([0, 1, 2, 3, 4])
    expect(results).toEqual([5])
    expect(clock.pending()).toBe(0)
    job.finishNow()
    clock.runIdle()
    expect(results).toEqual([5])
  })

  it('never calls back once cancelled', () => {
    const clock = manualIdle()
    const log: number[] = []
    const results: number[] = []
    const job = runWhenIdle(steps(5, clock, log), (result) => results.push(result), clock)
    clock.runIdle(4)
    job.cancel()
    expect(clock.pending()).toBe(0)
    job.finishNow()
    expect(results).toEqual([])
    expect(job.done).toBe(true)
    expect(log.length).toBeLessThan(5)
  })
})
