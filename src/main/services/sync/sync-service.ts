import { join } from 'node:path'
import type { QueuedDescription, SyncItem, SyncView } from '@shared/domain/sync'
import type { SessionState } from '@shared/session'
import type { Connectivity } from '../connectivity/connectivity'
import type { Logger } from '../log/logger'
import type { OperatelyClient } from '../operately/client'
import { descriptionKey, type NewOutboxEntry, type OutboxAccount, type OutboxEntry } from '../outbox/entry'
import { openOutboxStore, type OutboxStore } from '../outbox/outbox-store'
import { sameId } from '@shared/ids'
import { createDeliverers } from './deliverers'
import { createSyncEngine, type SyncEngine } from './sync-engine'

/**
 * The outbox and its sync engine as the rest of main uses them: queue work for the signed-in account,
 * find what is waiting for a project, and describe the queue for the Sync view and the tray.
 *
 * Work is queued with the account that made it (server and person) and only ever sent while that same
 * account is signed in: after signing in to another server, the old account's items wait, visibly.
 */
export interface SyncService {
  readonly outbox: OutboxStore
  readonly engine: SyncEngine
  readonly connectivity: Connectivity
  /** Puts work in the outbox for the signed-in account; resolves once it is on disk. */
  enqueue(entry: NewOutboxEntry): Promise<OutboxEntry>
  /** The newest entry waiting for a project's description, or null. */
  latestDescription(projectId: string): OutboxEntry | null
  /** The same, as the editor shows it. */
  queuedDescription(projectId: string): QueuedDescription | null
  /** The entry of a check-in submission, if it was queued. */
  checkInEntry(submissionId: string): OutboxEntry | null
  view(): SyncView
  /** Stops the engine and connectivity; resolves when nothing is in flight. */
  close(): Promise<void>
}

export interface SyncServiceOptions {
  dataDir: string
  log: Logger
  connectivity: Connectivity
  client: () => Promise<OperatelyClient>
  session: { subscribe(listener: (state: SessionState) => void): () => void }
  /** Who is signed in as the app starts (read once by createMainServices). */
  initialSession: SessionState
}

const accountOf = (state: SessionState): OutboxAccount | null =>
  state.status === 'signed_in'
    ? { baseUrl: state.baseUrl, personId: state.person.id, personName: state.person.fullName }
    : null

const sameAccount = (a: OutboxAccount, b: OutboxAccount) =>
  a.baseUrl === b.baseUrl && sameId(a.personId, b.personId)

export async function createSyncService(options: SyncServiceOptions): Promise<SyncService> {
  const { connectivity, log } = options
  const outbox = await openOutboxStore({ dir: join(options.dataDir, 'outbox'), log })
  if (outbox.opened.damaged.length > 0) {
    log.error('sync: some queued items could not be read and were set aside', {
      count: outbox.opened.damaged.length,
    })
  }

  let account = accountOf(options.initialSession)
  const mine = (entry: OutboxEntry) =>
    account !== null && (entry.account === undefined || sameAccount(entry.account, account))

  const engine = createSyncEngine({
    outbox,
    deliverers: createDeliverers({ client: options.client }),
    connectivity,
    log,
    canSend: mine,
  })

  const unsubscribe = options.session.subscribe((state) => {
    const before = account
    account = accountOf(state)
    if (account && (!before || !sameAccount(before, account))) {
      // Signed in (again): a stop that waited for this lifts, and what this account queued goes out.
      void engine.resume().catch((err: unknown) => log.error('sync: resume failed', { error: String(err) }))
    }
  })

  const toItem = (entry: OutboxEntry): SyncItem => ({
    id: entry.id,
    kind: entry.kind,
    state: entry.state,
    title: entry.title ?? null,
    targetId: entry.kind === 'description' ? entry.payload.projectId : entry.payload.goalId,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    attempts: entry.attempts,
    lastError: entry.lastError,
    otherAccount:
      entry.account && !mine(entry)
        ? { baseUrl: entry.account.baseUrl, personName: entry.account.personName }
        : null,
  })

  const latestDescription = (projectId: string): OutboxEntry | null =>
    outbox
      .list()
      .filter((e) => e.key === descriptionKey(projectId) && mine(e))
      .at(-1) ?? null

  connectivity.start()
  engine.start()

  return {
    outbox,
    engine,
    connectivity,
    async enqueue(entry) {
      return outbox.append(account ? { ...entry, account } : entry)
    },
    latestDescription,
    queuedDescription(projectId) {
      const entry = latestDescription(projectId)
      if (!entry || entry.kind !== 'description') return null
      return {
        entryId: entry.id,
        state: entry.state,
        description: entry.payload.description,
        base: entry.base,
        queuedAt: entry.createdAt,
        lastError: entry.lastError,
        conflict: entry.conflict,
      }
    },
    checkInEntry(submissionId) {
      return (
        outbox
          .list()
          .find(
            (e) =>
              e.kind === 'check-in' && e.payload.submissionId.toLowerCase() === submissionId.toLowerCase(),
          ) ?? null
      )
    },
    view() {
      const status = engine.status()
      return { status, items: outbox.list().map(toItem) }
    },
    async close() {
      unsubscribe()
      connectivity.stop()
      await engine.stop()
      await connectivity.idle()
    },
  }
}
