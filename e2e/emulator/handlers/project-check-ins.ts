import { flag, type Ctx } from '../context'
import type { Endpoint } from '../endpoint'
import { deterministicUuid, parseIdInput } from '../ids'
import { flags, t, type InputSpec } from '../inputs'
import { findVisibleProject, findVisibleProjectCheckIn, requireEdit } from '../lookup'
import { markProjectCheckInPublished } from '../publish'
import { ApiError, replies } from '../replies'
import { projectCheckIn } from '../serialize'
import { accessLevel, rank } from '../access'
import type { ProjectCheckIn } from '../types'
import { atLeast } from '../version'
import { CHECK_IN_STATUSES, newCheckInRecord, publishingInputs, scheduledAt } from './create-check-in'
import { mentionedPeople, parseRichText } from './rich-input'

/**
 * The weekly project check-in: `projects/create_check_in`, `projects/list_check_ins`,
 * `projects/get_check_in` (`app/lib/operately_web/api/projects/*.ex` and
 * `app/lib/operately/operations/project_check_in.ex` at each tag). They share the goal check-in's
 * publishing inputs and side effects (create-check-in.ts, publish.ts).
 */

/** Declaration order, the order "Missing required fields" names them in. */
export function createProjectCheckInInputs(version: string): InputSpec {
  return {
    project_id: { type: t.id, required: true },
    status: { type: t.enumOf('project_check_in_status', CHECK_IN_STATUSES), required: true },
    description: { type: t.json, required: true },
    ...publishingInputs(version),
  }
}

function handleCreate(ctx: Ctx): unknown {
  const { inputs, state } = ctx
  const project = findVisibleProject(ctx, inputs.project_id as string)
  requireEdit(ctx, project)
  // ProjectCheckIn.run validates scheduled_at before anything else (1.8.0).
  const schedule = scheduledAt(ctx)
  const description = parseRichText(ctx, inputs.description as string)

  const record: ProjectCheckIn = {
    ...newCheckInRecord(
      ctx,
      deterministicUuid(`created-project-check-in:${++state.sequence}`),
      schedule,
      mentionedPeople(ctx, description),
    ),
    projectId: project.id,
    description,
  }
  state.projectCheckIns.push(record)
  // Drafts and scheduled ones leave the project as it is (maybe_update_project); scheduled ones are
  // published by the clock (publish.ts).
  if (record.state === 'published') markProjectCheckInPublished(state, project, record, ctx.now)

  // `level: :essential` of an operation result: project, space, author, acknowledged_by not loaded (null);
  // comments_count not counted (null).
  return { check_in: projectCheckIn(ctx, record, {}) }
}

export const createProjectCheckIn: Endpoint = {
  kind: 'mutation',
  inputs: createProjectCheckInInputs,
  handle: handleCreate,
}

/**
 * When a check-in shows in lists (`Operately.Drafts.display_date`, 1.7.0+): drafts by their creation,
 * scheduled ones by their time, published ones by their publication.
 */
function displayDate(c: ProjectCheckIn): string {
  if (c.state === 'draft') return c.insertedAt
  if (c.state === 'scheduled') return c.scheduledAt ?? c.insertedAt
  return c.publishedAt ?? c.insertedAt
}

/**
 * `project_id` is a `field` (required, null allowed; a null one makes Ecto's `== ^nil` raise: a 500).
 * A project the person cannot see, or no project at all, is an empty list, not a 404: the query filters
 * by view access. Published check-ins plus the person's own drafts (1.7.0) and scheduled ones (1.8.0),
 * newest first by display date; before 1.7.0 every check-in, by `inserted_at`.
 */
export const listProjectCheckIns: Endpoint = {
  kind: 'query',
  inputs: () => ({
    project_id: { type: t.id, required: true, nullable: true },
    ...flags('include_author', 'include_project', 'include_reactions'),
  }),
  handle: (ctx) => {
    if (typeof ctx.inputs.project_id !== 'string') throw new ApiError(replies.handlerFailure())
    const id = parseIdInput(ctx.inputs.project_id)
    const project = ctx.state.projects.find((p) => p.id === id && !p.archivedAt)
    const visible = !!project && rank(accessLevel(project, ctx.me.id)) >= rank('view')
    const own = atLeast(ctx.version, '1.8.0') ? ['draft', 'scheduled'] : ['draft']
    const list = ctx.state.projectCheckIns
      .filter((c) => c.projectId === id)
      .filter((c) => (c.state === 'published' ? visible : c.authorId === ctx.me.id && own.includes(c.state)))
    const key = atLeast(ctx.version, '1.7.0') ? displayDate : (c: ProjectCheckIn) => c.insertedAt
    list.sort((a, b) => key(b).localeCompare(key(a)))
    return {
      project_check_ins: list.map((c) =>
        projectCheckIn(ctx, c, {
          // acknowledged_by is always preloaded; comments are counted.
          acknowledgedBy: true,
          commentsCount: true,
          author: flag(ctx, 'include_author'),
          project: flag(ctx, 'include_project') ? {} : null,
          reactions: flag(ctx, 'include_reactions'),
        }),
      ),
    }
  },
}

export const getProjectCheckIn: Endpoint = {
  kind: 'query',
  inputs: () => ({
    id: { type: t.id, required: true },
    // `null: false` on each flag but the last.
    ...Object.fromEntries(
      [
        'include_author',
        'include_acknowledged_by',
        'include_project',
        'include_space',
        'include_reactions',
        'include_subscriptions_list',
        'include_potential_subscribers',
      ].map((name) => [name, { type: t.boolean }]),
    ),
    ...flags('include_unread_notifications'),
  }),
  handle: (ctx) => {
    const { checkIn } = findVisibleProjectCheckIn(ctx, ctx.inputs.id as string)
    return {
      project_check_in: projectCheckIn(ctx, checkIn, {
        author: flag(ctx, 'include_author'),
        acknowledgedBy: flag(ctx, 'include_acknowledged_by'),
        // champion, reviewer, contributors and permissions (Project.set_permissions).
        project: flag(ctx, 'include_project')
          ? { champion: true, reviewer: true, contributors: true, permissions: true }
          : null,
        space: flag(ctx, 'include_space'),
        reactions: flag(ctx, 'include_reactions'),
        subscriptionList: flag(ctx, 'include_subscriptions_list'),
        potentialSubscribers: flag(ctx, 'include_potential_subscribers'),
        unreadNotifications: flag(ctx, 'include_unread_notifications'),
      }),
    }
  },
}
