import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, SEED_IDS, type Emulator } from '../../../../e2e/emulator'
import { post, wireId } from '../../../../e2e/emulator/test-support'
import { sameJson } from '../check-ins/recovery'
import { createRig, type Rig } from './testing/rig'
import { createFakeClock, type FakeClock } from './testing/fake-clock'
import { checkInSubmission, doc } from './testing/entries'

const HOUR = 60 * 60_000

describe('exactly once, attacked: "Send this one too?" before the first request', () => {
  let emulator: Emulator
  let clock: FakeClock = createFakeClock()
  /** How far the server's clock is behind this computer's (a computer whose clock runs fast). */
  let serverBehindMs = 0
  let rig: Rig
  beforeAll(async () => {
    emulator = await startEmulator({ now: () => new Date(clock.now() - serverBehindMs) })
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(() => {
    clock = createFakeClock()
    serverBehindMs = 0
    emulator.reset()
  })
  afterEach(async () => {
    await rig?.close()
  })
  const shipEngine = () => wireId(emulator, SEED_IDS.goals.shipEngine)
  const checkInsSaying = (message: string) =>
    emulator.state.checkIns.filter((c) => sameJson(c.message, JSON.parse(message)))
  const postFromWeb = async (message: string) => {
    const web = await post(emulator, 'goals/create_check_in', {
      goal_id: shipEngine(),
      status: 'on_track',
      content: message,
    })
    expect(web.status).toBe(200)
  }

  it('first attempt read the goal (snapshot) but the network dropped before create_check_in; offline for hours, the same words posted from the web; it is posted next to them without asking', async () => {
    let down = false
    let goalsGets = 0
    const flaky = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.includes('/goals/get')) {
        goalsGets++
        // The Wi-Fi drops right after the goal's check-ins were listed (the snapshot is on disk).
        if (goalsGets === 1) down = true
      }
      if (down) {
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }),
        })
      }
      return fetch(input, init)
    }) as typeof fetch
    rig = await createRig({ emulator, clock, fetch: flaky })
    const message = doc('No change this week, waiting on the vendor.')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    await rig.settle()
    const [queued] = rig.outbox.list()
    expect(queued).toMatchObject({ state: 'pending', snapshot: expect.any(Array), attempts: 0 })
    expect(checkInsSaying(message)).toHaveLength(0)
    // Two hours offline (a flight). Seeing "Check-in queued", she posts the same words from her phone.
    rig.os.online = false
    rig.connectivity.osChanged()
    await rig.advance(2 * HOUR)
    await postFromWeb(message)
    // Back online.
    down = false
    rig.os.online = true
    rig.connectivity.osChanged()
    for (let i = 0; i < 10 && rig.outbox.list()[0]?.state === 'pending'; i++) await rig.advance(60_000)
    // Promise: a check-in queued > 5 min before its first (create) request asks "Send this one too?".
    expect(checkInsSaying(message)).toHaveLength(1)
  })

  it('this computer’s clock runs an hour fast (a wrong time zone): the same words posted from the web 30 min after queueing are posted again without asking', async () => {
    serverBehindMs = HOUR
    rig = await createRig({ emulator, clock, osOnline: false })
    const message = doc('Blocked on the supplier; no change.')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    await rig.advance(30 * 60_000)
    await postFromWeb(message)
    rig.os.online = true
    rig.connectivity.osChanged()
    await rig.settle()
    expect(checkInsSaying(message)).toHaveLength(1)
  })

  it('control (held): the same case with clocks that agree asks "Send this one too?"', async () => {
    rig = await createRig({ emulator, clock, osOnline: false })
    const message = doc('Blocked on the supplier; no change.')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    await rig.advance(30 * 60_000)
    await postFromWeb(message)
    rig.os.online = true
    rig.connectivity.osChanged()
    await rig.settle()
    expect(checkInsSaying(message)).toHaveLength(1)
    expect(rig.outbox.list()[0]?.lastError?.message).toMatch(/Send this one too\?/)
  })
})
