import { accessLevel, rank } from '../access'
import { flag, type Ctx } from '../context'
import type { Endpoint } from '../endpoint'
import { parseIdInput } from '../ids'
import { flags, t } from '../inputs'
import { ApiError, replies } from '../replies'
import { atLeast } from '../version'
import { findVisibleCheckIn, findVisibleGoal } from '../lookup'
import { toMarkdown } from '../markdown'
import { checkIn, goal, type GoalIncludes } from '../serialize'
import type { CheckIn } from '../types'

function includes(ctx: Ctx): GoalIncludes {
  return {
    champion: flag(ctx, 'include_champion'),
    reviewer: flag(ctx, 'include_reviewer'),
    space: flag(ctx, 'include_space') || flag(ctx, 'include_space_members'),
    lastCheckIn: flag(ctx, 'include_last_check_in'),
    permissions: flag(ctx, 'include_permissions'),
    potentialSubscribers: flag(ctx, 'include_potential_subscribers'),
    projects: flag(ctx, 'include_projects'),
    privacy: flag(ctx, 'include_privacy'),
    unreadNotifications: flag(ctx, 'include_unread_notifications'),
  }
}

export const listGoals: Endpoint = {
  kind: 'query',
  inputs: () => ({
    space_id: { type: t.id, nullable: true },
    ...flags(
      'include_projects',
      'include_space',
      'include_last_check_in',
      'include_champion',
      'include_reviewer',
    ),
  }),
  handle: (ctx) => {
    const spaceId = typeof ctx.inputs.space_id === 'string' ? parseIdInput(ctx.inputs.space_id) : null
    const inc = includes(ctx)
    const goals = ctx.state.goals
      .filter((g) => !g.archivedAt && rank(accessLevel(g, ctx.me.id)) >= rank('view'))
      .filter((g) => !spaceId || g.spaceId === spaceId)
      .sort((a, b) => a.name.localeCompare(b.name))
    // Targets and checklist are always included.
    return { goals: goals.map((g) => goal(ctx, g, inc)) }
  },
}

/**
 * Inputs per tag (`app/lib/operately_web/api/goals/get.ex`): `id` is a required `field` that may be
 * null (an empty `id=` decodes to nil: nothing found, 404); `include_resource_hub` from 1.7.0.
 */
export const getGoal: Endpoint = {
  kind: 'query',
  inputs: (version) => ({
    id: { type: t.id, required: true, nullable: true },
    ...(atLeast(version, '1.7.0') ? flags('include_resource_hub') : {}),
    ...flags(
      'include_champion',
      'include_closed_by',
      'include_last_check_in',
      'include_permissions',
      'include_projects',
      'include_reviewer',
      'include_space',
      'include_space_members',
      'include_access_levels',
      'include_privacy',
      'include_potential_subscribers',
      'include_unread_notifications',
      'include_retrospective',
      'include_checklist',
      'include_markdown',
    ),
  }),
  handle: (ctx) => {
    if (typeof ctx.inputs.id !== 'string') throw new ApiError(replies.notFound())
    const g = findVisibleGoal(ctx, ctx.inputs.id, { withArchived: true })
    const body: Record<string, unknown> = { goal: goal(ctx, g, includes(ctx)) }
    if (flag(ctx, 'include_markdown')) body.markdown = toMarkdown(g.description)
    return body
  },
}

/** When a check-in shows in lists: published ones by their publication, drafts by their last edit. */
const displayDate = (c: CheckIn): string => c.publishedAt ?? c.scheduledAt ?? c.updatedAt

export const listCheckIns: Endpoint = {
  kind: 'query',
  inputs: () => ({ goal_id: { type: t.id, required: true } }),
  handle: (ctx) => {
    const g = findVisibleGoal(ctx, ctx.inputs.goal_id as string, { notFoundMessage: 'Goal not found' })
    const list = ctx.state.checkIns
      .filter((c) => c.goalId === g.id)
      .filter((c) => c.state === 'published' || c.authorId === ctx.me.id)
      .sort(
        (a, b) => displayDate(b).localeCompare(displayDate(a)) || b.insertedAt.localeCompare(a.insertedAt),
      )
    return { check_ins: list.map((c) => checkIn(ctx, c, { author: true })) }
  },
}

export const getCheckIn: Endpoint = {
  kind: 'query',
  inputs: () => ({
    id: { type: t.id, required: true },
    ...flags(
      'include_author',
      'include_acknowledged_by',
      'include_goal',
      'include_goal_targets',
      'include_goal_checklist',
      'include_reviewer',
      'include_champion',
      'include_space',
      'include_space_members',
      'include_reactions',
      'include_subscriptions_list',
      'include_potential_subscribers',
      'include_unread_notifications',
      'include_permissions',
    ),
  }),
  handle: (ctx) => {
    const c = findVisibleCheckIn(ctx, ctx.inputs.id as string)
    return {
      update: checkIn(ctx, c, {
        author: flag(ctx, 'include_author'),
        acknowledgingPerson: flag(ctx, 'include_acknowledged_by'),
        goal: flag(ctx, 'include_goal'),
        reactions: flag(ctx, 'include_reactions'),
        subscriptionList: flag(ctx, 'include_subscriptions_list'),
        permissions: flag(ctx, 'include_permissions'),
      }),
    }
  },
}
