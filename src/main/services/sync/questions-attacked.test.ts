import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, SEED_IDS, type Emulator } from '../../../../e2e/emulator'
import { post, wireId } from '../../../../e2e/emulator/test-support'
import type { SessionState } from '@shared/session'
import { sameJson } from '../check-ins/recovery'
import { createConnectivity } from '../connectivity/connectivity'
import { silentLogger } from '../log/logger'
import { createSyncService } from './sync-service'
import { createRig, type Rig } from './testing/rig'
import { createFakeClock, type FakeClock } from './testing/fake-clock'
import { checkInSubmission, doc } from './testing/entries'

// Where the app asks the person before sending (issue 21): "Send again?" after a request that got no
// answer, "Send this one too?" when the same words reached the goal from elsewhere, and what Discard says
// meanwhile. Each case below was found by attacking these promises, and failed before its fix.

const HOUR = 60 * 60_000

describe('exactly once, attacked: the questions before sending', () => {
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

  /** What the Sync view would show for the items on this data folder (the real SyncService's view). */
  const syncViewItems = async (dataDir: string) => {
    const sync = await createSyncService({
      dataDir,
      log: silentLogger,
      connectivity: createConnectivity({
        isOsOnline: () => false,
        probe: () => rig.client.getMe(),
        clock,
        log: silentLogger,
      }),
      client: () => Promise.resolve(rig.client),
      session: { subscribe: () => () => undefined },
      initialSession: { status: 'signed_out' } as unknown as SessionState,
    })
    try {
      return (await sync.view()).items
    } finally {
      await sync.close()
    }
  }

  describe('"Send again?"', () => {
    it('an approved re-send that also gets no answer, while the first request lands: the copy found is final only once the re-send cannot land, and the second copy is shown', async () => {
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

    it('a restart between "Send again?" and Retry sends nothing; a second no-answer after the approved re-send asks again', async () => {
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

  describe('"Send this one too?"', () => {
    it('a first pass that read the goal but sent nothing, hours offline, the same words posted from the web: it asks before posting next to them', async () => {
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

    it('a computer whose clock runs an hour fast still asks when the same words were posted from the web 30 min after queueing', async () => {
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

    it('with clocks that agree, the same case asks "Send this one too?"', async () => {
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

  describe('Discard while asked', () => {
    it('an item the app says "may still arrive" is never offered for Discard as "never sent": the first request then lands', async () => {
      const server = slowServer()
      rig = await createRig({ emulator, clock, settleMs: 30_000, fetch: server.fetch })
      const message = doc('asked, then discarded')
      await rig.outbox.append(checkInSubmission(shipEngine(), message))
      await rig.settle()
      await rig.advance(35_000)
      const [asked] = rig.outbox.list()
      expect(asked).toMatchObject({ state: 'failed', askedToResend: expect.any(String) })
      expect(asked!.lastError!.message).toMatch(/it may still arrive/)
      await rig.close()

      // The Sync view words its Discard question from `maybeOnServer` (sync-display.test.ts holds it to that).
      const [item] = await syncViewItems(rig.dataDir)
      // The slow server commits the first request after all.
      await server.land(1)
      expect(checkInsSaying(message)).toHaveLength(1)
      // The question before Discard must not tell the person it was never sent: it may be (and now is) on Operately.
      expect(item).toMatchObject({ state: 'failed', maybeOnServer: true })
    })
  })
})
