import type { CheckInReview } from '@shared/domain/reviews'
import { sameId } from '@shared/ids'
import { toPastCheckIn } from '../check-in-history/map-check-in'
import type { Goal, GoalCheckInRead, Person, Project, ProjectCheckInRead } from '../operately/types'

/** A review as kept and answered, before its freshness is added. */
export type ReviewRecord = Omit<CheckInReview, 'fetchedAt' | 'fromCache' | 'lastError'>

/** Who is asking, and whether their token may write. */
export interface Reader {
  personId: string
  canWrite: boolean
}

export const READ_ONLY =
  'This API token can only read, so the app cannot acknowledge check-ins with it. In Operately, open Account → API tokens, create a token that is allowed to make changes (not read-only), and sign in again with it.'

const named = (person: Person | null | undefined): string | null => person?.full_name ?? null

function alreadyAcknowledged(by: string | null): string {
  return by ? `This check-in is already acknowledged, by ${by}.` : 'This check-in is already acknowledged.'
}

const AUTHOR = 'You wrote this check-in: Operately does not let authors acknowledge their own check-ins.'

/**
 * Operately's rule for offering "Acknowledge this Check-In" (GoalCheckInPage/AckCTA.tsx and
 * ProjectCheckInPage/AckCTA.tsx, 1.8.0; goals' `can_acknowledge` before 1.8.0), in words; null when the
 * person may acknowledge it. Roles that could not be read do not refuse: the server has the last word.
 */
export function cannotAcknowledge(input: {
  kind: 'goal' | 'project'
  reader: Reader
  acknowledgedAt: string | null
  acknowledgedBy: string | null
  state: string | null
  authorId: string | null
  championId: string | null
  reviewerId: string | null
  reviewerName: string | null
  /** Edit access to the goal or project (null: not said). */
  canEdit: boolean | null
  /** A goal check-in's own `permissions.can_acknowledge` (null: not said). */
  canAcknowledge: boolean | null
}): string | null {
  const { kind, reader } = input
  const me = (id: string | null) => id !== null && sameId(id, reader.personId)
  if (input.acknowledgedAt) return alreadyAcknowledged(input.acknowledgedBy)
  if (input.state !== null && input.state !== 'published') {
    return 'This check-in is not published yet, so it cannot be acknowledged.'
  }
  if (!reader.canWrite) return READ_ONLY
  if (me(input.authorId)) return AUTHOR
  const reviewer = input.reviewerName ? `its reviewer, ${input.reviewerName}` : 'its reviewer'
  if (kind === 'goal') {
    if (input.reviewerId !== null || input.championId !== null) {
      const allowed =
        me(input.reviewerId) ||
        (me(input.championId) && input.authorId !== null && sameId(input.authorId, input.reviewerId ?? ''))
      if (!allowed) {
        return `Only the goal’s reviewer acknowledges its check-ins (${reviewer}; or its champion, when the reviewer wrote the check-in).`
      }
    }
    if (input.canAcknowledge === false || input.canEdit === false) {
      return 'Operately does not let you acknowledge this check-in: it asks for edit access to the goal.'
    }
    return null
  }
  if (input.reviewerId !== null || input.championId !== null) {
    if (!me(input.reviewerId) && !me(input.championId)) {
      return `Only the project’s reviewer or champion acknowledges its check-ins (${reviewer}).`
    }
  }
  if (input.canEdit === false) {
    return 'You can see this project but may not edit it, and Operately asks for edit access to acknowledge its check-ins.'
  }
  return null
}

const acknowledgerName = (by: Person | null, at: string | null): string | null =>
  at === null ? null : named(by)

/** A goal's check-in as the reviewer's screen shows it; `goal` read with its roles and permissions. */
export function toGoalReview(
  c: GoalCheckInRead,
  goal: Goal | null,
  reader: Reader,
  webUrl: string | null,
): ReviewRecord {
  const past = toPastCheckIn(c, null)
  const subject = goal ?? c.goal
  const acknowledgedBy = acknowledgerName(c.acknowledging_person, c.acknowledged_at)
  return {
    kind: 'goal',
    checkInId: c.id,
    subjectId: subject?.id ?? '',
    subjectName: subject?.name ?? 'A goal',
    status: c.status,
    author: past.author,
    publishedAt: c.published_at ?? c.inserted_at,
    message: c.message,
    targets: past.targets,
    checklist: past.checklist,
    acknowledgedAt: c.acknowledged_at,
    acknowledgedBy,
    webUrl,
    cannotAcknowledge: cannotAcknowledge({
      kind: 'goal',
      reader,
      acknowledgedAt: c.acknowledged_at,
      acknowledgedBy,
      state: c.state,
      authorId: c.author?.id ?? null,
      championId: subject?.champion?.id ?? null,
      reviewerId: subject?.reviewer?.id ?? null,
      reviewerName: named(subject?.reviewer),
      canEdit: subject?.permissions?.can_edit ?? null,
      canAcknowledge: c.permissions?.can_acknowledge ?? null,
    }),
  }
}

/** A project's check-in as the reviewer's screen shows it. */
export function toProjectReview(
  c: ProjectCheckInRead,
  project: Project | null,
  reader: Reader,
  webUrl: string | null,
): ReviewRecord {
  const subject = project ?? c.project
  const acknowledgedBy = acknowledgerName(c.acknowledged_by, c.acknowledged_at)
  return {
    kind: 'project',
    checkInId: c.id,
    subjectId: subject?.id ?? '',
    subjectName: subject?.name ?? 'A project',
    status: c.status,
    author: c.author ? { id: c.author.id, name: c.author.full_name } : null,
    publishedAt: c.published_at ?? c.inserted_at,
    message: c.description,
    targets: [],
    checklist: [],
    acknowledgedAt: c.acknowledged_at,
    acknowledgedBy,
    webUrl,
    cannotAcknowledge: cannotAcknowledge({
      kind: 'project',
      reader,
      acknowledgedAt: c.acknowledged_at,
      acknowledgedBy,
      state: c.state,
      authorId: c.author?.id ?? null,
      championId: subject?.champion?.id ?? null,
      reviewerId: subject?.reviewer?.id ?? null,
      reviewerName: named(subject?.reviewer),
      canEdit: subject?.permissions?.can_edit ?? null,
      canAcknowledge: null,
    }),
  }
}
