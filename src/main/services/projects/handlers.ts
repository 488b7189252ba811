import type { projectOperations } from '@shared/contract/projects'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { ProjectsService } from './projects-service'

export function createProjectHandlers(projects: ProjectsService): AreaHandlers<typeof projectOperations> {
  return {
    'projects.list': () => projects.list(),
    'projects.get': ({ id }) => projects.get(id),
    'projects.saveDescription': (input) => projects.saveDescription(input),
  }
}
