import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { z } from 'zod'
import { serverDraftSchema, serverDraftSubject, type ServerDraft } from '@shared/domain/check-ins'
import { sameId } from '@shared/ids'
import { listCheckInsOf } from './kinds'
import type { Logger } from '../log/logger'
import type { OperatelyClient } from '../operately/client'
import type { SessionService } from '../session/session-service'
import type { CheckInDelivery } from '../sync/deliverers'
import type { SyncEngine } from '../sync/sync-engine'
import { createJsonFile } from '../storage/json-file'
import { sha256Hex } from '../storage/sha256-hex'

/**
 * The drafts and scheduled check-ins this app saved on Operately, goals' and projects', for the inbox.
 * Operately has no list of "my drafts": the app records each one when the server confirms it, and now
 * and then reads only those goals' and projects' check-ins (`goals/list_check_ins`,
 * `projects/list_check_ins`) to drop the ones published (in Operately, or at their
 * time) or deleted since. That is one request per goal with a draft, never a poll of every goal. The
 * record names the server and person it belongs to: signed in as someone else, it is not theirs.
 */

/** How often the recorded goals are read again, at most. */
export const serverDraftsRefreshMs = 5 * 60_000
/** A person keeps a few drafts, not hundreds: beyond this the oldest are no longer followed. */
export const maxServerDrafts = 20

const storedSchema = z
  .object({ baseUrl: z.string(), personId: z.string(), drafts: z.array(serverDraftSchema) })
  .strict()
type Stored = z.infer<typeof storedSchema>

/**
 * One file per server and person: signing in as someone else reads and writes only theirs, and the first
 * person's drafts are there again when they sign back in.
 */
export const serverDraftsPath = (dataDir: string, owner: { baseUrl: string; personId: string }) =>
  join(
    dataDir,
    'cache',
    'server-drafts',
    `${sha256Hex(`${owner.baseUrl}\n${owner.personId}`).slice(0, 40)}.json`,
  )

export interface ServerDrafts {
  /** Notes a draft or scheduled check-in the server just confirmed. */
  record(draft: ServerDraft): Promise<void>
  /** The signed-in person's, newest first; read again from the server when the last read is old. */
  list(): Promise<ServerDraft[]>
}

export function createServerDrafts(deps: {
  dataDir: string
  session: Pick<SessionService, 'get' | 'client'>
  log: Logger
  now?: () => number
}): ServerDrafts {
  const { session, log } = deps
  const now = deps.now ?? Date.now
  const files = new Map<string, ReturnType<typeof createStoredFile>>()
  const createStoredFile = (path: string) => createJsonFile(path, storedSchema.nullable(), null, log)
  const fileOf = (owner: { baseUrl: string; personId: string }) => {
    const path = serverDraftsPath(deps.dataDir, owner)
    let file = files.get(path)
    if (!file) files.set(path, (file = createStoredFile(path)))
    return { path, file }
  }
  /** When each file's goals were last read from the server, by path. */
  const lastRead = new Map<string, number>()
  let reading: Promise<void> | null = null
  // Each change reads the file and writes it back: two at once (two drafts confirmed together, or one
  // confirmed while the goals are read again) would each write without the other's. One at a time.
  let changing: Promise<unknown> = Promise.resolve()
  const oneAtATime = <T>(change: () => Promise<T>): Promise<T> => {
    const run = changing.then(change, change)
    changing = run.catch(() => undefined)
    return run
  }

  const owner = async (): Promise<{ baseUrl: string; personId: string } | null> => {
    const state = await session.get()
    return state.status === 'signed_in' ? { baseUrl: state.baseUrl, personId: state.person.id } : null
  }
  const mine = async (): Promise<Stored | null> => {
    const who = await owner()
    if (!who) return null
    const stored = await fileOf(who).file.read()
    if (!stored || stored.baseUrl !== who.baseUrl || stored.personId !== who.personId) {
      return { ...who, drafts: [] }
    }
    return stored
  }
  const write = async (value: Stored) => {
    const { path, file } = fileOf(value)
    await mkdir(dirname(path), { recursive: true, mode: 0o700 })
    await file.write(value)
  }

  /**
   * Keeps each recorded check-in that its goal's (project's) list still shows unpublished; one whose list
   * cannot be read stays as it was.
   */
  async function readServer(stored: Stored, api: OperatelyClient): Promise<Stored> {
    const keyOf = (d: ServerDraft) => {
      const subject = serverDraftSubject(d)
      return `${subject.kind}:${subject.id}`
    }
    const subjects = [...new Map(stored.drafts.map((d) => [keyOf(d), serverDraftSubject(d)])).entries()]
    const kept: ServerDraft[] = []
    for (const [key, subject] of subjects) {
      const recorded = stored.drafts.filter((d) => keyOf(d) === key)
      try {
        const list = await listCheckInsOf(api, subject)
        for (const draft of recorded) {
          const seen = list.find((c) => sameId(c.id, draft.checkInId))
          if (seen?.state === 'draft' || seen?.state === 'scheduled') {
            kept.push({ ...draft, state: seen.state, scheduledAt: seen.scheduled_at ?? draft.scheduledAt })
          }
        }
      } catch (err) {
        log.warn(`server drafts: could not read a ${subject.kind}’s check-ins`, { error: String(err) })
        kept.push(...recorded)
      }
    }
    return { ...stored, drafts: kept.sort((a, b) => b.savedAt.localeCompare(a.savedAt)) }
  }

  return {
    record(draft) {
      return oneAtATime(async () => {
        const stored = await mine()
        if (!stored) return
        const others = stored.drafts.filter((d) => !sameId(d.checkInId, draft.checkInId))
        await write({ ...stored, drafts: [draft, ...others].slice(0, maxServerDrafts) })
      })
    },

    async list() {
      const stored = await mine()
      if (!stored) return []
      const { path } = fileOf(stored)
      if (
        stored.drafts.length > 0 &&
        now() - (lastRead.get(path) ?? Number.NEGATIVE_INFINITY) >= serverDraftsRefreshMs
      ) {
        reading ??= (async () => {
          try {
            const fresh = await readServer(stored, await session.client())
            lastRead.set(path, now())
            await oneAtATime(async () => {
              const current = await mine()
              // Signed in as someone else meanwhile: what was read is not theirs to keep.
              if (!current || current.baseUrl !== fresh.baseUrl || current.personId !== fresh.personId) return
              // Recorded while the goals were being read: not read, so kept as recorded.
              const added = current.drafts.filter(
                (d) => !stored.drafts.some((read) => sameId(read.checkInId, d.checkInId)),
              )
              const drafts = [...added, ...fresh.drafts].sort((a, b) => b.savedAt.localeCompare(a.savedAt))
              await write({ ...fresh, drafts: drafts.slice(0, maxServerDrafts) })
            })
          } catch (err) {
            log.warn('server drafts: could not be read again', { error: String(err) })
          } finally {
            reading = null
          }
        })()
        await reading
        return (await mine())?.drafts ?? []
      }
      return stored.drafts
    },
  }
}

/** Records every delivered check-in that was saved as a draft or scheduled. */
export function recordServerDrafts(
  engine: Pick<SyncEngine, 'onEvent'>,
  drafts: ServerDrafts,
  log: Logger,
  now: () => number = Date.now,
): () => void {
  return engine.onEvent((event) => {
    if (event.type !== 'delivered' || event.entry.kind !== 'check-in') return
    const asked = event.entry.payload.publication
    if (asked?.mode !== 'draft' && asked?.mode !== 'scheduled') return
    const delivery = event.result as CheckInDelivery
    const said = delivery.checkIn?.state
    // Published already (a draft published in Operately before the app looked): nothing to list.
    if (said === 'published') return
    const sentName =
      delivery.sent?.kind === 'goal' ? delivery.sent.goal.name : (delivery.sent?.project.name ?? null)
    const name = sentName ?? event.entry.title ?? ''
    const common = {
      checkInId: delivery.checkInId,
      state: asked.mode,
      scheduledAt: asked.mode === 'scheduled' ? (delivery.checkIn?.scheduled_at ?? asked.at) : null,
      savedAt: new Date(now()).toISOString(),
    }
    drafts
      .record(
        delivery.subject.kind === 'goal'
          ? { ...common, goalId: delivery.subject.id, goalName: name }
          : { ...common, kind: 'project', projectId: delivery.subject.id, projectName: name },
      )
      .catch((err: unknown) => log.warn('server drafts: could not record one', { error: String(err) }))
  })
}
