import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { slugId, startEmulator } from '../e2e/emulator'
import { createConnectivity } from '../src/main/services/connectivity/connectivity'
import { silentLogger } from '../src/main/services/log/logger'
import { createOperatelyClient } from '../src/main/services/operately/client'
import { openOutboxStore } from '../src/main/services/outbox/outbox-store'
import { systemClock } from '../src/main/services/sync/clock'
import { createDeliverers } from '../src/main/services/sync/deliverers'
import { createSyncEngine } from '../src/main/services/sync/sync-engine'
import { editableProjects } from './projects'
import { result, type BenchResult } from './result'
import { median, percentile, repeat } from './stats'

/**
 * Outbox: how long a durable append takes (the user's "Save" waits for it), and how the sync engine
 * drains a backlog of offline saves against the emulator over real HTTP with the real clock.
 */

const doc = (text: string): string =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] })

const scratch = () => mkdtemp(join(tmpdir(), 'operately-tray-bench-outbox-'))

/** 1,000 appends, each a new project's description (a new file, written and fsynced). */
async function appendLatencies(count: number): Promise<number[]> {
  const dir = await scratch()
  try {
    const outbox = await openOutboxStore({ dir: join(dir, 'outbox'), log: silentLogger })
    const samples: number[] = []
    for (let i = 0; i < count; i++) {
      const started = performance.now()
      await outbox.append({
        kind: 'description',
        payload: { projectId: `bench-project-${i}`, description: doc(`save number ${i}`) },
        base: null,
      })
      samples.push(performance.now() - started)
    }
    return samples
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

interface DrainRun {
  ms: number
  requests: number
  updates: number
  reads: number
  projects: number
  leftOver: number
  states: string[]
  /** Projects whose description on the server is not their last save. */
  stale: number
}

/** 1,000 saves over 20 projects while the OS says offline; then online: time until the outbox is empty. */
async function drainOnce(saves: number): Promise<DrainRun> {
  const emulator = await startEmulator()
  const dir = await scratch()
  const os = { online: false }
  try {
    const uuids = editableProjects(emulator, 20)
    const client = createOperatelyClient({
      baseUrl: emulator.url,
      getToken: () => emulator.tokens.write,
      timeoutMs: 5_000,
    })
    const outbox = await openOutboxStore({ dir: join(dir, 'outbox'), log: silentLogger })
    const connectivity = createConnectivity({
      isOsOnline: () => os.online,
      probe: () => client.getMe(),
      clock: systemClock,
      log: silentLogger,
    })
    const engine = createSyncEngine({
      outbox,
      deliverers: createDeliverers({ client: () => Promise.resolve(client), claims: outbox }),
      connectivity,
      clock: systemClock,
      log: silentLogger,
    })
    connectivity.start()
    engine.start()
    const projects = uuids.map((uuid) => {
      const record = emulator.state.projects.find((p) => p.id === uuid)!
      return {
        wire: slugId(record.name, uuid),
        base: record.description === null ? null : JSON.stringify(record.description),
      }
    })
    for (let i = 0; i < saves; i++) {
      const project = projects[i % projects.length]!
      await outbox.append({
        kind: 'description',
        payload: { projectId: project.wire, description: doc(`offline save ${i}`) },
        base: project.base,
      })
    }
    const firstRequest = emulator.state.requests.length

    const started = performance.now()
    os.online = true
    connectivity.osChanged()
    const deadline = started + 30_000
    // Done when nothing is waiting or on its way (an entry the server refused stays, in another state).
    const busy = () => outbox.list().filter((e) => e.state === 'pending' || e.state === 'sending').length
    while (busy() > 0 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    const ms = performance.now() - started
    const leftOver = outbox.list().length
    const states = outbox.list().map((e) => `${e.state}${e.lastError ? ` (${e.lastError.message})` : ''}`)
    connectivity.stop()
    await engine.stop()

    // Each project must end up holding its last save (the 50th of the 50 it was given).
    const stale = projects.filter((project, k) => {
      const lastSave = saves - projects.length + k
      const record = emulator.state.projects.find((p) => slugId(p.name, p.id) === project.wire)
      return !JSON.stringify(record?.description ?? null).includes(`"offline save ${lastSave}"`)
    }).length

    const sent = emulator.state.requests.slice(firstRequest).filter((r) => r.endpoint !== null)
    return {
      ms,
      requests: sent.length,
      updates: sent.filter((r) => r.endpoint === 'projects/update_description').length,
      reads: sent.filter((r) => r.endpoint === 'projects/get').length,
      projects: projects.length,
      leftOver,
      states,
      stale,
    }
  } finally {
    await emulator.close()
    await rm(dir, { recursive: true, force: true })
  }
}

export async function measureOutbox(log: (line: string) => void): Promise<BenchResult[]> {
  const appendRuns = await repeat(3, () => appendLatencies(1000))
  log(`outbox: ${appendRuns.length} × 1,000 durable appends done`)
  const drains = await repeat(3, () => drainOnce(1000))
  log(`outbox: ${drains.length} drains of 1,000 offline saves done`)
  const worst = (pick: (run: DrainRun) => number) => Math.max(...drains.map(pick))
  const leftOver = worst((d) => d.leftOver)
  const stale = worst((d) => d.stale)
  const projects = drains[0]!.projects
  return [
    result('outbox append p50', median(appendRuns.map((s) => percentile(s, 50))), 'ms', null, {
      note: 'median of 3 runs of 1,000 fsynced appends',
    }),
    result('outbox append p99', median(appendRuns.map((s) => percentile(s, 99))), 'ms', 10, {
      note: 'median of 3 runs of 1,000 fsynced appends',
    }),
    result(
      'drain: update requests',
      worst((d) => d.updates),
      'requests',
      projects,
      {
        note: `1,000 offline saves over ${projects} projects; worst of 3 runs${
          stale > 0 ? `; ${stale} projects did not end up with their last save` : ''
        }`,
        ...(stale > 0 ? { met: false } : {}),
      },
    ),
    result(
      'drain: conflict-check reads',
      worst((d) => d.reads),
      'requests',
      projects,
      {
        note: 'projects/get before each update; worst of 3 runs',
      },
    ),
    result(
      'drain: all HTTP requests',
      worst((d) => d.requests),
      'requests',
      null,
      {
        note: 'including the connectivity probe (people/get_me); worst of 3 runs',
      },
    ),
    result('drain time', median(drains.map((d) => d.ms)), 'ms', 2000, {
      note:
        leftOver > 0
          ? `${leftOver} saves not delivered: ${[...new Set(drains.flatMap((d) => d.states))].join('; ')}`
          : 'median of 3 runs',
      ...(leftOver > 0 ? { met: false } : {}),
    }),
  ]
}
