import type { ProjectCheckInInput } from '@shared/domain/check-ins'
import { publishingTakes, type ServerCapabilities } from '@shared/server-capabilities'
import type { CreateProjectCheckInInput as ProjectCheckInBody, Project } from '../operately/types'
import { checkMessage, notification, publication } from './body'

/**
 * The `projects/create_check_in` request: what a project check-in shares with a goal's (the message
 * checked as a document, who is told, draft or schedule where the server takes them), with the project's
 * own id. A project check-in has no targets, checklist or due date.
 */
export interface PreparedProjectCheckIn {
  body: ProjectCheckInBody
}

export function prepareProjectCheckIn(
  input: ProjectCheckInInput,
  project: Project,
  takes: ServerCapabilities | null,
): PreparedProjectCheckIn {
  checkMessage(input.message)
  return {
    body: {
      project_id: project.id,
      status: input.status,
      description: input.message,
      ...publication(input, publishingTakes(takes, 'project')),
      ...notification(input),
    },
  }
}
