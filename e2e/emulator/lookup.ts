import { accessLevel, rank } from './access'
import type { Ctx } from './context'
import { parseIdInput } from './ids'
import { ApiError, replies } from './replies'
import type { CheckIn, CheckInRecord, EmulatorState, Goal, Person, Project, ProjectCheckIn } from './types'

/**
 * Finding records the way the server does: a malformed id, an unknown id and a record the person may
 * not see all answer the same 404, so a client learns nothing about records it cannot see.
 */

export function findPerson(state: EmulatorState, rawId: string): Person | null {
  const id = parseIdInput(rawId)
  return state.people.find((p) => p.id === id) ?? null
}

/**
 * Archived goals and projects are soft-deleted in Operately (`soft_delete()` in `goals/goal.ex`,
 * `projects/project.ex`): every lookup skips them unless it asks `with_deleted: true`, which only
 * goals/get and projects/get do (1.5.0–1.8.0). So they answer those two, and 404 everywhere else.
 */
export interface FindOptions {
  notFoundMessage?: string
  withArchived?: boolean
}

export function findVisibleGoal(ctx: Ctx, rawId: string, options: FindOptions = {}): Goal {
  const id = parseIdInput(rawId)
  const goal = ctx.state.goals.find((g) => g.id === id && (options.withArchived || !g.archivedAt))
  if (!goal || rank(accessLevel(goal, ctx.me.id)) < rank('view')) {
    throw new ApiError(replies.notFound(options.notFoundMessage))
  }
  return goal
}

export function findVisibleProject(ctx: Ctx, rawId: string, options: FindOptions = {}): Project {
  const id = parseIdInput(rawId)
  const project = ctx.state.projects.find((p) => p.id === id && (options.withArchived || !p.archivedAt))
  if (!project || rank(accessLevel(project, ctx.me.id)) < rank('view')) throw new ApiError(replies.notFound())
  return project
}

/**
 * Drafts and scheduled check-ins are their author's alone: to anyone else they are not there
 * (`check_draft_access` in `app/lib/operately_web/api/helpers.ex`, 1.7.0–1.8.0).
 */
const othersDraft = (ctx: Ctx, c: CheckInRecord): boolean =>
  (c.state === 'draft' || c.state === 'scheduled') && c.authorId !== ctx.me.id

export function findVisibleCheckIn(ctx: Ctx, rawId: string): CheckIn {
  const id = parseIdInput(rawId)
  const checkIn = ctx.state.checkIns.find((c) => c.id === id)
  const goal = checkIn && ctx.state.goals.find((g) => g.id === checkIn.goalId)
  if (!checkIn || !goal || othersDraft(ctx, checkIn) || rank(accessLevel(goal, ctx.me.id)) < rank('view')) {
    throw new ApiError(replies.notFound())
  }
  return checkIn
}

/**
 * A project check-in the person may see, with its project: `Projects.CheckIn.get` through the project's
 * access (its `project` association skips archived projects), then `check_draft_access`.
 */
export function findVisibleProjectCheckIn(
  ctx: Ctx,
  rawId: string,
): { checkIn: ProjectCheckIn; project: Project } {
  const id = rawId ? parseIdInput(rawId) : null
  const checkIn = ctx.state.projectCheckIns.find((c) => c.id === id)
  const project = checkIn && ctx.state.projects.find((p) => p.id === checkIn.projectId && !p.archivedAt)
  if (
    !checkIn ||
    !project ||
    othersDraft(ctx, checkIn) ||
    rank(accessLevel(project, ctx.me.id)) < rank('view')
  ) {
    throw new ApiError(replies.notFound())
  }
  return { checkIn, project }
}

/** View without edit: the JSON 403. */
export function requireEdit(ctx: Ctx, item: Goal | Project): void {
  if (rank(accessLevel(item, ctx.me.id)) < rank('edit')) throw new ApiError(replies.forbidden())
}
