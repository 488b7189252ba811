import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import keytar from 'keytar'
import { z } from 'zod'
import { goalSummarySchema, type GoalSummary } from '../src/shared/domain/goals'
import { projectSummarySchema, type ProjectSummary } from '../src/shared/domain/projects'
import { createCache } from '../src/main/services/cache/cache'
import { createMainServices } from '../src/main/services/create-services'
import { silentLogger } from '../src/main/services/log/logger'
import { result, type BenchResult } from './result'
import { median, repeat } from './stats'

/**
 * Main services cold start: from nothing to services built (vault, settings, session, …), the outbox
 * opened and a cache of goals and projects read back from disk: 1,000 and 500 (issue 6), and the big
 * company's 10,000 and 5,000 (issue 23). Modules are already loaded (the app has them in its bundle); each
 * run uses a fresh data folder prepared before the clock starts.
 */

interface CacheSize {
  goals: number
  projects: number
}

/** A goal as the goals list caches it (GoalSummary), checked against its schema before it is written. */
const goal = (i: number): GoalSummary => ({
  id: `goal-number-${i}-${randomUUID().replaceAll('-', '').slice(0, 22)}`,
  name: `Goal number ${i}: grow the thing that matters this quarter`,
  status: ['on_track', 'caution', 'off_track'][i % 3]!,
  dueDate: { dateType: 'quarter', date: '2026-03-31', value: 'Q1 2026' },
  lastCheckInAt: '2026-03-01T10:00:00Z',
  role: i % 4 === 0 ? 'champion' : i % 4 === 1 ? 'reviewer' : null,
  spaceName: `Space ${i % 8}`,
  isClosed: false,
  canEdit: i % 2 === 0 ? true : null,
})

/** A project as the projects list caches it (ProjectSummary). */
const project = (i: number): ProjectSummary => ({
  id: `project-number-${i}-${randomUUID().replaceAll('-', '').slice(0, 22)}`,
  name: `Project number ${i}: ship the next milestone`,
  spaceName: `Space ${i % 8}`,
  status: ['on_track', 'caution', 'off_track', 'paused'][i % 4]!,
  isMine: i % 3 === 0,
  canEdit: i % 3 === 0 ? true : null,
})

/** The app's own cache keys (goals-service.ts, projects-service.ts) and the schemas they are read with. */
export const goalsKey = 'goals'
export const projectsKey = 'projects'
const goalList = z.array(goalSummarySchema)
const projectList = z.array(projectSummarySchema)

async function coldStartOnce(vaultService: string, size: CacheSize): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'operately-tray-bench-cold-'))
  try {
    const prepared = createCache({ dir: join(dataDir, 'cache') })
    // Checked before writing, so a mistake in the bench's data cannot pass for a slow read.
    await prepared.write(goalsKey, goalList.parse(Array.from({ length: size.goals }, (_, i) => goal(i))))
    await prepared.write(
      projectsKey,
      projectList.parse(Array.from({ length: size.projects }, (_, i) => project(i))),
    )

    const started = performance.now()
    const services = await createMainServices({ dataDir, keytar, vaultService, log: silentLogger })
    // The services opened the outbox already; then the first screens read the kept lists.
    const cache = createCache({ dir: join(dataDir, 'cache') })
    // Read as the services read them: through the schemas, which a copy from an older app version fails.
    const [goals, projects] = await Promise.all([
      cache.read(goalsKey, goalList),
      cache.read(projectsKey, projectList),
    ])
    const ms = performance.now() - started

    if (
      (goals?.value as unknown[] | undefined)?.length !== size.goals ||
      (projects?.value as unknown[] | undefined)?.length !== size.projects
    )
      throw new Error('cold start: the cache did not give back the goals and projects written')
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
  const usual = { goals: 1_000, projects: 500 }
  const big = { goals: 10_000, projects: 5_000 }
  await coldStartOnce(vaultService, usual)
  const runs = await repeat(7, () => coldStartOnce(vaultService, usual))
  await coldStartOnce(vaultService, big)
  const bigRuns = await repeat(7, () => coldStartOnce(vaultService, big))
  return [
    result('main services cold start', median(runs), 'ms', 200, {
      note: 'services + outbox + the cache keys goals (1,000) and projects (500) read through their schemas; median of 7 runs',
    }),
    result('main services cold start, 10,000-goal cache', median(bigRuns), 'ms', 100, {
      note: 'as above with the big company kept: goals (10,000) and projects (5,000) read through their schemas; median of 7 runs (issue 23)',
    }),
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { formatTable } = await import('./result')
  console.log(formatTable(await measureColdStart()))
}
