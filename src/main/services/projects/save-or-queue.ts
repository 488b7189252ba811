import type { SaveDescriptionInput, SaveDescriptionResult } from '@shared/domain/projects'
import { behindReason } from '@shared/domain/sync'
import { AppFailure, appError } from '@shared/errors'
import { projectDetailSchema } from '@shared/domain/projects'
import type { Cache } from '../cache/cache'
import { detailKey } from '../cache/cache-key'
import type { Logger } from '../log/logger'
import type { DescriptionEntry } from '../outbox/entry'
import type { SyncService } from '../sync/sync-service'
import { savingError, type ProjectsService } from './projects-service'
import { queueReason } from '../sync/queue-reason'

const TAKEN_OUT =
  'This save was taken out of Sync before it was sent (discarded there), so Operately does not have it. Your text is still here: save again to send it.'

/**
 * Saving a description, through the outbox. The text is written to disk (fsynced) as an outbox entry with
 * the version it was based on before any request; then it is sent at once and the editor waits for what
 * that attempt comes to. The deliverer reads the server's description first and sends only over the
 * version the edit (or the conflict panel's "Keep mine") was based on: never over one the person has not
 * seen. One entry per project: a newer save merges into one that waits, so the newest text never
 * overtakes, or is overtaken by, an older one.
 */
export function createDescriptionSaver(deps: {
  projects: ProjectsService
  sync: SyncService
  cache: Cache
  log: Logger
  now?: () => Date
}): (input: SaveDescriptionInput) => Promise<SaveDescriptionResult> {
  const { projects, sync, cache, log } = deps
  const now = deps.now ?? (() => new Date())

  /** Refused while the person watches: the editor has the text, so the entry leaves the outbox. */
  const withdraw = async (entry: DescriptionEntry) => {
    await sync.engine
      .discard(entry.id)
      .catch((err: unknown) =>
        log.warn('projects: could not take a refused save out of the outbox', { error: String(err) }),
      )
  }

  return async (input) => {
    await projects.assertCanSave(input)
    const copy = await cache
      .read(detailKey('project', input.projectId), projectDetailSchema)
      .catch(() => null)
    // "Overwrite": this text over the version the person was shown (and only over that one). "Keep mine"
    // from a conflict, or an answer to an item that waited for them, does the same: the outbox decides
    // that in the step that merges, from the item as it is then (outbox-store.ts).
    const entry = (await sync.enqueue({
      kind: 'description',
      payload: { projectId: input.projectId, description: input.description },
      base: input.baseDescription,
      rebase: input.overwrite === true,
      title: copy?.value.name ?? null,
    })) as DescriptionEntry

    const queued = (after: DescriptionEntry): SaveDescriptionResult => ({
      outcome: 'queued',
      entryId: after.id,
      description: input.description,
      queuedAt: after.updatedAt,
      reason: after.unconfirmed
        ? 'Operately may have saved it without saying so. The app checks before sending anything newer.'
        : (behindReason(sync.queuedDescription(input.projectId)?.behind ?? null) ??
          queueReason(after.lastError)),
    })
    if (sync.connectivity.knownOffline()) return queued(entry)

    const report = await sync.engine.deliverNow(entry.id)
    // Taken out of the outbox before it went (Discard in Sync, "Take theirs", decided on the entry as it
    // was before this save merged into it): nothing was sent. Gone is not delivered.
    if (report.discarded) throw new AppFailure(appError('invalid_input', TAKEN_OUT))
    const outcome = report.outcome
    const after = report.entry as DescriptionEntry | null
    if (outcome?.outcome === 'delivered' || (!after && !outcome)) {
      return { outcome: 'saved', description: input.description, savedAt: now().toISOString() }
    }
    if (outcome?.outcome === 'conflict') {
      // The editor shows both versions and holds mine; what the person chooses comes back as a new save.
      // The engine took the entry out as it found the conflict; one the disk would not let go is tried
      // again now (and by the engine on its next passes, never sending it meanwhile).
      if (after) await withdraw(after)
      return { outcome: 'conflict', serverDescription: outcome.server }
    }
    if (!after) return queued(entry)
    if (outcome?.outcome === 'needs_attention' && !after.unconfirmed) {
      await withdraw(after)
      throw new AppFailure(savingError(outcome.error))
    }
    if (outcome?.outcome === 'retry' && outcome.counts && !after.unconfirmed && after.state === 'pending') {
      await withdraw(after)
      throw new AppFailure(savingError(outcome.error))
    }
    return queued(after)
  }
}
