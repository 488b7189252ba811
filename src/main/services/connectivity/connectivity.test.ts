import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../../../e2e/emulator'
import { createOperatelyClient } from '../operately/client'
import { createFakeClock, type FakeClock } from '../sync/testing/fake-clock'
import { createConnectivity, type Connectivity } from './connectivity'

// Connectivity with the real probe (people/get_me over HTTP to the emulator); only the OS's online flag
// (Electron's net.isOnline) is a switch, and time is a fake clock.

describe('connectivity', () => {
  let emulator: Emulator
  let clock: FakeClock
  let os: { online: boolean }
  let token: string
  let connectivity: Connectivity
  let changes: boolean[]

  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(() => {
    emulator.reset()
    clock = createFakeClock()
    os = { online: true }
    token = emulator.tokens.write
    const client = createOperatelyClient({ baseUrl: emulator.url, getToken: () => token, timeoutMs: 2_000 })
    connectivity = createConnectivity({
      isOsOnline: () => os.online,
      probe: () => client.getMe(),
      clock,
      probeBaseMs: 1_000,
      probeCapMs: 8_000,
    })
    changes = []
    connectivity.subscribe((online) => changes.push(online))
  })
  const probes = () => emulator.state.requests.filter((r) => r.endpoint === 'people/get_me').length
  const advance = async (ms: number) => {
    clock.advance(ms)
    await connectivity.idle()
  }

  it('is offline at start, until the probe gets an answer', async () => {
    expect(connectivity.isOnline()).toBe(false)
    connectivity.start()
    expect(connectivity.isOnline()).toBe(false)
    await connectivity.idle()
    expect(connectivity.isOnline()).toBe(true)
    expect(changes).toEqual([true])
    expect(connectivity.snapshot()).toMatchObject({
      online: true,
      osOnline: true,
      lastSuccessAt: expect.any(String),
    })
    expect(probes()).toBe(1)
  })

  it('does not probe while the OS says offline, and asks again when it comes back', async () => {
    os.online = false
    connectivity.start()
    await advance(60_000)
    expect(probes()).toBe(0)
    expect(connectivity.knownOffline()).toBe(true)
    os.online = true
    connectivity.osChanged()
    await connectivity.idle()
    expect(connectivity.isOnline()).toBe(true)
    expect(changes).toEqual([true])
  })

  it('goes offline when the OS does, and does not trust the old answer when the network returns', async () => {
    connectivity.start()
    await connectivity.idle()
    os.online = false
    connectivity.osChanged()
    expect(connectivity.isOnline()).toBe(false)
    emulator.pause()
    os.online = true
    connectivity.osChanged()
    await connectivity.idle()
    expect(connectivity.isOnline()).toBe(false)
    expect(changes).toEqual([true, false])
    emulator.resume()
    // The failed probe waits 2 s before the next one.
    await advance(2_000)
    expect(connectivity.isOnline()).toBe(true)
    expect(changes).toEqual([true, false, true])
  })

  it('after a network failure, probes again with growing pauses until the server answers', async () => {
    connectivity.start()
    await connectivity.idle()
    emulator.pause()
    connectivity.reportFailure('offline')
    expect(connectivity.isOnline()).toBe(false)
    expect(connectivity.knownOffline()).toBe(true)
    const before = probes()
    // Pauses of 1 s, 2 s, 4 s, 8 s, 8 s (the cap): one millisecond early, no probe.
    for (const pause of [1_000, 2_000, 4_000, 8_000, 8_000]) {
      const sent = probes()
      await advance(pause - 1)
      expect(probes()).toBe(sent)
      await advance(1)
      expect(probes()).toBe(sent + 1)
    }
    expect(probes() - before).toBe(5)
    emulator.resume()
    await advance(8_000)
    expect(connectivity.isOnline()).toBe(true)
    expect(changes).toEqual([true, false, true])
  })

  it('counts any answer from the server as reachable, even a refused token', async () => {
    token = emulator.tokens.revoked
    connectivity.start()
    await connectivity.idle()
    expect(connectivity.isOnline()).toBe(true)
  })

  it('does not call a server error or a refusal a network failure', async () => {
    connectivity.start()
    await connectivity.idle()
    connectivity.reportFailure('server_error')
    connectivity.reportFailure('unauthorized')
    expect(connectivity.isOnline()).toBe(true)
    connectivity.reportFailure('timeout')
    expect(connectivity.isOnline()).toBe(false)
    connectivity.reportSuccess()
    expect(connectivity.isOnline()).toBe(true)
  })

  it('check() answers after probing when nothing has answered yet', async () => {
    expect(await connectivity.check()).toBe(true)
    os.online = false
    connectivity.osChanged()
    expect(await connectivity.check()).toBe(false)
  })
})
