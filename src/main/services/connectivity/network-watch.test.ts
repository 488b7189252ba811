import { describe, expect, it } from 'vitest'
import { AppFailure, appError } from '@shared/errors'
import { createFakeClock } from '../sync/testing/fake-clock'
import { createConnectivity } from './connectivity'
import { createNetworkWatch } from './network-watch'

// The watch with the real connectivity (its probe a switch), the OS's flag a variable and time a fake
// clock that counts every timer set: each one is a wake-up of the process.

const HOUR = 3_600_000

function setup(options: { osOnline?: boolean; serverUp?: boolean } = {}) {
  const clock = createFakeClock()
  let timersSet = 0
  const countingClock = {
    now: clock.now,
    setTimer(fn: () => void, ms: number) {
      timersSet++
      return clock.setTimer(fn, ms)
    },
  }
  const world = {
    osOnline: options.osOnline ?? true,
    serverUp: options.serverUp ?? true,
    waiting: 0,
    popupOpen: false,
    osReads: 0,
  }
  const connectivity = createConnectivity({
    isOsOnline: () => world.osOnline,
    probe: async () => {
      if (!world.serverUp) throw new AppFailure(appError('offline', 'No network.'))
    },
    clock,
    probeBaseMs: 1_000,
    probeCapMs: 8_000,
  })
  const watch = createNetworkWatch({
    isOsOnline: () => {
      world.osReads++
      return world.osOnline
    },
    connectivity,
    needed: () => world.waiting > 0 || world.popupOpen,
    clock: countingClock,
  })
  const changes: boolean[] = []
  connectivity.subscribe((online) => changes.push(online))
  // As the shell does: a change of the online state may change what the watch must do.
  connectivity.subscribe(() => watch.update())
  const advance = async (ms: number) => {
    clock.advance(ms)
    await connectivity.idle()
  }
  return {
    clock,
    world,
    connectivity,
    watch,
    changes,
    advance,
    timersSet: () => timersSet,
    pending: () => clock.pendingTimers().length,
  }
}

describe('the network watch', () => {
  it('sets no timer at all over an hour while online with nothing waiting', async () => {
    const w = setup()
    w.connectivity.start()
    await w.connectivity.idle()
    expect(w.connectivity.isOnline()).toBe(true)
    w.watch.update()
    const reads = w.world.osReads
    await w.advance(HOUR)
    expect(w.timersSet()).toBe(0)
    expect(w.world.osReads).toBe(reads)
    expect(w.pending()).toBe(0)
  })

  it('reads every 5 s while the popup is open, and stops when it closes', async () => {
    const w = setup()
    w.connectivity.start()
    await w.connectivity.idle()
    w.world.popupOpen = true
    w.watch.update()
    const reads = w.world.osReads
    await w.advance(60_000)
    expect(w.world.osReads - reads).toBe(12)
    w.world.popupOpen = false
    w.watch.update()
    const set = w.timersSet()
    await w.advance(HOUR)
    expect(w.timersSet()).toBe(set)
  })

  it('notices the network coming back within 5 s while an outbox entry waits, and the app is online again', async () => {
    const w = setup({ osOnline: false })
    w.connectivity.start()
    w.world.waiting = 1
    w.watch.update()
    await w.advance(10 * 60_000)
    expect(w.connectivity.isOnline()).toBe(false)
    w.world.osOnline = true
    await w.advance(5_000)
    expect(w.connectivity.isOnline()).toBe(true)
    expect(w.changes).toEqual([true])
    // Sent: nothing waits any more, online: the timer goes.
    w.world.waiting = 0
    w.watch.update()
    expect(w.pending()).toBe(0)
  })

  it('offline with nothing waiting, reads with pauses growing to 5 minutes: 20 wake-ups in an hour, not 720', async () => {
    const w = setup({ osOnline: false })
    w.connectivity.start()
    w.watch.update()
    await w.advance(HOUR)
    // 5, 10, 20, 40, 80, 160 s, then every 300 s.
    expect(w.timersSet()).toBeLessThanOrEqual(20)
    expect(w.timersSet()).toBeGreaterThan(0)
    // It still sees the network return, at the latest 5 minutes later.
    w.world.osOnline = true
    await w.advance(5 * 60_000)
    expect(w.connectivity.isOnline()).toBe(true)
    // Online and idle: no more timers.
    const set = w.timersSet()
    await w.advance(HOUR)
    expect(w.timersSet()).toBe(set)
  })

  it('stops for good', async () => {
    const w = setup()
    w.world.popupOpen = true
    w.watch.update()
    w.watch.stop()
    w.watch.update()
    expect(w.pending()).toBe(0)
  })
})
