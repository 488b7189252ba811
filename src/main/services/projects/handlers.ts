import type { projectOperations } from '@shared/contract/projects'
import type { SaveDescriptionInput, SaveDescriptionResult } from '@shared/domain/projects'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { SyncService } from '../sync/sync-service'
import type { ProjectsService } from './projects-service'
import { sha256Hex } from '../storage/sha256-hex'

export function createProjectHandlers(deps: {
  projects: ProjectsService
  sync: Pick<SyncService, 'queuedDescription'>
  /** Saves now, or queues when Operately cannot take it (projects/save-or-queue). */
  saveDescription: (input: SaveDescriptionInput) => Promise<SaveDescriptionResult>
}): AreaHandlers<typeof projectOperations> {
  return {
    'projects.list': ({ first }) => deps.projects.list({ first }),
    'projects.listRest': ({ readId }) => deps.projects.listRest(readId),
    'projects.get': async ({ id }) => {
      const detail = await deps.projects.get(id)
      return {
        ...detail,
        queued: deps.sync.queuedDescription(detail.id),
        descriptionSha256: detail.description === null ? null : sha256Hex(detail.description),
      }
    },
    'projects.editRights': ({ ids }) => deps.projects.editRights(ids),
    'projects.checkInDetail': ({ id }) => deps.projects.checkInDetail(id),
    'projects.saveDescription': (input) => deps.saveDescription(input),
  }
}
