/**
 * The crash-safety child: opens the outbox, starts the real sync engine against the emulator, queues a
 * few description saves and check-ins while deliveries run, then drains the queue. The parent test
 * SIGKILLs it at random moments and starts it again on the same data directory.
 *
 *   node --import tsx src/main/services/outbox/crash/child.ts   (configured through CRASH_* variables)
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { createConnectivity } from '../../connectivity/connectivity'
import { silentLogger } from '../../log/logger'
import { createOperatelyClient } from '../../operately/client'
import { createDeliverers } from '../../sync/deliverers'
import { createSyncEngine } from '../../sync/sync-engine'
import { openOutboxStore } from '../outbox-store'
import type { ChildEnv, ChildLine } from './protocol'

const env = process.env as unknown as ChildEnv
const say = (line: ChildLine) => process.stdout.write(`${JSON.stringify(line)}\n`)
const doc = (text: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] })
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function main(): Promise<void> {
  // The emulator answers within milliseconds: a request cut short by a kill is settled long before this.
  const settleMs = 300
  const outbox = await openOutboxStore({
    dir: join(env.CRASH_DATA_DIR, 'outbox'),
    log: silentLogger,
    settleMs,
  })
  say({
    t: 'opened',
    entries: outbox.opened.entries,
    damaged: outbox.opened.damaged.length,
    strayFiles: outbox.opened.strayFiles,
  })

  const client = createOperatelyClient({ baseUrl: env.CRASH_EMULATOR_URL, getToken: () => env.CRASH_TOKEN })
  const connectivity = createConnectivity({
    isOsOnline: () => true,
    probe: () => client.getMe(),
    log: silentLogger,
    probeBaseMs: 20,
    probeCapMs: 200,
  })
  const engine = createSyncEngine({
    outbox,
    deliverers: createDeliverers({ client: async () => client, claims: outbox }),
    connectivity,
    log: silentLogger,
    backoff: { baseMs: 20, capMs: 200 },
    settleMs,
  })
  // Progress lines, so the parent can aim its kills at every phase of the work.
  outbox.subscribe((change) => {
    if (change.type === 'updated' && change.entry.state === 'sending')
      say({ t: 'attempt', kind: change.entry.kind })
  })
  engine.onEvent((event) => {
    if (event.type === 'delivered') say({ t: 'delivered', kind: event.entry.kind })
  })
  connectivity.start()
  engine.start()

  // Saves and check-ins arrive while the engine delivers what earlier runs left behind.
  const base = env.CRASH_BASE === 'null' ? null : env.CRASH_BASE
  for (let i = 0; i < Number(env.CRASH_APPENDS); i++) {
    if (Math.random() < 0.5) {
      const text = doc(`${env.CRASH_LABEL} save ${i}`)
      say({ t: 'appending', kind: 'description', text })
      await outbox.append({
        kind: 'description',
        payload: { projectId: env.CRASH_PROJECT_ID, description: text },
        base,
      })
      say({ t: 'ack', kind: 'description', text })
    } else {
      const message = doc(`${env.CRASH_LABEL} check-in ${i} ${randomUUID()}`)
      await outbox.append({
        kind: 'check-in',
        payload: {
          submissionId: randomUUID(),
          goalId: env.CRASH_GOAL_ID,
          status: 'on_track',
          dueDate: { mode: 'keep' },
          targetValues: [],
          checklist: [],
          message,
          notify: { mode: 'everyone' },
        },
      })
      say({ t: 'ack', kind: 'check-in', message })
    }
    await pause(Math.floor(Math.random() * 6))
  }

  // Never outlive the test: a parent that gave up (or died) leaves no child looping against nothing.
  const giveUpAt = Date.now() + 60_000
  for (;;) {
    const entries = outbox.list()
    if (entries.length === 0) break
    if (Date.now() > giveUpAt) {
      say({
        t: 'stuck',
        states: entries.map(
          (e) => `${e.kind} ${e.state} still waiting after a minute: ${e.lastError?.message ?? ''}`,
        ),
      })
      process.exit(1)
    }
    // A request cut short by a kill that is still not on the goal after the wait is not sent again by
    // itself: the app asks "Send again?". The person here always answers yes.
    const asked = entries.filter(
      (e) => e.kind === 'check-in' && e.askedToResend && e.state !== 'pending' && e.state !== 'sending',
    )
    for (const entry of asked) await engine.retry(entry.id)
    if (asked.length > 0) continue
    if (entries.every((e) => e.state !== 'pending' && e.state !== 'sending')) {
      say({ t: 'stuck', states: entries.map((e) => `${e.kind} ${e.state} ${e.lastError?.kind ?? ''}`) })
      process.exit(1)
    }
    await engine.syncNow()
    await pause(10)
  }
  say({ t: 'drained' })
  process.exit(0)
}

main().catch((err: unknown) => {
  process.stderr.write(
    `crash child failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  )
  process.exit(2)
})
