import type { CheckInOutcome, CreateCheckInInput } from '@shared/domain/check-ins'
import { goalDetailSchema } from '@shared/domain/goals'
import { AppFailure, type AppError } from '@shared/errors'
import type { Cache } from '../cache/cache'
import { detailKey } from '../cache/cache-key'
import { queueReason, queueableKinds } from '../sync/queue-reason'
import type { OutboxEntry } from '../outbox/entry'
import type { SyncService } from '../sync/sync-service'
import type { CheckInService } from './check-in-service'

/**
 * Submitting a check-in, offline-first. Online it is the direct, exactly-once submission of the check-in
 * service. When Operately cannot be reached (or does not answer), the submission goes into the outbox on
 * disk and is created from there later; if a request may already have reached the server, the outbox
 * looks for it on the goal before sending (`goals/list_check_ins`), so it is never created twice.
 * The same submission asked again answers the same queued entry.
 */
export function createCheckInSubmitter(deps: {
  checkIns: CheckInService
  sync: SyncService
  cache: Cache
}): (input: CreateCheckInInput) => Promise<CheckInOutcome> {
  const { checkIns, sync, cache } = deps

  const queued = (entry: OutboxEntry, input: CreateCheckInInput, why: AppError | null): CheckInOutcome => ({
    outcome: 'queued',
    entryId: entry.id,
    goalId: input.goalId,
    submissionId: input.submissionId,
    queuedAt: entry.updatedAt,
    reason: queueReason(entry.lastError ?? why),
  })

  return async (input) => {
    const waiting = sync.checkInEntry(input.submissionId)
    if (waiting) return queued(waiting, input, null)

    let why: AppError | null = null
    if (!sync.connectivity.knownOffline()) {
      try {
        return { outcome: 'created', ...(await checkIns.create(input)) }
      } catch (err) {
        if (!(err instanceof AppFailure) || !queueableKinds.includes(err.error.kind)) throw err
        why = err.error
      }
    }
    const attempted = checkIns.firstAttemptAt(input.submissionId)
    const goal = await cache.read(detailKey('goal', input.goalId), goalDetailSchema)
    const entry = await sync.enqueue({
      kind: 'check-in',
      payload: input,
      title: goal?.value.name ?? null,
      ...(attempted !== null ? { attemptedAt: new Date(attempted).toISOString() } : {}),
    })
    return queued(entry, input, why)
  }
}
