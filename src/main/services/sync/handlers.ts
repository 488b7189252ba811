import { subjectDraftKey } from '@shared/contract/drafts'
import { subjectOf } from '@shared/domain/check-ins'
import type { syncOperations } from '@shared/contract/sync'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { Logger } from '../log/logger'
import type { SyncService } from './sync-service'

/** The Sync view's operations: each acts, then answers the queue as it now stands. */
export function createSyncHandlers(
  sync: SyncService,
  deps: { clearDraft: (key: string) => Promise<void>; log: Logger },
): AreaHandlers<typeof syncOperations> {
  return {
    'sync.get': () => sync.view(),
    'sync.now': async () => {
      await sync.engine.syncNow()
      return sync.view()
    },
    'sync.retry': async ({ id }) => {
      await sync.engine.retry(id)
      return sync.view()
    },
    'sync.discard': async ({ id }) => {
      const discarded = await sync.engine.discard(id)
      // A check-in's draft holds what was submitted: discarded for good means that too, before the answer,
      // so the form opened next reads the goal as it is. The discard itself stands if the draft stays.
      if (discarded?.kind === 'check-in') {
        await deps
          .clearDraft(subjectDraftKey(subjectOf(discarded.payload)))
          .catch((err: unknown) =>
            deps.log.warn('sync: a discarded check-in kept its draft', { error: String(err) }),
          )
      }
      return sync.view()
    },
    'sync.discardDamaged': async ({ id }) => {
      await sync.discardDamaged(id)
      return sync.view()
    },
  }
}
