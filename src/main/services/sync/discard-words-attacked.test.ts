import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, SEED_IDS, type Emulator } from '../../../../e2e/emulator'
import { wireId } from '../../../../e2e/emulator/test-support'
import { sameJson } from '../check-ins/recovery'
import { createConnectivity } from '../connectivity/connectivity'
import { silentLogger } from '../log/logger'
import { createSyncService } from './sync-service'
import { createRig, type Rig } from './testing/rig'
import { createFakeClock, type FakeClock } from './testing/fake-clock'
import { checkInSubmission, doc } from './testing/entries'
import type { SessionState } from '@shared/session'

describe('exactly once, attacked: "Discard" while the app asks "Send again?"', () => {
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

  it('the item the app says "may still arrive" is never offered for Discard as "never sent": the first request then lands', async () => {
    let held: { url: string; init: RequestInit } | null = null
    const lossy = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      if (!url.endsWith('/goals/create_check_in') || init?.method !== 'POST') return fetch(input, init)
      held = { url, init: { ...init } }
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('ECONNRESET'), { code: 'ECONNRESET' }),
      })
    }) as typeof fetch
    rig = await createRig({ emulator, clock, settleMs: 30_000, fetch: lossy })
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
    const response = await fetch(held!.url, { ...held!.init, signal: null })
    expect(response.status).toBe(200)
    expect(checkInsSaying(message)).toHaveLength(1)
    // The question before Discard must not tell the person it was never sent: it may be (and now is) on Operately.
    expect(item).toMatchObject({ state: 'failed', maybeOnServer: true })
  })
})
