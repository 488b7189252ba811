import { accessLevel, rank } from './access'
import type { Ctx } from './context'
import { parseIdInput } from './ids'
import { ApiError, replies } from './replies'
import type { CheckIn, EmulatorState, Goal, Person, Project } from './types'

/**
 * Finding records the way the server does: a malformed id, an unknown id and a record the person may
 * not see all answer the same 404, so a client learns nothing about records it cannot see.
 */

export function findPerson(state: EmulatorState, rawId: string): Person | null {
  const id = parseIdInput(rawId)
  return state.people.find((p) => p.id === id) ?? null
}

export function findVisibleGoal(ctx: Ctx, rawId: string, notFoundMessage?: string): Goal {
  const id = parseIdInput(rawId)
  const goal = ctx.state.goals.find((g) => g.id === id)
  if (!goal || rank(accessLevel(goal, ctx.me.id)) < rank('view')) {
    throw new ApiError(replies.notFound(notFoundMessage))
  }
  return goal
}

export function findVisibleProject(ctx: Ctx, rawId: string): Project {
  const id = parseIdInput(rawId)
  const project = ctx.state.projects.find((p) => p.id === id)
  if (!project || rank(accessLevel(project, ctx.me.id)) < rank('view')) throw new ApiError(replies.notFound())
  return project
}

export function findVisibleCheckIn(ctx: Ctx, rawId: string): CheckIn {
  const id = parseIdInput(rawId)
  const checkIn = ctx.state.checkIns.find((c) => c.id === id)
  const goal = checkIn && ctx.state.goals.find((g) => g.id === checkIn.goalId)
  const hidden = checkIn?.state === 'draft' && checkIn.authorId !== ctx.me.id
  if (!checkIn || !goal || hidden || rank(accessLevel(goal, ctx.me.id)) < rank('view')) {
    throw new ApiError(replies.notFound())
  }
  return checkIn
}

/** View without edit: the JSON 403. */
export function requireEdit(ctx: Ctx, item: Goal | Project): void {
  if (rank(accessLevel(item, ctx.me.id)) < rank('edit')) throw new ApiError(replies.forbidden())
}
