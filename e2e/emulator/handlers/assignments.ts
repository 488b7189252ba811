import type { Ctx } from '../context'
import { isoDate } from '../dates'
import type { Endpoint } from '../endpoint'
import { shortIdFromUuid } from '../ids'
import {
  awaitsAcknowledgement,
  dueStatus,
  goalCheckInOwed,
  projectCheckInOwed,
  type DueStatus,
} from '../schedule'
import { checkInId, goalId, personId, projectId } from '../serialize'
import type { Goal, Project } from '../types'
import { atLeast } from '../version'

/**
 * `people/list_assignments` and `people/get_assignments_count`: what the person owes now.
 * Goal check-ins the champion owes (due date reached), goal check-ins awaiting the reviewer's (or the
 * champion's) acknowledgement, weekly project check-ins the champion owes, and project check-ins
 * awaiting the reviewer's (or the champion's) acknowledgement.
 */

interface Origin {
  id: string
  name: string
  type: 'goal' | 'project'
  path: string
  space_name: string | null
  due_date: string | null
}

interface Assignment {
  resource_id: string
  name: string
  type: 'goal_update' | 'check_in'
  role: 'owner' | 'reviewer'
  due: string
  due_date: string
  due_status: DueStatus
  due_status_label: string
  action_label: string
  path: string
  origin: Origin
  author_id: string | null
  author_name: string | null
  description: string | null
  task_status: null
}

function companyPath(ctx: Ctx): string {
  return `/${shortIdFromUuid(ctx.state.company.id)}`
}

function spaceName(ctx: Ctx, id: string): string | null {
  return ctx.state.spaces.find((s) => s.id === id)?.name ?? null
}

function goalOrigin(ctx: Ctx, g: Goal): Origin {
  const end = g.timeframe?.contextual_end_date?.date
  return {
    id: goalId(g),
    name: g.name,
    type: 'goal',
    path: `${companyPath(ctx)}/goals/${goalId(g)}`,
    space_name: spaceName(ctx, g.spaceId),
    due_date: end ? `${end}T00:00:00Z` : null,
  }
}

function projectOrigin(ctx: Ctx, p: Project): Origin {
  const end = p.timeframe?.contextual_end_date?.date
  return {
    id: projectId(p),
    name: p.name,
    type: 'project',
    path: `${companyPath(ctx)}/projects/${projectId(p)}`,
    space_name: spaceName(ctx, p.spaceId),
    due_date: end ? `${end}T00:00:00Z` : null,
  }
}

function withDue(
  ctx: Ctx,
  due: string,
): Pick<Assignment, 'due' | 'due_date' | 'due_status' | 'due_status_label'> {
  const { status, label } = dueStatus(new Date(due), ctx.now)
  return { due, due_date: isoDate(new Date(due)), due_status: status, due_status_label: label }
}

export function loadAssignments(ctx: Ctx): Assignment[] {
  const me = ctx.me.id
  const out: Assignment[] = []
  for (const g of ctx.state.goals) {
    if (g.championId === me && goalCheckInOwed(g, ctx.now)) {
      out.push({
        resource_id: goalId(g),
        name: `${g.name} - Goal Update`,
        type: 'goal_update',
        role: 'owner',
        ...withDue(ctx, g.nextUpdateScheduledAt),
        action_label: 'Submit goal progress update',
        path: `${companyPath(ctx)}/goals/${goalId(g)}/progress-updates/new`,
        origin: goalOrigin(ctx, g),
        author_id: null,
        author_name: null,
        description: null,
        task_status: null,
      })
    }
  }
  for (const c of ctx.state.checkIns) {
    const g = ctx.state.goals.find((x) => x.id === c.goalId)
    const author = ctx.state.people.find((p) => p.id === c.authorId)
    if (!g || !author || !awaitsAcknowledgement(c, g, me)) continue
    out.push({
      resource_id: checkInId(c),
      name: `${g.name} – Goal Update`,
      type: 'goal_update',
      role: 'reviewer',
      ...withDue(ctx, atLeast(ctx.version, '1.6.0') ? (c.publishedAt ?? c.insertedAt) : c.insertedAt),
      action_label: 'Review goal progress update',
      path: `${companyPath(ctx)}/goal-check-ins/${checkInId(c)}`,
      origin: goalOrigin(ctx, g),
      author_id: personId(author),
      author_name: author.fullName,
      description: null,
      task_status: null,
    })
  }
  for (const p of ctx.state.projects) {
    if (p.championId === me && projectCheckInOwed(p, ctx.now)) {
      out.push({
        resource_id: projectId(p),
        name: `${p.name} - Check-in`,
        type: 'check_in',
        role: 'owner',
        ...withDue(ctx, p.nextCheckInScheduledAt),
        action_label: 'Submit weekly check-in',
        path: `${companyPath(ctx)}/projects/${projectId(p)}/check-ins/new`,
        origin: projectOrigin(ctx, p),
        author_id: null,
        author_name: null,
        description: null,
        task_status: null,
      })
    }
  }
  for (const c of ctx.state.projectCheckIns) {
    const p = ctx.state.projects.find((x) => x.id === c.projectId)
    const author = ctx.state.people.find((x) => x.id === c.authorId)
    if (!p || !author || !awaitsAcknowledgement(c, p, me)) continue
    out.push({
      resource_id: checkInId(c),
      name: `${p.name} - Check-in`,
      type: 'check_in',
      role: 'reviewer',
      // `inserted_at` until 1.6.0, `Drafts.display_date` (the publication) from 1.7.0 (assignment.ex).
      ...withDue(ctx, atLeast(ctx.version, '1.7.0') ? (c.publishedAt ?? c.insertedAt) : c.insertedAt),
      action_label: 'Review weekly check-in',
      path: `${companyPath(ctx)}/project-check-ins/${checkInId(c)}`,
      origin: projectOrigin(ctx, p),
      author_id: personId(author),
      author_name: author.fullName,
      description: null,
      task_status: null,
    })
  }
  return out
}

const RANK: Record<DueStatus, number> = { overdue: 0, due_today: 1, due_soon: 2, upcoming: 3, none: 4 }

/** Most urgent first, then earliest due. */
const compare = (a: Assignment, b: Assignment): number =>
  RANK[a.due_status] - RANK[b.due_status] || a.due_date.localeCompare(b.due_date)

function group(ctx: Ctx, items: Assignment[]): unknown[] {
  const typed = (name: string, v: object): object =>
    atLeast(ctx.version, '1.8.0') ? { __typename: name, ...v } : v
  const groups = new Map<string, Assignment[]>()
  for (const a of items) {
    const key = `${a.origin.type}:${a.origin.id}`
    groups.set(key, [...(groups.get(key) ?? []), a])
  }
  return [...groups.values()]
    .map((list) => list.sort(compare))
    .sort((a, b) => compare(a[0]!, b[0]!))
    .map((list) =>
      typed('assignment_group', {
        origin: typed('assignment_origin', list[0]!.origin),
        assignments: list.map((a) =>
          typed('assignment', { ...a, origin: typed('assignment_origin', a.origin) }),
        ),
      }),
    )
}

/**
 * 1.5.0 answers one flat list (`app/lib/operately_web/api/people/list_assignments.ex` and
 * `serializers/assigments.ex` at 1.5.0): no groups, no `due_date`/`due_status`/`due_status_label`,
 * in the order LoaderV2.load gathers them (`app/lib/operately/assignments/loader_v2.ex`, 1.5.0):
 * project check-ins owed, project check-ins to acknowledge, goal check-ins owed, goal check-ins to
 * acknowledge.
 */
function flatList(all: Assignment[]): unknown[] {
  const kind = (a: Assignment): number => (a.type === 'check_in' ? 0 : 2) + (a.role === 'owner' ? 0 : 1)
  return [...all]
    .sort((a, b) => kind(a) - kind(b))
    .map((a) => ({
      resource_id: a.resource_id,
      name: a.name,
      due: a.due,
      type: a.type,
      role: a.role,
      action_label: a.action_label,
      path: a.path,
      origin: a.origin,
      task_status: a.task_status,
      author_id: a.author_id,
      author_name: a.author_name,
      description: a.description,
    }))
}

export const listAssignments: Endpoint = {
  kind: 'query',
  inputs: () => ({}),
  handle: (ctx) => {
    const all = loadAssignments(ctx)
    if (!atLeast(ctx.version, '1.6.0')) return { assignments: flatList(all) }
    // From 1.6.0, grouped by urgency (`app/lib/operately/assignments/categorizer.ex`).
    const owner = all.filter((a) => a.role === 'owner')
    return {
      due_soon: group(
        ctx,
        owner.filter((a) => ['overdue', 'due_today', 'due_soon'].includes(a.due_status)),
      ),
      needs_review: group(
        ctx,
        all.filter((a) => a.role === 'reviewer'),
      ),
      upcoming: group(
        ctx,
        owner.filter((a) => ['upcoming', 'none'].includes(a.due_status)),
      ),
    }
  },
}

export const getAssignmentsCount: Endpoint = {
  kind: 'query',
  inputs: () => ({}),
  handle: (ctx) => ({ count: loadAssignments(ctx).length }),
}
