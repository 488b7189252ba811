import type { SaveDescriptionInput, SaveDescriptionResult } from '@shared/domain/projects'
import { AppFailure, appError, type AppError } from '@shared/errors'
import { projectDetailSchema } from '@shared/domain/projects'
import type { Cache } from '../cache/cache'
import { detailKey } from '../cache/cache-key'
import type { SyncService } from '../sync/sync-service'
import type { ProjectsService } from './projects-service'
import { queueReason, queueableKinds } from '../sync/queue-reason'

/**
 * Saving a description, offline-first. Online with nothing waiting for the project, it is the direct
 * save (checked against the version the edit started from). When the server cannot take it (offline, a
 * timeout, a server error), or an earlier save of the project is still waiting, the text goes into the
 * outbox first, on disk, and is sent from there, after the same check: one entry per project, so the
 * newest text never overtakes or gets overtaken by an older one.
 */
export function createDescriptionSaver(deps: {
  projects: ProjectsService
  sync: SyncService
  cache: Cache
  now?: () => Date
}): (input: SaveDescriptionInput) => Promise<SaveDescriptionResult> {
  const { projects, sync, cache } = deps
  const now = deps.now ?? (() => new Date())

  return async (input) => {
    await projects.assertCanSave(input)
    const waiting = sync.latestDescription(input.projectId)
    let attemptedAt: string | undefined
    let why: AppError | null = null
    if (!waiting && !sync.connectivity.knownOffline()) {
      const startedAt = now().toISOString()
      try {
        return await projects.saveDescription(input)
      } catch (err) {
        if (!(err instanceof AppFailure) || !queueableKinds.includes(err.error.kind)) throw err
        // The request may have reached the server before the answer was lost: the outbox looks first.
        attemptedAt = startedAt
        why = err.error
      }
    }

    const copy = await cache.read(detailKey('project', input.projectId), projectDetailSchema)
    // The person's answer to a conflict or a failure, or "keep mine": this text from the version they saw.
    const rebase =
      input.overwrite || (waiting !== null && waiting.state !== 'pending' && waiting.state !== 'sending')
    const entry = await sync.enqueue({
      kind: 'description',
      payload: { projectId: input.projectId, description: input.description },
      base: input.baseDescription,
      rebase,
      title: copy?.value.name ?? null,
      ...(attemptedAt ? { attemptedAt } : {}),
    })
    if (!sync.connectivity.knownOffline()) await sync.engine.syncNow()

    const after = sync.outbox.get(entry.id)
    if (!after) {
      return { outcome: 'saved', description: input.description, savedAt: now().toISOString() }
    }
    if (after.kind === 'description' && after.state === 'conflict') {
      return { outcome: 'conflict', serverDescription: after.conflict?.serverDescription ?? null }
    }
    if ((after.state === 'failed' || after.state === 'needs_attention') && after.lastError) {
      throw new AppFailure(appError(after.lastError.kind, after.lastError.message))
    }
    return {
      outcome: 'queued',
      entryId: after.id,
      description: input.description,
      queuedAt: after.updatedAt,
      reason: queueReason(after.lastError ?? why),
    }
  }
}
