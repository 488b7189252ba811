import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../../../e2e/emulator'
import { createOperatelyClient, type OperatelyClient } from '../operately/client'
import { createFakeClock } from '../sync/testing/fake-clock'
import { createConnectivity, type Connectivity } from './connectivity'
import { reportingFetch } from './reporting-fetch'

// The client's own requests keep connectivity up to date: no separate probing needed while the app works.

describe('reporting fetch', () => {
  let emulator: Emulator
  let connectivity: Connectivity
  let client: OperatelyClient
  let token: string

  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(() => {
    emulator.reset()
    token = emulator.tokens.write
    // Never started: only the client's requests can change what it says.
    connectivity = createConnectivity({
      isOsOnline: () => true,
      probe: () => Promise.reject(new Error('no probe in this test')),
      clock: createFakeClock(),
    })
    client = clientWithin(5_000)
  })
  const clientWithin = (timeoutMs: number) =>
    createOperatelyClient({
      baseUrl: emulator.url,
      getToken: () => token,
      fetch: reportingFetch(connectivity),
      timeoutMs,
    })

  it('goes online with the first answer and offline when the server stops answering', async () => {
    expect(connectivity.isOnline()).toBe(false)
    await client.listGoals()
    expect(connectivity.isOnline()).toBe(true)
    emulator.pause()
    await expect(client.listGoals()).rejects.toMatchObject({ error: { kind: 'offline' } })
    expect(connectivity.isOnline()).toBe(false)
    emulator.resume()
    await client.getMe()
    expect(connectivity.isOnline()).toBe(true)
  })

  it('counts our own deadline as a failure, and any refusal from the server as reachable', async () => {
    await client.getMe()
    emulator.setFaults({ latencyMs: 5_000 })
    await expect(clientWithin(200).getMe()).rejects.toMatchObject({ error: { kind: 'timeout' } })
    expect(connectivity.isOnline()).toBe(false)
    emulator.clearFaults()
    token = emulator.tokens.revoked
    await expect(client.getMe()).rejects.toMatchObject({ error: { kind: 'unauthorized' } })
    expect(connectivity.isOnline()).toBe(true)
  })

  it("leaves the state alone on a gateway's 502", async () => {
    emulator.setFaults({ htmlBadGateway: 1 })
    await expect(client.getMe()).rejects.toMatchObject({ error: { kind: 'server_error' } })
    expect(connectivity.isOnline()).toBe(false)
  })
})
