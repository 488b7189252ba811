import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, SEED_IDS, type Emulator } from '../../../../e2e/emulator'
import { wireId } from '../../../../e2e/emulator/test-support'
import { sameJson } from '../check-ins/recovery'
import { createRig, type Rig } from './testing/rig'
import { createFakeClock, type FakeClock } from './testing/fake-clock'
import { checkInSubmission, doc } from './testing/entries'

describe('exactly once, attacked: asked before a re-send, a second copy always shown', () => {
  let emulator: Emulator
  let clock: FakeClock = createFakeClock()
  let rig: Rig
  beforeAll(async () => {
    emulator = await startEmulator({ now: () => new Date(clock.now()) })
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(() => {
    clock = createFakeClock()
    emulator.reset()
  })
  afterEach(async () => {
    await rig?.close()
  })
  const shipEngine = () => wireId(emulator, SEED_IDS.goals.shipEngine)
  const checkInsSaying = (message: string) =>
    emulator.state.checkIns.filter((c) => sameJson(c.message, JSON.parse(message)))

  /**
   * A slow server: every create_check_in POST "loses its connection" from the app's side (ECONNRESET after
   * the request left), but the server still holds the request and commits it later (`land(n)`).
   */
  const slowServer = () => {
    const held: Array<{ url: string; init: RequestInit }> = []
    const hooks: Record<number, () => Promise<void>> = {}
    const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      if (!url.endsWith('/goals/create_check_in') || init?.method !== 'POST') return fetch(input, init)
      held.push({ url, init: { ...init } })
      await hooks[held.length]?.()
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('ECONNRESET'), { code: 'ECONNRESET' }),
      })
    }) as typeof fetch
    const land = async (n: number) => {
      const { url, init } = held[n - 1]!
      const response = await fetch(url, { ...init, signal: null })
      expect(response.status).toBe(200)
    }
    return { fetch: f, held, hooks, land }
  }

  it('the approved re-send also gets no answer; the first copy lands before the look after it, the re-send lands later: two copies, app says delivered', async () => {
    const server = slowServer()
    rig = await createRig({ emulator, clock, settleMs: 30_000, fetch: server.fetch })
    const message = doc('slow server, both land')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    await rig.settle()
    await rig.advance(35_000)
    const [asked] = rig.outbox.list()
    expect(asked).toMatchObject({ state: 'failed', askedToResend: expect.any(String) })
    // The person presses Retry ("Send again?"). The re-send leaves; while the app waits for its answer,
    // the slow server finally commits the FIRST request.
    server.hooks[2] = () => server.land(1)
    await rig.engine.retry(asked!.id)
    await rig.settle()
    expect(server.held).toHaveLength(2)
    // Right after the re-send lost its connection the app looked, found the FIRST copy, and called it
    // delivered, although the re-send it had just sent could still land (its own settle wait had not begun).
    const deliveredRightAway = rig.outbox.list().length === 0
    // A little later the server commits the re-send too.
    await rig.advance(20_000)
    await server.land(2)
    for (let i = 0; i < 5; i++) await rig.advance(60_000)
    expect(checkInsSaying(message)).toHaveLength(2)
    // Promise: after a re-send the person asked for, a second copy is shown ("twice"), never hidden.
    const shown = rig.outbox.list().map((e) => e.lastError?.message ?? '')
    expect({ deliveredRightAway, shown }).toEqual({
      deliveredRightAway: false,
      shown: [expect.stringMatching(/twice/)],
    })
  })

  it('held: restart between "Send again?" and Retry; a second no-answer after the approved re-send asks again', async () => {
    const server = slowServer()
    rig = await createRig({ emulator, clock, settleMs: 30_000, fetch: server.fetch })
    const message = doc('restart between')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    await rig.settle()
    await rig.advance(35_000)
    await rig.close()
    rig = await createRig({ emulator, clock, settleMs: 30_000, fetch: server.fetch, dataDir: rig.dataDir })
    await rig.advance(10 * 60_000)
    const [asked] = rig.outbox.list()
    expect(asked).toMatchObject({ state: 'failed', askedToResend: expect.any(String) })
    expect(server.held).toHaveLength(1)
    await rig.engine.retry(asked!.id)
    await rig.settle()
    expect(server.held).toHaveLength(2)
    await rig.advance(35_000)
    for (let i = 0; i < 5; i++) await rig.advance(60_000)
    const [again] = rig.outbox.list()
    expect(again).toMatchObject({ state: 'failed', askedToResend: expect.any(String), resent: true })
    expect(server.held).toHaveLength(2)
  })
})
