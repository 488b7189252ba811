import type { CheckInKind, CheckInSubject } from '@shared/domain/check-ins'
import type { ContextualDate } from '@shared/domain/contextual-date'
import type { ChecklistItem, GoalDetail, SubscriberCandidate, Target } from '@shared/domain/goals'
import type { ProjectCheckInDetail } from '@shared/domain/projects'

/**
 * What the check-in form is written for, a goal or a project, as the form reads it: what both kinds
 * show (status, champion and reviewer, who may be notified) and the goal's own parts, which a project
 * does not have (empty for it). One form, one draft format and one submission path serve both.
 */
export interface CheckInFormSubject {
  kind: CheckInKind
  id: string
  name: string
  status: string | null
  canEdit: boolean
  championName: string | null
  reviewerName: string | null
  potentialSubscribers: SubscriberCandidate[]
  dueDate: ContextualDate | null
  targets: Target[]
  checklist: ChecklistItem[]
  /** A project's next check-in due (ISO-8601), as the server says; null for goals or when unknown. */
  nextCheckInDue: string | null
}

export const goalSubject = (goal: GoalDetail): CheckInFormSubject => ({
  kind: 'goal',
  id: goal.id,
  name: goal.name,
  status: goal.status,
  canEdit: goal.canEdit,
  championName: goal.championName,
  reviewerName: goal.reviewerName,
  potentialSubscribers: goal.potentialSubscribers,
  dueDate: goal.dueDate,
  targets: goal.targets,
  checklist: goal.checklist,
  nextCheckInDue: null,
})

export const projectSubject = (project: ProjectCheckInDetail): CheckInFormSubject => ({
  kind: 'project',
  id: project.id,
  name: project.name,
  status: project.status,
  canEdit: project.canEdit,
  championName: project.championName,
  reviewerName: project.reviewerName,
  potentialSubscribers: project.potentialSubscribers,
  dueDate: null,
  targets: [],
  checklist: [],
  nextCheckInDue: project.nextCheckInDue,
})

export const refOf = (subject: Pick<CheckInFormSubject, 'kind' | 'id'>): CheckInSubject => ({
  kind: subject.kind,
  id: subject.id,
})
