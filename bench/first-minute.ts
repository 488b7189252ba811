import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import keytar from 'keytar'
import { startEmulator, type SeedName } from '../e2e/emulator'
import { createMainServices } from '../src/main/services/create-services'
import { silentLogger } from '../src/main/services/log/logger'
import { firstMinuteScreens, requestsByEndpoint } from '../src/main/services/permissions/testing/first-minute'
import { result, type BenchResult } from './result'

/**
 * Requests to Operately in the first minute after sign-in (issue 23), at the usual seed and at the big
 * company (10,000 goals, 5,000 projects, 1,000 people): the real main services signed in to the emulator,
 * the popup's screens as the renderer calls them (permissions/testing/first-minute.ts: Check-ins, a
 * filter, Projects, a filter, inbox, Sync), then the rest of the minute on the real clock. Counted from
 * sign-in to one minute later, by endpoint.
 *
 *   scripts/with-keyring.sh npx tsx bench/first-minute.ts     # this module alone, prints its rows
 */

const MINUTE_MS = 60_000

async function firstMinute(seed: SeedName): Promise<{ byEndpoint: Record<string, number>; total: number }> {
  const emulator = await startEmulator({ seed })
  const dataDir = await mkdtemp(join(tmpdir(), 'operately-tray-bench-minute-'))
  const vaultService = `Operately Tray bench ${randomUUID()}`
  const services = await createMainServices({ dataDir, keytar, vaultService, log: silentLogger })
  try {
    const started = Date.now()
    const signIn = await services.dispatch('session.signIn', {
      baseUrl: emulator.url,
      token: emulator.tokens.write,
    })
    if (!signIn.ok) throw new Error(`first minute: sign-in failed: ${signIn.error.message}`)
    await firstMinuteScreens(services, { goals: 'latency', projects: 'billing' })
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + MINUTE_MS - Date.now())))
    const end = started + MINUTE_MS
    return requestsByEndpoint(emulator.state.requests.filter((r) => Date.parse(r.at) <= end))
  } finally {
    await services.dispatch('session.signOut', {})
    await services.close()
    await keytar.deletePassword(vaultService, emulator.url).catch(() => false)
    await emulator.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

const perEndpoint = (byEndpoint: Record<string, number>) =>
  Object.entries(byEndpoint)
    .sort((a, b) => b[1] - a[1])
    .map(([endpoint, n]) => `${endpoint} ${n}`)
    .join(', ')

export async function measureFirstMinute(log: (line: string) => void): Promise<BenchResult[]> {
  const usual = await firstMinute('usual')
  log(`usual seed: ${usual.total} requests (${perEndpoint(usual.byEndpoint)})`)
  const big = await firstMinute('big')
  log(`big company: ${big.total} requests (${perEndpoint(big.byEndpoint)})`)
  return [
    result('requests in the first minute after sign-in, usual seed', usual.total, 'requests', null, {
      note: `for comparison with the big company; ${perEndpoint(usual.byEndpoint)}`,
    }),
    result('requests in the first minute after sign-in, 10,000 goals', big.total, 'requests', 60, {
      note: `10,000 goals, 5,000 projects; ${perEndpoint(big.byEndpoint)}`,
    }),
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { formatTable } = await import('./result')
  const rows = await measureFirstMinute((line) => console.log(`  ${line}`))
  console.log(formatTable(rows))
}
