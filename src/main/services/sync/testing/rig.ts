import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestServer } from './test-server'
import { createConnectivity, type Connectivity } from '../../connectivity/connectivity'
import { silentLogger } from '../../log/logger'
import { createOperatelyClient, type OperatelyClient } from '../../operately/client'
import type { OutboxEntry } from '../../outbox/entry'
import { openOutboxStore, type OutboxStore } from '../../outbox/outbox-store'
import { createDeliverers } from '../deliverers'
import type { Deliverers } from '../outcomes'
import { createSyncEngine, type SyncEngine, type SyncEvent } from '../sync-engine'
import type { FakeClock } from './fake-clock'

/**
 * The outbox, connectivity and sync engine wired as in the app, against a running emulator over real
 * HTTP, with a fake clock for backoff. Only the OS's online flag is a switch (Electron's `net.isOnline`).
 */
export interface Rig {
  dataDir: string
  outbox: OutboxStore
  connectivity: Connectivity
  engine: SyncEngine
  client: OperatelyClient
  events: SyncEvent[]
  os: { online: boolean }
  /** The token the client sends from now on. */
  useToken(token: string): void
  /** Moves the fake clock, then waits for whatever that set off (probes, sync passes) to finish. */
  advance(ms: number): Promise<void>
  /** Waits until no probe and no sync pass is running. */
  settle(): Promise<void>
  /** API requests the emulator received since the rig was built, as `METHOD endpoint`. */
  requests(): string[]
  close(): Promise<void>
}

export interface RigOptions {
  emulator: TestServer
  clock: FakeClock
  dataDir?: string
  token?: string
  timeoutMs?: number
  /** The client's fetch (to act at the moment a request goes out); the real one by default. */
  fetch?: typeof fetch
  osOnline?: boolean
  random?: () => number
  deliverers?: (client: () => Promise<OperatelyClient>, outbox: OutboxStore) => Deliverers
  settleMs?: number
  maxFailures?: number
  /** Start the engine and connectivity right away (default true). */
  start?: boolean
  /** Which entries the session signed in now may send (see the engine); all by default. */
  canSend?: (entry: OutboxEntry) => boolean
}

export async function createRig(options: RigOptions): Promise<Rig> {
  const { emulator, clock } = options
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sync-'))
  let token = options.token ?? emulator.tokens.write
  const os = { online: options.osOnline ?? true }
  // As at sign-in: the server is asked what it takes before anything is queued (see session-service.ts),
  // over the plain network, so the tests' faults and fetch wrappers meet the requests they were set for.
  // Those questions create nothing (capabilities.test.ts proves it) and are not what the tests count.
  // Unreachable now: the client asks when it first needs to, as the app's does.
  const beforeProbe = emulator.state.requests.length
  const signIn = createOperatelyClient({ baseUrl: emulator.url, getToken: () => token })
  const knownCapabilities = await signIn.capabilities().catch(() => null)
  emulator.state.requests.splice(beforeProbe)
  const client = createOperatelyClient({
    baseUrl: emulator.url,
    getToken: () => token,
    timeoutMs: options.timeoutMs ?? 5_000,
    knownCapabilities,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const getClient = () => Promise.resolve(client)
  const outbox = await openOutboxStore({ dir: join(dataDir, 'outbox'), clock, log: silentLogger })
  const connectivity = createConnectivity({
    isOsOnline: () => os.online,
    probe: () => client.getMe(),
    clock,
    log: silentLogger,
    probeBaseMs: 1_000,
  })
  const engine = createSyncEngine({
    outbox,
    deliverers: (options.deliverers ?? ((c, o) => createDeliverers({ client: c, claims: o })))(
      getClient,
      outbox,
    ),
    ...(options.settleMs !== undefined ? { settleMs: options.settleMs } : {}),
    ...(options.maxFailures !== undefined ? { maxFailures: options.maxFailures } : {}),
    ...(options.canSend ? { canSend: options.canSend } : {}),
    connectivity,
    clock,
    log: silentLogger,
    random: options.random ?? (() => 0.5),
  })
  const events: SyncEvent[] = []
  engine.onEvent((event) => events.push(event))
  const firstRequest = emulator.state.requests.length

  const settle = async () => {
    for (let i = 0; i < 100; i++) {
      await connectivity.idle()
      await engine.idle()
      // A pass can start a probe and a probe a pass: done when a full round finds both quiet.
      await new Promise((resolve) => setImmediate(resolve))
      if (!engine.status().syncing) {
        await connectivity.idle()
        if (!engine.status().syncing) return
      }
    }
    throw new Error('the sync engine never settled')
  }

  if (options.start ?? true) {
    connectivity.start()
    engine.start()
    await settle()
  }

  return {
    dataDir,
    outbox,
    connectivity,
    engine,
    client,
    events,
    os,
    useToken: (next) => {
      token = next
    },
    async advance(ms) {
      clock.advance(ms)
      await settle()
    },
    settle,
    requests: () =>
      emulator.state.requests
        .slice(firstRequest)
        .filter((r) => r.endpoint !== null)
        .map((r) => `${r.method} ${r.endpoint}`),
    async close() {
      connectivity.stop()
      await engine.stop()
    },
  }
}
