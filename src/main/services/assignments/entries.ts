import { z } from 'zod'
import {
  inboxItemKinds,
  inboxItemRoles,
  inboxReviewSchema,
  type InboxItemKind,
  type InboxItemRole,
} from '@shared/domain/assignments'
import type { Assignment, AssignmentOrigin, Assignments } from '../operately/schemas'

/**
 * One assignment from `people/list_assignments`, reduced to what the inbox needs and independent of the
 * clock: the grouping (overdue, today…) is computed from it whenever the inbox is read, so a list
 * fetched yesterday is still shown on today's calendar. This is also the shape kept on disk.
 */
export const inboxEntrySchema = z
  .object({
    id: z.string(),
    kind: z.enum(inboxItemKinds),
    role: z.enum(inboxItemRoles),
    goalId: z.string().nullable(),
    projectId: z.string().nullable().default(null),
    review: inboxReviewSchema.nullable().default(null),
    title: z.string(),
    originName: z.string(),
    /** The server's due value as sent: a `YYYY-MM-DD` date or an ISO timestamp (see calendarDateOf). */
    due: z.string().nullable(),
    webUrl: z.string().nullable(),
  })
  .strict()
export type InboxEntry = z.infer<typeof inboxEntrySchema>

const kindOfType: Record<string, InboxItemKind> = {
  goal_update: 'goal_check_in',
  check_in: 'project_check_in',
  goal_retrospective: 'goal_retrospective',
  project_retrospective: 'project_retrospective',
  milestone: 'milestone',
  project_task: 'project_task',
  space_task: 'space_task',
}

const roleOf = (role: string | null): InboxItemRole =>
  role === 'owner' || role === 'reviewer' ? role : 'other'

const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim()
  return trimmed ? trimmed : null
}

/**
 * A page on the signed-in server from a path the server sent. Only a path on that server is accepted:
 * a full URL or a protocol-relative `//host/…` could point anywhere, and "Open in Operately" must never
 * send the user to another site.
 */
export function webUrlOn(baseUrl: string, path: string | null): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null
  try {
    const base = new URL(baseUrl)
    const url = new URL(path, base)
    return url.origin === base.origin ? url.href : null
  } catch {
    return null
  }
}

function goalIdOf(
  assignment: Assignment,
  origin: AssignmentOrigin | null,
  kind: InboxItemKind,
): string | null {
  if (origin?.type === 'goal' && text(origin.id)) return text(origin.id)
  // A goal check-in you owe is the goal itself (its resource id is the goal's id).
  if (kind === 'goal_check_in' && assignment.role === 'owner') return assignment.resource_id
  return null
}

/** A check-in to acknowledge: on a reviewer's row the resource id is the check-in's own (operately-api.md §6). */
function reviewOf(assignment: Assignment, kind: InboxItemKind): InboxEntry['review'] {
  if (assignment.role !== 'reviewer') return null
  if (kind === 'goal_check_in') return { kind: 'goal', checkInId: assignment.resource_id }
  if (kind === 'project_check_in') return { kind: 'project', checkInId: assignment.resource_id }
  return null
}

/** A project check-in you owe is the project itself (its resource id is the project's id). */
function projectIdOf(assignment: Assignment, kind: InboxItemKind): string | null {
  return kind === 'project_check_in' && assignment.role === 'owner' ? assignment.resource_id : null
}

function entryOf(assignment: Assignment, groupOrigin: AssignmentOrigin | null, baseUrl: string): InboxEntry {
  const origin = assignment.origin ?? groupOrigin
  const kind = kindOfType[assignment.type ?? ''] ?? 'other'
  const role = roleOf(assignment.role)
  const originName = text(origin?.name) ?? ''
  return {
    id: `${kind}:${role}:${assignment.resource_id}`,
    kind,
    role,
    goalId: goalIdOf(assignment, origin, kind),
    projectId: projectIdOf(assignment, kind),
    review: reviewOf(assignment, kind),
    title: text(assignment.name) ?? text(assignment.action_label) ?? (originName || 'Untitled assignment'),
    originName,
    // `due_date` is the calendar date; `due` the same moment as a timestamp. Either may be missing.
    due: text(assignment.due_date) ?? text(assignment.due),
    webUrl: webUrlOn(baseUrl, text(assignment.path)) ?? webUrlOn(baseUrl, text(origin?.path)),
  }
}

/** Every assignment in the server's three groups, once each, in the server's order. */
export function toInboxEntries(server: Assignments, baseUrl: string): InboxEntry[] {
  const seen = new Set<string>()
  const out: InboxEntry[] = []
  for (const group of [...server.due_soon, ...server.needs_review, ...server.upcoming]) {
    for (const assignment of group.assignments) {
      const entry = entryOf(assignment, group.origin, baseUrl)
      if (seen.has(entry.id)) continue
      seen.add(entry.id)
      out.push(entry)
    }
  }
  return out
}
