import { describe, expect, it } from 'vitest'
import { createDraftSaver } from './draft-saver'

/** A hand-driven timer: tests decide when "500 ms of quiet" has passed. */
function manualTimers() {
  const timers = new Map<number, () => void>()
  let next = 1
  return {
    setTimer: (fn: () => void) => {
      timers.set(next, fn)
      return next++
    },
    clearTimer: (handle: unknown) => void timers.delete(handle as number),
    fireAll: () => {
      const due = [...timers.values()]
      timers.clear()
      due.forEach((fn) => fn())
    },
    get count() {
      return timers.size
    },
  }
}

function rig() {
  const timers = manualTimers()
  const saved: string[] = []
  const savedAt: string[] = []
  const saver = createDraftSaver<string>({
    save: (value) => {
      saved.push(value)
      return Promise.resolve({ savedAt: `t${saved.length}` })
    },
    onSaved: (at) => savedAt.push(at),
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
  })
  return { timers, saved, savedAt, saver }
}

describe('createDraftSaver', () => {
  it('saves only the last value once changes pause', async () => {
    const { timers, saved, savedAt, saver } = rig()
    saver.schedule('a')
    saver.schedule('ab')
    saver.schedule('abc')
    expect(timers.count).toBe(1)
    expect(saved).toEqual([])
    timers.fireAll()
    await saver.flush()
    expect(saved).toEqual(['abc'])
    expect(savedAt).toEqual(['t1'])
  })

  it('says a save is done only when nothing newer waits behind it ("Draft saved" stands for what is on screen)', async () => {
    const { timers, saved, savedAt, saver } = rig()
    saver.schedule('a')
    timers.fireAll()
    // Typed on while "a" is being written.
    saver.schedule('ab')
    await Promise.resolve()
    await Promise.resolve()
    expect(saved).toEqual(['a'])
    expect(savedAt).toEqual([])
    timers.fireAll()
    await saver.flush()
    expect(saved).toEqual(['a', 'ab'])
    expect(savedAt).toEqual(['t2'])
  })

  it('saves a pending value at once when flushed or closed, and later values immediately after closing', async () => {
    const { timers, saved, saver } = rig()
    saver.schedule('typed')
    await saver.flush()
    expect(saved).toEqual(['typed'])
    saver.schedule('more')
    saver.close()
    saver.schedule('last word from the editor')
    await saver.flush()
    expect(saved).toEqual(['typed', 'more', 'last word from the editor'])
    expect(timers.count).toBe(0)
  })

  it('never saves again once stopped (the check-in was submitted)', async () => {
    const { timers, saved, saver } = rig()
    saver.schedule('draft')
    saver.stop()
    timers.fireAll()
    saver.schedule('late change')
    saver.close()
    await saver.flush()
    expect(saved).toEqual([])
  })

  it('drops a pending change when cancelled, and saves later ones', async () => {
    const { timers, saved, saver } = rig()
    saver.schedule('discarded')
    saver.cancel()
    timers.fireAll()
    saver.schedule('new start')
    timers.fireAll()
    await saver.flush()
    expect(saved).toEqual(['new start'])
  })

  it('waits for a pause again once reopened (a remounted form)', () => {
    const { timers, saved, saver } = rig()
    saver.close()
    saver.open()
    saver.schedule('typing')
    expect(saved).toEqual([])
    expect(timers.count).toBe(1)
  })

  it('reports a failed save and keeps saving later changes', async () => {
    const timers = manualTimers()
    const errors: unknown[] = []
    let fail = true
    const saved: string[] = []
    const saver = createDraftSaver<string>({
      save: (value) => {
        if (fail) return Promise.reject(new Error('disk full'))
        saved.push(value)
        return Promise.resolve({ savedAt: 'now' })
      },
      onError: (error) => errors.push(error),
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    })
    saver.schedule('one')
    await saver.flush()
    expect(errors).toHaveLength(1)
    fail = false
    saver.schedule('two')
    await saver.flush()
    expect(saved).toEqual(['two'])
  })
})
