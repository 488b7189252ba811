import type { syncOperations } from '@shared/contract/sync'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { SyncService } from './sync-service'

/** The Sync view's operations: each acts, then answers the queue as it now stands. */
export function createSyncHandlers(sync: SyncService): AreaHandlers<typeof syncOperations> {
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
      await sync.engine.discard(id)
      return sync.view()
    },
    'sync.discardDamaged': async ({ id }) => {
      await sync.discardDamaged(id)
      return sync.view()
    },
  }
}
