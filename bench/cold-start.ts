import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import keytar from 'keytar'
import { createCache } from '../src/main/services/cache/cache'
import { createMainServices } from '../src/main/services/create-services'
import { silentLogger } from '../src/main/services/log/logger'
import { result, type BenchResult } from './result'
import { median, repeat } from './stats'

/**
 * Main services cold start: from nothing to services built (vault, settings, session, …), the outbox
 * opened and a cache of 1,000 goals and 500 projects read back from disk. Modules are already loaded
 * (the app has them in its bundle); each run uses a fresh data folder prepared before the clock starts.
 */

const person = (i: number) => ({
  id: `person-${i}`,
  fullName: `Person ${i}`,
  avatarUrl: null,
  title: 'Engineer',
})

const goal = (i: number) => ({
  id: `goal-${i}-${randomUUID()}`,
  name: `Goal number ${i}: grow the thing that matters this quarter`,
  status: ['on_track', 'caution', 'off_track'][i % 3],
  champion: person(i % 40),
  reviewer: person((i + 1) % 40),
  space: { id: `space-${i % 8}`, name: `Space ${i % 8}` },
  timeframe: { type: 'quarter', startDate: '2026-01-01', endDate: '2026-03-31' },
  nextCheckInDue: '2026-04-01',
  lastCheckIn: { id: `check-in-${i}`, insertedAt: '2026-03-01T10:00:00Z', status: 'on_track' },
  targets: [
    { id: `t-${i}-1`, name: 'Revenue', from: 0, to: 100, value: i % 100, unit: '%' },
    { id: `t-${i}-2`, name: 'Customers', from: 10, to: 50, value: 20, unit: 'customers' },
  ],
  webUrl: `https://operately.example.com/goals/goal-${i}`,
})

const project = (i: number) => ({
  id: `project-${i}-${randomUUID()}`,
  name: `Project number ${i}: ship the next milestone`,
  status: ['on_track', 'caution', 'off_track'][i % 3],
  state: 'active',
  champion: person(i % 40),
  reviewer: person((i + 2) % 40),
  space: { id: `space-${i % 8}`, name: `Space ${i % 8}` },
  goal: { id: `goal-${i}`, name: `Goal number ${i}` },
  access: { canEdit: true },
  webUrl: `https://operately.example.com/projects/project-${i}`,
})

export const goalsKey = 'goals:list'
export const projectsKey = 'projects:list'

async function coldStartOnce(vaultService: string): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'operately-tray-bench-cold-'))
  try {
    const prepared = createCache({ dir: join(dataDir, 'cache') })
    await prepared.write(
      goalsKey,
      Array.from({ length: 1000 }, (_, i) => goal(i)),
    )
    await prepared.write(
      projectsKey,
      Array.from({ length: 500 }, (_, i) => project(i)),
    )

    const started = performance.now()
    const services = await createMainServices({ dataDir, keytar, vaultService, log: silentLogger })
    // The services opened the outbox already; then the first screens read the kept lists.
    const cache = createCache({ dir: join(dataDir, 'cache') })
    const [goals, projects] = await Promise.all([cache.read(goalsKey), cache.read(projectsKey)])
    const ms = performance.now() - started

    if (
      (goals?.value as unknown[] | undefined)?.length !== 1000 ||
      (projects?.value as unknown[] | undefined)?.length !== 500
    )
      throw new Error('cold start: the cache did not give back the 1,000 goals and 500 projects written')
    if (services.sync.outbox.list().length !== 0) throw new Error('cold start: a fresh outbox is not empty')
    await services.dispatch('session.signOut', {})
    await services.close()
    return ms
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

export async function measureColdStart(): Promise<BenchResult[]> {
  const vaultService = `Operately Tray bench ${randomUUID()}`
  // One run first to warm the file system and the JIT; the budget is about the app, not the disk cache.
  await coldStartOnce(vaultService)
  const runs = await repeat(7, () => coldStartOnce(vaultService))
  return [
    result('main services cold start', median(runs), 'ms', 200, {
      note: 'services + outbox + cache of 1,000 goals and 500 projects; median of 7 runs',
    }),
  ]
}
