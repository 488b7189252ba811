import type { draftOperations } from '@shared/contract/drafts'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { DraftsService } from './drafts-service'

export function createDraftHandlers(drafts: DraftsService): AreaHandlers<typeof draftOperations> {
  return {
    'drafts.get': ({ key }) => drafts.get(key),
    'drafts.save': ({ key, value, keep, edit, served }) =>
      drafts.save(key, value, {
        ...(keep ? { keep } : {}),
        ...(edit ? { edit } : {}),
        ...(served ? { served } : {}),
      }),
    'drafts.clear': async ({ key }) => {
      await drafts.clear(key)
      return {}
    },
  }
}
