import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import keytar from 'keytar'
import { afterEach, describe, expect, it } from 'vitest'
import { BIG_SEED, startEmulator, type Emulator, type SeedName } from '../../../../e2e/emulator'
import { manualClock } from '../assignments/testing/manual-clock'
import { hasSecretService } from '../check-ins/testing/signed-in'
import { createMainServices, type MainServices } from '../create-services'
import { firstMinuteScreens, requestsByEndpoint, ROWS_ON_SCREEN } from './testing/first-minute'

// Issue 23's budget: at most 60 requests to Operately in the first minute after sign-in, at 10,000 goals
// and 5,000 projects. Edit rights used to be asked for every row the role did not settle (≈15,000).

/** Waits until nothing is on the wire and nothing new was asked for a while. */
async function quiet(emulator: Emulator, forMs = 1_500): Promise<void> {
  let seen = -1
  while (seen !== emulator.state.requests.length || emulator.state.requests.some((r) => r.status === null)) {
    seen = emulator.state.requests.length
    await new Promise((resolve) => setTimeout(resolve, forMs))
  }
}

describe.skipIf(!hasSecretService)('requests in the first minute after sign-in', () => {
  let emulator: Emulator | null = null
  let services: MainServices | null = null
  let vaultService = ''
  afterEach(async () => {
    await services?.close()
    if (emulator) await keytar.deletePassword(vaultService, emulator.url)
    await emulator?.close()
  })

  const firstMinute = async (seed: SeedName) => {
    emulator = await startEmulator({ seed })
    const clock = manualClock(Date.now())
    vaultService = `Operately Tray test ${randomUUID()}`
    services = await createMainServices({
      dataDir: mkdtempSync(join(tmpdir(), 'operately-tray-')),
      keytar,
      vaultService,
      inboxClock: { now: clock.now, timers: clock.timers, timeZone: () => 'UTC' },
    })
    const signIn = await services.dispatch('session.signIn', {
      baseUrl: emulator.url,
      token: emulator.tokens.write,
    })
    expect(signIn.ok).toBe(true)
    await firstMinuteScreens(services, { goals: 'latency', projects: 'billing' })
    // The rest of the minute: whatever the services have set to run in it runs.
    clock.advanceBy(60_000)
    await quiet(emulator)
    return requestsByEndpoint(emulator.state.requests)
  }

  it('stays within 60 at the big company, asking edit rights only for the rows shown', async () => {
    expect(emulator).toBeNull()
    const counts = await firstMinute('big')
    expect(emulator!.state.goals).toHaveLength(BIG_SEED.goals)
    console.log('first minute at the big company:', JSON.stringify(counts.byEndpoint))
    expect(counts.total).toBeLessThanOrEqual(60)
    // Two screens of goals and two of projects at most, whatever the size of the company.
    expect(counts.byEndpoint['GET goals/get'] ?? 0).toBeLessThanOrEqual(2 * ROWS_ON_SCREEN)
    expect(counts.byEndpoint['GET projects/get'] ?? 0).toBeLessThanOrEqual(2 * ROWS_ON_SCREEN)
    expect(counts.byEndpoint['GET goals/list']).toBe(1)
    expect(counts.byEndpoint['GET projects/list']).toBe(1)
  }, 120_000)

  it('stays within 60 at the usual company too', async () => {
    const counts = await firstMinute('usual')
    console.log('first minute at the usual company:', JSON.stringify(counts.byEndpoint))
    expect(counts.total).toBeLessThanOrEqual(60)
  }, 60_000)
})
