import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { subjectOf, type CheckInSubject } from '@shared/domain/check-ins'
import { AppFailure, appError } from '@shared/errors'
import { silentLogger, type Logger } from '../log/logger'
import { isoAt, systemClock, type Clock } from '../sync/clock'
import { openClaims, type Claim } from './claims'
import { discardDamaged, listDamaged, type DamagedFile } from './damaged-files'
import { openDeliveredRecords } from './delivered-records'
import { durableFiles, isAtomicTempName, moveAside, type DurableFiles } from './durable-files'
import {
  keyOf,
  outboxEntrySchema,
  sameAccount,
  type DescriptionEntry,
  type NewOutboxEntry,
  type CheckInEntry,
  type OutboxEntry,
  type OutboxPatch,
} from './entry'

/**
 * The durable outbox: what the user submitted and the server has not confirmed yet.
 *
 * Storage: one JSON file per entry under `<dataDir>/outbox/`, written with write-file-atomic (temp file,
 * fsync, rename) followed by an fsync of the directory so the rename itself survives a power cut. A
 * crash at any moment leaves each entry either as it was or as it became, never half-written, and one
 * damaged file can only ever cost that one entry. Not SQLite: better-sqlite3 is a native module built
 * against one V8 ABI and would have to be rebuilt against Electron's headers, a download this project
 * must be able to do without; Node 20 has no built-in `node:sqlite`. The outbox holds a handful of
 * entries, so a file each is both simple and fast enough.
 *
 * The token is never part of an entry: entries hold what the user wrote and ids, nothing else.
 *
 * Every change goes through one queue, so coalescing decisions and the sync engine's updates never
 * interleave; the in-memory copy changes only after the disk does.
 */

export type OutboxChange = { type: 'appended' | 'updated' | 'removed'; entry: OutboxEntry }

export interface OutboxOpenReport {
  entries: number
  /** Files that could not be read as entries, now in `outbox/damaged/`. */
  damaged: string[]
  /** Temp files of writes cut short by a crash, removed. */
  strayFiles: number
}

export interface OutboxStore {
  readonly dir: string
  readonly opened: OutboxOpenReport
  /**
   * Resolves once the entry is on disk (file and directory fsynced): only then may the UI say "queued".
   * A description for a project that already has an entry not being sent is merged into it (latest
   * text, earliest base, same id; with `rebase`, this base too, and the entry goes back in line); a
   * check-in whose submission is already queued returns that entry.
   */
  append(entry: NewOutboxEntry): Promise<OutboxEntry>
  /** Every entry, oldest first. */
  list(): OutboxEntry[]
  get(id: string): OutboxEntry | null
  update(id: string, patch: OutboxPatch): Promise<OutboxEntry>
  /**
   * Removes an entry for good (the user discarded it). With `onlyIf`, only an entry it accepts as it is in
   * the step that removes (a save may have merged into it since the caller looked).
   */
  remove(id: string, onlyIf?: (entry: OutboxEntry) => boolean): Promise<void>
  /**
   * The server confirmed the entry: it leaves the outbox. For a description, its text is remembered as
   * ours first (for saves queued behind it and later ones), so none of them mistakes it for a conflict.
   */
  markDelivered(id: string): Promise<void>
  /**
   * Counts a request before it goes out (attempts + 1, firstAttemptAt, state `sending`, and `patch` in the
   * same write), so that after a crash the entry says a request may have reached the server.
   */
  markAttempt(id: string, patch?: OutboxPatch): Promise<OutboxEntry>
  /**
   * A description met someone else's text: it waits for the person with both versions. A later save of
   * the same project queued behind it (made while it was being sent, by the same account, never sent
   * itself, from the same base) is the newer text of the same edit: it takes the conflict and this entry
   * leaves, so the person decides once, on the newest text, where the editor shows it, instead of
   * deciding for this one and then meeting the same conflict again for the next. `mayFold` may refuse the
   * later entry (someone waits for one of them). Answers the entry that now holds the conflict.
   */
  markConflict(
    id: string,
    conflict: NonNullable<DescriptionEntry['conflict']>,
    mayFold: (later: DescriptionEntry) => boolean,
  ): Promise<OutboxEntry>
  /**
   * The entry the sync engine is working on now (null when none): a new save never merges into it, it
   * waits behind it instead, so what the deliverer read and sends is what leaves the outbox.
   */
  setInFlight(id: string | null): void
  /** The entry once every change asked for so far is on disk (a save merging into it included). */
  settled(id: string): Promise<OutboxEntry | null>
  /** The server check-in a queued check-in turned out to be, if one was found or created (see claims.ts). */
  claimOf(entryId: string): Claim | null
  /** The same, by submission id: also for entries that have since left the outbox. */
  claimForSubmission(submissionId: string): Claim | null
  /** The newest check-in this computer sent for a goal or project since `since` (ms), among claims `accept` takes. */
  claimFor(subject: CheckInSubject, since: number, accept: (claim: Claim) => boolean): Claim | null
  /** Whether another entry has claimed this server check-in. */
  claimedByOther(checkInId: string, entryId: string): boolean
  /**
   * Records, durably, which server check-in a check-in entry is, with what was submitted; before the entry
   * is marked delivered. `recovered`: found on the server rather than confirmed by its answer.
   */
  recordClaim(entry: CheckInEntry, checkInId: string, recovered: boolean): Promise<void>
  /** Queued files that could not be read and were set aside, with the text still readable in them. */
  damaged(): Promise<DamagedFile[]>
  /** Removes a set-aside file for good (the person has copied what they needed, or does not need it). */
  discardDamaged(id: string): Promise<void>
  subscribe(listener: (change: OutboxChange) => void): () => void
}

export interface OutboxStoreOptions {
  /** The outbox directory, `<dataDir>/outbox`. */
  dir: string
  clock?: Clock
  log?: Logger
  newId?: () => string
  /** How files are written and removed; the durable writes by default. */
  files?: DurableFiles
  /**
   * How long a request cut short by a crash may still be applied by the server (see the sync engine's
   * `settleMs`): until then, not finding it on the server does not mean it was not applied.
   */
  settleMs?: number
}

const entryFileName = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.json$/
const fileOf = (id: string) => `${id}.json`
const damagedDir = 'damaged'
const deliveredDir = 'delivered'
const claimsDir = 'claims'
const maxOwnVersions = 20

const missing = () =>
  new AppFailure(
    appError('invalid_input', 'This item is no longer waiting to be sent: it was delivered or discarded.'),
  )

/** Reads one entry file, or says why it cannot be trusted. */
async function readEntry(dir: string, name: string): Promise<{ entry: OutboxEntry } | { problem: string }> {
  let json: unknown
  try {
    json = JSON.parse(await readFile(join(dir, name), 'utf8'))
  } catch (err) {
    return { problem: err instanceof SyntaxError ? 'not valid JSON' : String(err) }
  }
  const parsed = outboxEntrySchema.safeParse(json)
  if (!parsed.success) return { problem: 'not an outbox entry' }
  if (fileOf(parsed.data.id) !== name) return { problem: 'file name does not match the entry id' }
  return { entry: parsed.data }
}

export async function openOutboxStore(options: OutboxStoreOptions): Promise<OutboxStore> {
  const { dir } = options
  const clock = options.clock ?? systemClock
  const log = options.log ?? silentLogger
  const newId = options.newId ?? randomUUID
  const files = options.files ?? durableFiles
  await mkdir(dir, { recursive: true, mode: 0o700 })

  const settleMs = options.settleMs ?? 60_000
  const interrupted = (entry: OutboxEntry): OutboxEntry => ({
    ...entry,
    state: 'pending',
    // The request went out when the attempt was counted (`updatedAt`); the server cannot be working on it
    // longer than `settleMs` after that, however long the app was away.
    unconfirmed: entry.unconfirmed ?? {
      at: entry.updatedAt,
      settleAt: new Date(Date.parse(entry.updatedAt) + settleMs).toISOString(),
      ...(entry.kind === 'description' ? { text: entry.payload.description } : {}),
    },
  })
  const entries = new Map<string, OutboxEntry>()
  const report: OutboxOpenReport = { entries: 0, damaged: [], strayFiles: 0 }
  let changedDirectory = false

  for (const dirent of await readdir(dir, { withFileTypes: true })) {
    const name = dirent.name
    if (dirent.isDirectory()) continue
    if (isAtomicTempName(name, entryFileName)) {
      // A write that never reached its rename: the entry file (if any) still holds the previous version.
      try {
        await unlink(join(dir, name))
        report.strayFiles++
        changedDirectory = true
      } catch (err) {
        log.warn('outbox: could not remove a leftover temp file', { name, error: String(err) })
      }
      continue
    }
    if (!entryFileName.test(name)) {
      log.warn('outbox: ignoring a file that is not an entry', { name })
      continue
    }
    const read = await readEntry(dir, name)
    if ('problem' in read) {
      // Set aside, not deleted: what the user wrote may still be recoverable by hand. Either way the
      // outbox opens: one bad file must never stop everything else from being sent.
      report.damaged.push(name)
      try {
        await mkdir(join(dir, damagedDir), { recursive: true, mode: 0o700 })
        const stamp = new Date(clock.now()).toISOString().replace(/[:.]/g, '-')
        const movedTo = await moveAside(join(dir, name), join(dir, damagedDir), stamp)
        changedDirectory = true
        log.error('outbox: an entry could not be read and was set aside', {
          name,
          problem: read.problem,
          movedTo,
        })
      } catch (err) {
        log.error('outbox: an entry could not be read, nor set aside; skipping it', {
          name,
          problem: read.problem,
          error: String(err),
        })
      }
      continue
    }
    // Nobody is sending anything yet: an entry left `sending` is one whose request a crash interrupted.
    // That request may have been applied, or may still be: the deliverer looks before sending again.
    const entry = read.entry.state === 'sending' ? interrupted(read.entry) : read.entry
    entries.set(entry.id, entry)
  }
  if (changedDirectory) await files.syncDirectory(dir)
  report.entries = entries.size
  const delivered = await openDeliveredRecords(join(dir, deliveredDir), log)
  const claims = await openClaims(join(dir, claimsDir), files, log, () => clock.now())

  const listeners = new Set<(change: OutboxChange) => void>()
  const notify = (change: OutboxChange) => {
    for (const listener of listeners) {
      try {
        listener({ type: change.type, entry: structuredClone(change.entry) })
      } catch (err) {
        log.error('outbox: a listener failed', { error: String(err) })
      }
    }
  }

  // One change at a time, in call order.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }

  let seq = Math.max(-1, ...[...entries.values()].map((e) => e.seq)) + 1
  let inFlight: string | null = null

  const sorted = () => [...entries.values()].sort((a, b) => a.seq - b.seq)

  const save = async (entry: OutboxEntry): Promise<OutboxEntry> => {
    const checked = outboxEntrySchema.safeParse(entry)
    if (!checked.success || keyOf(checked.data) !== checked.data.key) {
      throw new AppFailure(
        appError(
          'internal',
          'The app tried to queue a change in a form it cannot send. Nothing was changed.',
        ),
      )
    }
    await files.write(dir, fileOf(entry.id), JSON.stringify(checked.data))
    entries.set(entry.id, checked.data)
    return checked.data
  }

  const coalesce = async (
    into: DescriptionEntry,
    description: string,
    rebase: { base: string | null } | null,
  ): Promise<OutboxEntry> => {
    // An earlier text of this entry may already be on the server if a request for it went out. Once the
    // server showed someone else's text (a conflict), our earlier texts were overwritten there: one that
    // shows up again was put back by that person, and must be a conflict again, never taken for ours.
    const ownVersions =
      rebase && into.state === 'conflict'
        ? []
        : into.attempts > 0 && !into.ownVersions.includes(into.payload.description)
          ? [...into.ownVersions, into.payload.description].slice(-maxOwnVersions)
          : into.ownVersions
    return save({
      ...into,
      payload: { ...into.payload, description },
      ownVersions,
      updatedAt: isoAt(clock),
      ...(rebase ? { base: rebase.base, state: 'pending', lastError: null, conflict: null } : {}),
    })
  }

  /**
   * The texts of ours a new save of a project may find on the server without it being someone else's
   * edit: the last one delivered and those that may still be applied late. None for a save over the
   * version the person was shown ("Keep mine", Overwrite): it goes over that version and only that one.
   */
  const ownTextsFor = (key: string, overShown: boolean): string[] => {
    if (overShown) return []
    const own = delivered.get(key)
    return [...new Set([...own.mayLand, ...(own.newest === null ? [] : [own.newest])])]
  }

  const append = (input: NewOutboxEntry) =>
    serial(async () => {
      const key = keyOf(input)
      // Only the same person's work merges: someone else's save waits for them, never carries this text.
      const latest = sorted()
        .filter((e) => e.key === key && sameAccount(e.account, input.account))
        .at(-1)
      if (latest && (input.kind === 'check-in' || input.kind === 'acknowledgement')) {
        return structuredClone(latest)
      }
      if (
        latest &&
        latest.kind === 'description' &&
        input.kind === 'description' &&
        latest.state !== 'sending' &&
        latest.id !== inFlight
      ) {
        // Decided here, in the queue's one step, from the entry as it is now: an entry that waits for the
        // person (a conflict, a refusal) takes their new text with its base ("Keep mine", a retry after
        // an edit). Decided by the caller before an await, the entry could have changed meanwhile.
        const answered = latest.state !== 'pending'
        const saved = await coalesce(
          latest,
          input.payload.description,
          input.rebase || answered ? { base: input.base } : null,
        )
        notify({ type: 'updated', entry: saved })
        return structuredClone(saved)
      }
      const now = isoAt(clock)
      const common = {
        id: newId(),
        key,
        seq: seq++,
        createdAt: now,
        updatedAt: now,
        attempts: 0,
        firstAttemptAt: null,
        lastError: null,
        state: 'pending' as const,
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.account ? { account: input.account } : {}),
      }
      const entry: OutboxEntry =
        input.kind === 'description'
          ? {
              ...common,
              kind: 'description',
              payload: { projectId: input.payload.projectId, description: input.payload.description },
              base: input.base,
              ownVersions: ownTextsFor(key, input.rebase === true),
              conflict: null,
            }
          : input.kind === 'acknowledgement'
            ? {
                ...common,
                kind: 'acknowledgement',
                payload: { kind: input.payload.kind, checkInId: input.payload.checkInId },
                ...(input.subjectId !== undefined ? { subjectId: input.subjectId } : {}),
                ...(input.authorName !== undefined ? { authorName: input.authorName } : {}),
              }
            : { ...common, kind: 'check-in', payload: structuredClone(input.payload) }
      const saved = await save(entry)
      notify({ type: 'appended', entry: saved })
      return structuredClone(saved)
    })

  const update = (id: string, patch: OutboxPatch) =>
    serial(async () => {
      const entry = entries.get(id)
      if (!entry) throw missing()
      const changed = { ...entry, ...structuredClone(patch), updatedAt: isoAt(clock) } as OutboxEntry
      const saved = await save(changed)
      notify({ type: 'updated', entry: saved })
      return structuredClone(saved)
    })

  const markAttempt = (id: string, patch: OutboxPatch = {}) =>
    serial(async () => {
      const entry = entries.get(id)
      if (!entry) throw missing()
      const now = isoAt(clock)
      const saved = await save({
        ...entry,
        ...structuredClone(patch),
        attempts: entry.attempts + 1,
        firstAttemptAt: entry.firstAttemptAt ?? now,
        state: 'sending',
        updatedAt: now,
      } as OutboxEntry)
      notify({ type: 'updated', entry: saved })
      return structuredClone(saved)
    })

  const markConflict: OutboxStore['markConflict'] = (id, conflict, mayFold) =>
    serial(async () => {
      const entry = entries.get(id)
      if (!entry) throw missing()
      if (entry.kind !== 'description') {
        throw new AppFailure(appError('internal', 'Only a description save can meet a conflict.'))
      }
      const now = isoAt(clock)
      const later = sorted().filter(
        (e) => e.key === entry.key && e.seq > entry.seq && sameAccount(e.account, entry.account),
      )
      const next = later.length === 1 ? later[0]! : null
      if (
        next?.kind !== 'description' ||
        next.state !== 'pending' ||
        next.attempts > 0 ||
        next.id === inFlight ||
        next.base !== entry.base ||
        !mayFold(next)
      ) {
        const saved = await save({
          ...entry,
          state: 'conflict',
          lastError: null,
          conflict,
          updatedAt: now,
        })
        notify({ type: 'updated', entry: saved })
        return structuredClone(saved)
      }
      // The first's texts went out (it was being sent): one that shows up on the server is ours.
      const sent = entry.attempts > 0 ? [entry.payload.description] : []
      const ownVersions = [...new Set([...next.ownVersions, ...entry.ownVersions, ...sent])].slice(
        -maxOwnVersions,
      )
      // The later entry first: a crash in between leaves both, and the first meets the conflict again.
      const saved = await save({
        ...next,
        ...(next.title === undefined && entry.title !== undefined ? { title: entry.title } : {}),
        state: 'conflict',
        lastError: null,
        conflict,
        ownVersions,
        updatedAt: now,
      })
      notify({ type: 'updated', entry: saved })
      await files.remove(dir, fileOf(id))
      entries.delete(id)
      notify({ type: 'removed', entry })
      return structuredClone(saved)
    })

  const remove = (id: string, onlyIf?: (entry: OutboxEntry) => boolean) =>
    serial(async () => {
      const entry = entries.get(id)
      if (!entry || (onlyIf && !onlyIf(structuredClone(entry)))) return
      await files.remove(dir, fileOf(id))
      entries.delete(id)
      notify({ type: 'removed', entry })
    })

  const markDelivered = (id: string) =>
    serial(async () => {
      const entry = entries.get(id)
      if (!entry) return
      if (entry.kind === 'description') {
        // This text, and the earlier texts of ours its requests may have left on the server (one may
        // still be applied late): all ours to a save queued after it. A text whose every request was
        // answered cannot come back by our doing, so it stops counting once a newer one is delivered.
        const text = entry.payload.description
        const own = delivered.get(entry.key)
        const settled =
          entry.attempts <= 1 && !entry.ownVersions.includes(text) && !own.mayLand.includes(text)
        const mayLand = [...own.mayLand, ...entry.ownVersions].filter(
          (earlier) => earlier !== text && !delivered.settled(entry.key, earlier),
        )
        if (!settled) mayLand.push(text)
        await delivered.set(entry.key, text, mayLand, settled)
        const ours = [...new Set([...mayLand, text])]
        for (const later of sorted()) {
          if (later.kind !== 'description' || later.key !== entry.key || later.id === id) continue
          const missing = ours.filter((text) => !later.ownVersions.includes(text))
          if (missing.length === 0) continue
          const saved = await save({
            ...later,
            ownVersions: [...later.ownVersions, ...missing].slice(-maxOwnVersions),
          })
          notify({ type: 'updated', entry: saved })
        }
      }
      await files.remove(dir, fileOf(id))
      entries.delete(id)
      notify({ type: 'removed', entry })
    })

  return {
    dir,
    opened: report,
    append,
    list: () => structuredClone(sorted()),
    get: (id) => {
      const entry = entries.get(id)
      return entry ? structuredClone(entry) : null
    },
    update,
    remove,
    markDelivered,
    markAttempt,
    markConflict,
    setInFlight: (id) => {
      inFlight = id
    },
    settled: (id) =>
      serial(async () => {
        const entry = entries.get(id)
        return entry ? structuredClone(entry) : null
      }),
    claimOf: (entryId) => claims.of(entryId),
    claimForSubmission: (submissionId) => claims.forSubmission(submissionId),
    claimFor: (subject, since, accept) => claims.latestFor(subject, since, accept),
    claimedByOther: (checkInId, entryId) => claims.takenByOther(checkInId, entryId),
    recordClaim: (entry, checkInId, recovered) =>
      claims.record({
        entryId: entry.id,
        submissionId: entry.payload.submissionId,
        ...(subjectOf(entry.payload).kind === 'goal'
          ? { goalId: subjectOf(entry.payload).id }
          : { projectId: subjectOf(entry.payload).id }),
        checkInId,
        at: isoAt(clock),
        submitted: entry.payload,
        ...(entry.account ? { account: entry.account } : {}),
        recovered,
      }),
    damaged: () => listDamaged(join(dir, damagedDir)),
    discardDamaged: (id) => discardDamaged(join(dir, damagedDir), id, files),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
