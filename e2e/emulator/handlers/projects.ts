import { accessLevel, rank } from '../access'
import { flag, type Ctx } from '../context'
import { isoTimestamp } from '../dates'
import type { Endpoint } from '../endpoint'
import { parseIdInput } from '../ids'
import { flags, t, type InputSpec } from '../inputs'
import { atLeast } from '../version'
import { findVisibleProject, requireEdit } from '../lookup'
import { toMarkdown } from '../markdown'
import { ApiError, replies } from '../replies'
import { project, projectEssential, type ProjectIncludes } from '../serialize'
import { parseRichText } from './rich-input'

const INCLUDE_FLAGS = [
  'include_contributors',
  'include_goal',
  'include_key_resources',
  'include_last_check_in',
  'include_milestones',
  'include_permissions',
  'include_champion',
  'include_reviewer',
  'include_space',
  'include_contributors_access_levels',
  'include_access_levels',
  'include_privacy',
  'include_retrospective',
  'include_potential_subscribers',
  'include_unread_notifications',
]

function includes(ctx: Ctx): ProjectIncludes {
  return {
    champion: flag(ctx, 'include_champion'),
    reviewer: flag(ctx, 'include_reviewer'),
    space: flag(ctx, 'include_space'),
    goal: flag(ctx, 'include_goal'),
    permissions: flag(ctx, 'include_permissions'),
    contributors: flag(ctx, 'include_contributors'),
    milestones: flag(ctx, 'include_milestones'),
    keyResources: flag(ctx, 'include_key_resources'),
    lastCheckIn: flag(ctx, 'include_last_check_in'),
    potentialSubscribers: flag(ctx, 'include_potential_subscribers'),
    privacy: flag(ctx, 'include_privacy'),
    unreadNotifications: flag(ctx, 'include_unread_notifications'),
  }
}

/**
 * Inputs per tag (`app/lib/operately_web/api/projects/get.ex`): `id` is a required, non-null `field`,
 * so a missing one is "Missing required fields: id" (the handler's own "id is required" is never
 * reached); `include_subscription_list` on every tag, `include_resource_hub` from 1.7.0,
 * `include_key_resources` gone in 1.8.0.
 */
function getProjectInputs(version: string): InputSpec {
  const names = INCLUDE_FLAGS.filter((n) => n !== 'include_key_resources' || !atLeast(version, '1.8.0'))
  if (atLeast(version, '1.7.0')) names.push('include_resource_hub')
  return {
    id: { type: t.id, required: true },
    ...flags(...names, 'include_subscription_list', 'include_markdown'),
  }
}

export const getProject: Endpoint = {
  kind: 'query',
  inputs: getProjectInputs,
  handle: (ctx) => {
    if (typeof ctx.inputs.id !== 'string') throw new ApiError(replies.badRequest('id is required'))
    if (flag(ctx, 'include_contributors_access_levels') && !flag(ctx, 'include_contributors')) {
      throw new ApiError(
        replies.badRequest('include_contributors_access_levels requires include_contributors'),
      )
    }
    const p = findVisibleProject(ctx, ctx.inputs.id, { withArchived: true })
    const body: Record<string, unknown> = { project: project(ctx, p, includes(ctx)) }
    if (flag(ctx, 'include_markdown')) body.markdown = toMarkdown(p.description)
    return body
  },
}

export const listProjects: Endpoint = {
  kind: 'query',
  // Exactly the inputs of Operately's projects/list: no include_permissions (nor access levels,
  // subscribers, key resources): real servers answer those with 400 "Unknown input field".
  inputs: () => ({
    ...flags(
      'only_my_projects',
      'only_reviewed_by_me',
      'include_space',
      'include_milestones',
      'include_contributors',
      'include_last_check_in',
      'include_champion',
      'include_reviewer',
      'include_goal',
      'include_archived',
      'include_privacy',
      'include_retrospective',
    ),
    space_id: { type: t.id, nullable: true },
    goal_id: { type: t.id, nullable: true },
  }),
  handle: (ctx) => {
    const me = ctx.me.id
    const spaceId = typeof ctx.inputs.space_id === 'string' ? parseIdInput(ctx.inputs.space_id) : null
    const goalId = typeof ctx.inputs.goal_id === 'string' ? parseIdInput(ctx.inputs.goal_id) : null
    const list = ctx.state.projects
      .filter((p) => rank(accessLevel(p, me)) >= rank('view'))
      .filter((p) => flag(ctx, 'include_archived') || !p.archivedAt)
      .filter((p) => !spaceId || p.spaceId === spaceId)
      .filter((p) => !goalId || p.goalId === goalId)
      .filter((p) => {
        if (flag(ctx, 'only_reviewed_by_me')) return p.reviewerId === me
        if (flag(ctx, 'only_my_projects')) return p.championId === me || p.contributorIds.includes(me)
        return true
      })
      .sort((a, b) => a.name.localeCompare(b.name))
    const inc = includes(ctx)
    return { projects: list.map((p) => project(ctx, p, inc)) }
  },
}

export const updateDescription: Endpoint = {
  kind: 'mutation',
  inputs: () => ({
    project_id: { type: t.id, required: true },
    description: { type: t.json, required: true },
  }),
  handle: (ctx) => {
    const p = findVisibleProject(ctx, ctx.inputs.project_id as string)
    requireEdit(ctx, p)
    const description = parseRichText(ctx, ctx.inputs.description as string)
    p.description = description
    p.updatedAt = isoTimestamp(ctx.now)
    // Real servers answer the short project, which has no `description` key at all.
    if (ctx.faults.omitDescription) return { project: projectEssential(ctx, p) }
    return { project: project(ctx, p, {}) }
  },
}
