import { join } from 'node:path'
import { subjectOf, type CheckInSubject } from '@shared/domain/check-ins'
import { waitsForPerson, type QueuedDescription, type SyncItem, type SyncView } from '@shared/domain/sync'
import type { SessionState } from '@shared/session'
import type { Connectivity } from '../connectivity/connectivity'
import type { Logger } from '../log/logger'
import type { OperatelyClient } from '../operately/client'
import type { DurableFiles } from '../outbox/durable-files'
import type { Claim } from '../outbox/claims'
import {
  descriptionKey,
  sameAccount,
  type NewOutboxEntry,
  type OutboxAccount,
  type OutboxEntry,
} from '../outbox/entry'
import { openOutboxStore, type OutboxStore } from '../outbox/outbox-store'
import { lastSegment, sameId } from '@shared/ids'
import type { BackoffPolicy } from './backoff'
import type { WebUrls } from '../goals/web-urls'
import { createDeliverers } from './deliverers'
import { plainText } from './preview'
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
  /**
   * The check-in waiting for a goal or project (the signed-in account's), if one waits: one per goal or
   * project at a time.
   */
  checkInEntryFor(subject: CheckInSubject): OutboxEntry | null
  /**
   * The newest check-in this computer sent for a goal or project since `since` (ms), for the signed-in
   * account, with what was submitted: kept on disk (claims.ts), so it outlives the run, the draft and the entry.
   */
  sentCheckInFor(subject: CheckInSubject, since: number): Claim | null
  /** What waits, for the Sync view: the items, the queue's state, and files that could not be read. */
  view(): Promise<SyncView>
  /** Removes a queued file that could not be read, for good. */
  discardDamaged(id: string): Promise<void>
  /** Stops the engine and connectivity; resolves when nothing is in flight. */
  close(): Promise<void>
}

export interface SyncServiceOptions {
  dataDir: string
  log: Logger
  connectivity: Connectivity
  client: () => Promise<OperatelyClient>
  /** Pages in Operately's web app, for the links of a check-in Operately ended up with twice. */
  webUrls?: Pick<WebUrls, 'checkIn'>
  session: { subscribe(listener: (state: SessionState) => void): () => void }
  /** Who is signed in as the app starts (read once by createMainServices). */
  initialSession: SessionState
  /** Backoff, how long an unanswered request may still land, and failures before "Needs you" (tests). */
  timing?: SyncTiming
  files?: DurableFiles
}

export interface SyncTiming {
  backoff?: BackoffPolicy
  /** See SyncEngineOptions.settleMs. */
  unconfirmedSettleMs?: number
  maxFailures?: number
}

const accountOf = (state: SessionState): OutboxAccount | null =>
  state.status === 'signed_in'
    ? { baseUrl: state.baseUrl, personId: state.person.id, personName: state.person.fullName }
    : null

export async function createSyncService(options: SyncServiceOptions): Promise<SyncService> {
  const { connectivity, log } = options
  const outbox = await openOutboxStore({
    dir: join(options.dataDir, 'outbox'),
    log,
    ...(options.files ? { files: options.files } : {}),
    ...(options.timing?.unconfirmedSettleMs !== undefined
      ? { settleMs: options.timing.unconfirmedSettleMs }
      : {}),
  })
  if (outbox.opened.damaged.length > 0) {
    // The Sync view lists them too, with what can still be read of them.
    log.error('sync: some queued items could not be read and were set aside', {
      count: outbox.opened.damaged.length,
    })
  }
  const timing = options.timing ?? {}

  let account = accountOf(options.initialSession)
  const mine = (entry: OutboxEntry) =>
    account !== null && (entry.account === undefined || sameAccount(entry.account, account))

  const engine = createSyncEngine({
    outbox,
    deliverers: createDeliverers({
      client: options.client,
      claims: outbox,
      ...(options.webUrls ? { webUrls: options.webUrls } : {}),
    }),
    connectivity,
    log,
    canSend: mine,
    ...(timing.backoff ? { backoff: timing.backoff } : {}),
    ...(timing.unconfirmedSettleMs !== undefined ? { settleMs: timing.unconfirmedSettleMs } : {}),
    ...(timing.maxFailures !== undefined ? { maxFailures: timing.maxFailures } : {}),
  })

  const unsubscribe = options.session.subscribe((state) => {
    const before = account
    account = accountOf(state)
    if (account && (!before || !sameAccount(before, account))) {
      // Signed in (again): a stop that waited for this lifts, and what this account queued goes out.
      void engine.resume().catch((err: unknown) => log.error('sync: resume failed', { error: String(err) }))
    }
  })

  const stateOf = (entry: OutboxEntry): SyncItem['state'] => {
    if (engine.isSending(entry.id)) return 'sending'
    if (entry.state === 'pending' && entry.unconfirmed) return 'checking'
    // `sending` on disk with nothing in flight: it is back in line.
    return entry.state === 'sending' ? 'pending' : entry.state
  }

  const target = (entry: OutboxEntry): Pick<SyncItem, 'targetKind' | 'targetId' | 'preview'> => {
    switch (entry.kind) {
      case 'description':
        return {
          targetKind: 'project',
          targetId: entry.payload.projectId,
          preview: plainText(entry.payload.description),
        }
      case 'check-in':
        return {
          targetKind: subjectOf(entry.payload).kind,
          targetId: subjectOf(entry.payload).id,
          preview: plainText(entry.payload.message),
        }
      case 'acknowledgement':
        return {
          targetKind: entry.payload.kind,
          // The goal's or project's id when it was known as it was queued; else the check-in's.
          targetId: entry.subjectId ?? entry.payload.checkInId,
          preview: entry.authorName
            ? `Acknowledge ${entry.authorName}’s check-in`
            : 'Acknowledge this check-in',
        }
    }
  }

  const toItem = (entry: OutboxEntry): SyncItem => ({
    id: entry.id,
    kind: entry.kind,
    state: stateOf(entry),
    title: entry.title ?? null,
    ...target(entry),
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    attempts: entry.attempts,
    lastError: entry.lastError,
    otherAccount:
      entry.account && !mine(entry)
        ? { baseUrl: entry.account.baseUrl, personName: entry.account.personName }
        : null,
    maybeOnServer:
      Boolean(entry.unconfirmed) || (entry.kind === 'check-in' && outbox.claimOf(entry.id) !== null),
    ...(entry.kind === 'check-in' && entry.copies
      ? { copies: entry.copies.map(({ postedAt, url }) => ({ postedAt, url })) }
      : {}),
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
      // The lane goes strictly in order: an earlier save waiting for the person holds this one back.
      const waiting = outbox
        .list()
        .find((e) => e.key === entry.key && e.seq < entry.seq && mine(e) && waitsForPerson(e.state))
      return {
        entryId: entry.id,
        state: stateOf(entry),
        description: entry.payload.description,
        base: entry.base,
        queuedAt: entry.createdAt,
        lastError: entry.lastError,
        conflict: entry.conflict,
        behind: waiting && waitsForPerson(waiting.state) ? { state: waiting.state } : null,
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
    checkInEntryFor(subject) {
      const id = lastSegment(subject.id)
      const isFor = (e: OutboxEntry) => {
        if (e.kind !== 'check-in') return false
        const of = subjectOf(e.payload)
        return of.kind === subject.kind && sameId(lastSegment(of.id), id)
      }
      return outbox.list().find((e) => isFor(e) && mine(e)) ?? null
    },
    sentCheckInFor: (subject, since) =>
      outbox.claimFor(
        subject,
        since,
        (claim) => account !== null && claim.account !== undefined && sameAccount(claim.account, account),
      ),
    async view() {
      const status = engine.status()
      const items = outbox.list().map(toItem)
      let damaged: SyncView['damaged'] = []
      try {
        damaged = await outbox.damaged()
      } catch (err) {
        log.error('sync: could not list the queued files that were set aside', { error: String(err) })
      }
      return { status, items, damaged }
    },
    discardDamaged: (id) => outbox.discardDamaged(id),
    async close() {
      unsubscribe()
      connectivity.stop()
      await engine.stop()
      await connectivity.idle()
    },
  }
}
