import { descriptionDraftKey } from '@shared/contract/drafts'
import type { ServedTexts } from '../drafts/served-texts'
import type { ProjectsService } from './projects-service'

/**
 * The projects service, remembering each description it gives a window (an opened project, a save that
 * reached the server) as served for that project's draft: the description draft's base is that text,
 * and its first write may name it instead of sending it back (drafts.save `served`).
 */
export function servingDescriptions(projects: ProjectsService, served: ServedTexts): ProjectsService {
  return {
    ...projects,
    async get(id) {
      const project = await projects.get(id)
      if (project.description !== null) served.remember(descriptionDraftKey(project.id), project.description)
      return project
    },
    async rememberDescription(projectId, description) {
      served.remember(descriptionDraftKey(projectId), description)
      await projects.rememberDescription(projectId, description)
    },
  }
}
