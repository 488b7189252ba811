import { stringifyJson } from '../../src/shared/exact-json'
import { accessLevel, permissionsFor } from './access'
import type { Ctx } from './context'
import { datedId, deterministicUuid, shortIdFromUuid, slugId } from './ids'
import { goalPotentialSubscribers, projectPotentialSubscribers } from './subscribers'
import { goalStatus, isGoalOutdated, progressPercentage } from './schedule'
import type {
  CheckIn,
  CheckInRecord,
  ContextualDate,
  Goal,
  GoalCheck,
  Person,
  Project,
  ProjectCheckIn,
  Space,
  Target,
  Timeframe,
} from './types'
import { atLeast } from './version'

/**
 * Model → wire. Field names, nulls and id forms follow Operately's serializers: slugged ids for
 * people/goals/projects/spaces, dated ids for check-ins, bare short ids for targets and checks,
 * rich text as JSON strings, `__typename` on every object from 1.8.0, and null for every association
 * the request did not ask to include.
 */

type Json = Record<string, unknown>

export function typed(ctx: Pick<Ctx, 'version'>, typename: string, fields: Json): Json {
  return atLeast(ctx.version, '1.8.0') ? { __typename: typename, ...fields } : fields
}

const richText = (value: unknown): string | null => (value == null ? null : stringifyJson(value))

export const personId = (p: Person): string => slugId(p.fullName, p.id)
export const goalId = (g: Goal): string => slugId(g.name, g.id)
export const projectId = (p: Project): string => slugId(p.name, p.id)
export const spaceId = (s: Space): string => slugId(s.name, s.id)
export const checkInId = (c: CheckInRecord): string => datedId(c.insertedAt, c.id)

export function person(ctx: Ctx, p: Person | null | undefined): Json | null {
  if (!p) return null
  return typed(ctx, 'person', {
    id: personId(p),
    full_name: p.fullName,
    email: p.email,
    avatar_url: p.avatarUrl,
    title: p.title,
    type: p.type,
  })
}

/** The longer form `people/get_me` and `people/list` send. */
export function personFull(ctx: Ctx, p: Person, includeManager: boolean): Json {
  const manager = includeManager ? ctx.state.people.find((m) => m.id === p.managerId) : undefined
  return typed(ctx, 'person', {
    id: personId(p),
    full_name: p.fullName,
    email: p.email,
    avatar_url: p.avatarUrl,
    title: p.title,
    type: p.type,
    suspended: p.suspended,
    timezone: p.timezone,
    manager: includeManager ? person(ctx, manager) : null,
    reports: null,
    peers: null,
    has_open_invitation: false,
    permissions: null,
    invite_link: null,
    description: null,
  })
}

export function space(ctx: Ctx, id: string): Json | null {
  const s = ctx.state.spaces.find((x) => x.id === id)
  return s ? typed(ctx, 'space', { id: spaceId(s), name: s.name }) : null
}

export function contextualDate(ctx: Ctx, d: ContextualDate | null): Json | null {
  return d ? typed(ctx, 'contextual_date', { date_type: d.date_type, value: d.value, date: d.date }) : null
}

export function timeframe(ctx: Ctx, tf: Timeframe | null): Json | null {
  if (!tf) return null
  return typed(ctx, 'timeframe', {
    contextual_start_date: contextualDate(ctx, tf.contextual_start_date),
    contextual_end_date: contextualDate(ctx, tf.contextual_end_date),
  })
}

export function target(ctx: Ctx, t: Target): Json {
  return typed(ctx, 'target', {
    id: shortIdFromUuid(t.id),
    name: t.name,
    from: t.from,
    to: t.to,
    unit: t.unit,
    index: t.index,
    value: t.value,
    inserted_at: t.insertedAt,
    updated_at: t.updatedAt,
  })
}

export function goalCheck(ctx: Ctx, c: GoalCheck): Json {
  return typed(ctx, 'goal_check', {
    id: shortIdFromUuid(c.id),
    name: c.name,
    completed: c.completed,
    completed_at: c.completedAt,
    index: c.index,
    inserted_at: c.insertedAt,
    updated_at: c.updatedAt,
  })
}

const byIndex = <T extends { index: number }>(items: T[]): T[] => [...items].sort((a, b) => a.index - b.index)

export interface GoalIncludes {
  champion?: boolean
  reviewer?: boolean
  space?: boolean
  lastCheckIn?: boolean
  permissions?: boolean
  potentialSubscribers?: boolean
  projects?: boolean
  privacy?: boolean
  unreadNotifications?: boolean
}

export function goal(ctx: Ctx, g: Goal, inc: GoalIncludes): Json {
  const last = ctx.state.checkIns.find((c) => c.id === g.lastCheckInId) ?? null
  const findPerson = (id: string | null) => ctx.state.people.find((p) => p.id === id)
  return typed(ctx, 'goal', {
    id: goalId(g),
    name: g.name,
    status: goalStatus(g, last, ctx.now),
    success: g.success === true,
    targets: byIndex(g.targets).map((t) => target(ctx, t)),
    checklist: byIndex(g.checks).map((c) => goalCheck(ctx, c)),
    timeframe: timeframe(ctx, g.timeframe),
    space: inc.space ? space(ctx, g.spaceId) : null,
    champion: inc.champion ? person(ctx, findPerson(g.championId)) : null,
    reviewer: inc.reviewer ? person(ctx, findPerson(g.reviewerId)) : null,
    permissions: inc.permissions
      ? typed(ctx, 'goal_permissions', { ...permissionsFor(accessLevel(g, ctx.me.id)) })
      : null,
    last_check_in_id: last ? shortIdFromUuid(last.id) : null,
    last_check_in: inc.lastCheckIn && last ? checkIn(ctx, last, { author: true }) : null,
    description: richText(g.description),
    progress_percentage: progressPercentage(g),
    is_archived: g.archivedAt !== null,
    is_closed: g.closedAt !== null,
    is_outdated: isGoalOutdated(g, ctx.now),
    closed_by: null,
    closed_at: g.closedAt,
    archived_at: g.archivedAt,
    inserted_at: g.insertedAt,
    updated_at: g.updatedAt,
    next_update_scheduled_at: g.nextUpdateScheduledAt,
    parent_goal_id: null,
    parent_goal: null,
    projects: inc.projects
      ? ctx.state.projects.filter((p) => p.goalId === g.id).map((p) => projectEssential(ctx, p))
      : null,
    privacy: inc.privacy ? (g.access.company === 'none' ? 'secret' : 'internal') : null,
    access_levels: null,
    retrospective: null,
    notifications: inc.unreadNotifications ? [] : null,
    potential_subscribers: inc.potentialSubscribers ? goalPotentialSubscribers(ctx, g) : null,
    // serializers/goal.ex: from 1.7.0; null, as the emulator has no resource hubs.
    ...(atLeast(ctx.version, '1.7.0') ? { resource_hub: null } : {}),
  })
}

export interface CheckInIncludes {
  author?: boolean
  goal?: boolean
  acknowledgingPerson?: boolean
  permissions?: boolean
  reactions?: boolean
  subscriptionList?: boolean
}

/** A goal progress update. Associations the request did not load come back null, as on real servers. */
export function checkIn(ctx: Ctx, c: CheckIn, inc: CheckInIncludes): Json {
  const g = ctx.state.goals.find((x) => x.id === c.goalId)
  const findPerson = (id: string | null) => ctx.state.people.find((p) => p.id === id)
  // `state`, `updated_at`, `published_at` from 1.7.0, `scheduled_at` from 1.8.0
  // (`app/lib/operately_web/api/serializers/goal_update.ex` at each tag).
  const lifecycle: Json = atLeast(ctx.version, '1.7.0')
    ? { state: c.state, updated_at: c.updatedAt, published_at: c.publishedAt }
    : {}
  if (atLeast(ctx.version, '1.8.0')) lifecycle.scheduled_at = c.scheduledAt
  return typed(ctx, 'goal_progress_update', {
    id: checkInId(c),
    status: c.status,
    message: JSON.stringify(c.message),
    inserted_at: c.insertedAt,
    ...lifecycle,
    goal_target_updates: c.targets.map((t) => typed(ctx, 'goal_target_updates', { ...t })),
    checklist: c.checklist.map((k) => typed(ctx, 'goal_check_update', { ...k })),
    timeframe: timeframe(ctx, c.timeframe),
    acknowledged: c.acknowledgedAt !== null,
    acknowledged_at: c.acknowledgedAt,
    acknowledging_person: inc.acknowledgingPerson ? person(ctx, findPerson(c.acknowledgedById)) : null,
    author: inc.author ? person(ctx, findPerson(c.authorId)) : null,
    goal: inc.goal && g ? goal(ctx, g, {}) : null,
    comments_count: c.commentsCount,
    reactions: inc.reactions ? [] : null,
    subscription_list: inc.subscriptionList
      ? typed(ctx, 'subscription_list', {
          send_to_everyone: c.sendToEveryone,
          subscriptions: c.subscriberIds.map((id) =>
            typed(ctx, 'subscription', { person: person(ctx, findPerson(id)) }),
          ),
        })
      : null,
    potential_subscribers: null,
    notifications: null,
    permissions:
      inc.permissions && g ? typed(ctx, 'goal_update_permissions', checkInPermissions(ctx, c, g)) : null,
  })
}

function checkInPermissions(ctx: Ctx, c: CheckIn, g: Goal): Json {
  const perms = permissionsFor(accessLevel(g, ctx.me.id))
  return {
    can_view: perms.can_view,
    can_comment: perms.can_comment,
    can_edit: c.authorId === ctx.me.id,
    can_acknowledge: g.reviewerId === ctx.me.id || g.championId === ctx.me.id,
  }
}

/**
 * The short ("essential") form `update_description` answers with (`app/lib/operately_web/api/
 * serializers/project.ex` at each tag): no `description`, no `space_id`; `space` only from 1.7.0.
 * `space` and `privacy` come from associations the mutation does not load: null.
 */
export function projectEssential(ctx: Ctx, p: Project): Json {
  const space: Json = atLeast(ctx.version, '1.7.0') ? { space: null } : {}
  return typed(ctx, 'project', {
    id: projectId(p),
    name: p.name,
    ...space,
    privacy: null,
    status: p.status,
    success_status: p.successStatus ?? 'nil',
    goal_id: p.goalId ? shortIdFromUuid(p.goalId) : null,
  })
}

export interface ProjectIncludes {
  champion?: boolean
  reviewer?: boolean
  space?: boolean
  goal?: boolean
  permissions?: boolean
  contributors?: boolean
  milestones?: boolean
  keyResources?: boolean
  lastCheckIn?: boolean
  potentialSubscribers?: boolean
  privacy?: boolean
  unreadNotifications?: boolean
}

/**
 * The full project (`app/lib/operately_web/api/serializers/project.ex` at each tag): no `space_id`,
 * `started_at`, `archived_at` or `is_pinned` (real servers never send them); `key_resources` until
 * 1.7.0, `resource_hub` from 1.7.0 (null: the emulator has no resource hubs). Not emulated:
 * `milestones_ordering_state`, `task_statuses`, `tasks_kanban_state`.
 */
export function project(ctx: Ctx, p: Project, inc: ProjectIncludes): Json {
  const findPerson = (id: string | null) => ctx.state.people.find((x) => x.id === id)
  const g = ctx.state.goals.find((x) => x.id === p.goalId)
  return typed(ctx, 'project', {
    id: projectId(p),
    name: p.name,
    goal_id: p.goalId ? shortIdFromUuid(p.goalId) : null,
    state: p.state,
    status: p.status,
    success_status: p.successStatus ?? 'nil',
    privacy: p.privacy,
    description: richText(p.description),
    timeframe: timeframe(ctx, p.timeframe),
    inserted_at: p.insertedAt,
    updated_at: p.updatedAt,
    closed_at: p.closedAt,
    is_archived: p.archivedAt !== null,
    is_outdated: ctx.now.getTime() > new Date(p.nextCheckInScheduledAt).getTime() + 3 * 86_400_000,
    next_check_in_scheduled_at: p.nextCheckInScheduledAt,
    space: inc.space ? space(ctx, p.spaceId) : null,
    champion: inc.champion ? person(ctx, findPerson(p.championId)) : null,
    reviewer: inc.reviewer ? person(ctx, findPerson(p.reviewerId)) : null,
    goal: inc.goal && g ? goal(ctx, g, {}) : null,
    permissions: inc.permissions
      ? typed(ctx, 'project_permissions', { ...permissionsFor(accessLevel(p, ctx.me.id)) })
      : null,
    contributors: inc.contributors ? contributors(ctx, p) : null,
    milestones: inc.milestones ? [] : null,
    ...(atLeast(ctx.version, '1.8.0') ? {} : { key_resources: inc.keyResources ? [] : null }),
    ...(atLeast(ctx.version, '1.7.0') ? { resource_hub: null } : {}),
    subscription_list: null,
    last_check_in: null,
    next_milestone: null,
    retrospective: null,
    access_levels: null,
    potential_subscribers: inc.potentialSubscribers ? projectPotentialSubscribers(ctx, p) : null,
    notifications: inc.unreadNotifications ? [] : null,
  })
}

export interface ProjectCheckInIncludes {
  author?: boolean
  acknowledgedBy?: boolean
  /** The full project; with champion and reviewer when they were loaded too. */
  project?: ProjectIncludes | null
  space?: boolean
  reactions?: boolean
  subscriptionList?: boolean
  potentialSubscribers?: boolean
  unreadNotifications?: boolean
  /** Only list_check_ins counts comments (`CheckIn.preload_comment_count`); elsewhere the field is null. */
  commentsCount?: boolean
}

/**
 * A project check-in (`app/lib/operately_web/api/serializers/project_check_in.ex` at each tag; `full` is
 * the same as `essential`): `state`, `updated_at`, `published_at` from 1.7.0, `scheduled_at` from 1.8.0.
 * Associations the request did not load come back null, as on real servers.
 */
export function projectCheckIn(ctx: Ctx, c: ProjectCheckIn, inc: ProjectCheckInIncludes): Json {
  const findPerson = (id: string | null) => ctx.state.people.find((x) => x.id === id)
  const p = ctx.state.projects.find((x) => x.id === c.projectId)
  const from17 = atLeast(ctx.version, '1.7.0')
  return typed(ctx, 'project_check_in', {
    id: checkInId(c),
    status: c.status,
    ...(from17 ? { state: c.state } : {}),
    description: richText(c.description),
    inserted_at: c.insertedAt,
    ...(from17 ? { updated_at: c.updatedAt, published_at: c.publishedAt } : {}),
    ...(atLeast(ctx.version, '1.8.0') ? { scheduled_at: c.scheduledAt } : {}),
    acknowledged_at: c.acknowledgedAt,
    acknowledged_by: inc.acknowledgedBy ? person(ctx, findPerson(c.acknowledgedById)) : null,
    project: inc.project && p ? project(ctx, p, inc.project) : null,
    space: inc.space && p ? space(ctx, p.spaceId) : null,
    reactions: inc.reactions ? [] : null,
    author: inc.author ? person(ctx, findPerson(c.authorId)) : null,
    subscription_list: inc.subscriptionList
      ? typed(ctx, 'subscription_list', {
          send_to_everyone: c.sendToEveryone,
          subscriptions: c.subscriberIds.map((id) =>
            typed(ctx, 'subscription', { person: person(ctx, findPerson(id)) }),
          ),
        })
      : null,
    potential_subscribers: inc.potentialSubscribers && p ? projectPotentialSubscribers(ctx, p) : null,
    notifications: inc.unreadNotifications ? [] : null,
    comments_count: inc.commentsCount ? c.commentsCount : null,
  })
}

function contributors(ctx: Ctx, p: Project): Json[] {
  const rows: [string | null, string][] = [
    [p.championId, 'champion'],
    [p.reviewerId, 'reviewer'],
    ...p.contributorIds.map((id): [string, string] => [id, 'contributor']),
  ]
  return rows.flatMap(([id, role]) => {
    const who = ctx.state.people.find((x) => x.id === id)
    if (!who || who.suspended) return []
    return [
      typed(ctx, 'project_contributor', {
        id: shortIdFromUuid(deterministicUuid(`contributor:${p.id}:${who.id}`)),
        role,
        responsibility: null,
        person: person(ctx, who),
      }),
    ]
  })
}
