import type { ProjectCheckInDetail, ProjectDetail, ProjectSummary } from '@shared/domain/projects'
import { subscriberCandidates } from '../goals/map-goal'
import { sameId } from '@shared/ids'
import type { Project } from '../operately/types'
import { byNameThenId } from '@shared/by-name'

/**
 * Raw projects from the server → what the renderer sees. Every field may be missing on some server
 * (operately-api.md §7), so each has a sensible reading when it is.
 */

/** The person is the project's champion or reviewer: Operately gives both full access. */
export function leadsProject(project: Project, personId: string): boolean {
  if (project.champion && sameId(project.champion.id, personId)) return true
  return project.reviewer !== null && sameId(project.reviewer.id, personId)
}

/** The person is the project's champion, reviewer or one of its contributors. */
export function isOwnProject(project: Project, personId: string): boolean {
  if (leadsProject(project, personId)) return true
  return project.contributors.some((c) => c.person !== null && sameId(c.person.id, personId))
}

/**
 * Whether the server says the person may edit the description: `can_edit_description` on Operately's
 * own servers, `can_edit` on others; null when it sent neither (projects/list never sends permissions).
 */
export function descriptionPermission(project: Pick<Project, 'permissions'>): boolean | null {
  return project.permissions?.['can_edit_description'] ?? project.permissions?.['can_edit'] ?? null
}

export function toProjectSummary(
  project: Project,
  personId: string,
  canEdit: boolean | null,
): ProjectSummary {
  return {
    id: project.id,
    name: project.name ?? '',
    spaceName: project.space?.name ?? null,
    // A paused or closed project may carry no status of its own; its state says the same thing then.
    status: project.status ?? project.state,
    isMine: isOwnProject(project, personId),
    canEdit,
  }
}

export function toProjectDetail(
  project: Project,
  personId: string,
  extra: { canEdit: boolean; webUrl: string | null; fetchedAt: string },
): ProjectDetail {
  return {
    ...toProjectSummary(project, personId, extra.canEdit),
    canEdit: extra.canEdit,
    description: project.description,
    webUrl: extra.webUrl,
    fetchedAt: extra.fetchedAt,
  }
}

/**
 * Whether the person may check in on the project: `can_check_in` where the server says it, else edit
 * rights as for the description (Operately requires edit access: a 403 otherwise).
 */
export function checkInPermission(project: Pick<Project, 'permissions'>): boolean | null {
  return project.permissions?.['can_check_in'] ?? descriptionPermission(project)
}

export function toProjectCheckInDetail(
  project: Project,
  personId: string,
  extra: { canEdit: boolean; webUrl: string | null; fetchedAt: string },
): ProjectCheckInDetail {
  return {
    id: project.id,
    name: project.name ?? '',
    status: project.status ?? project.state,
    canEdit: extra.canEdit,
    championName: project.champion?.full_name ?? null,
    reviewerName: project.reviewer?.full_name ?? null,
    potentialSubscribers: subscriberCandidates(project.potential_subscribers, personId),
    nextCheckInDue: project.next_check_in_scheduled_at,
    webUrl: extra.webUrl,
    fetchedAt: extra.fetchedAt,
  }
}

/** The person's own projects first, then the rest; each group by name. */
export function sortProjects(projects: ProjectSummary[]): ProjectSummary[] {
  return [
    ...projects.filter((p) => p.isMine).sort(byNameThenId),
    ...projects.filter((p) => !p.isMine).sort(byNameThenId),
  ]
}
