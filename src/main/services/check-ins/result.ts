import {
  checkInStatusSchema,
  type GoalCheckInResult,
  type ProjectCheckInResult,
} from '@shared/domain/check-ins'
import { fromServerContextualDate } from '@shared/domain/contextual-date'
import type { ChecklistItem } from '@shared/domain/goals'
import { sameId } from '@shared/ids'
import type { CheckIn, Goal, Project, TargetUpdate } from '../operately/types'
import type { PreparedCheckIn } from './body'
import type { PreparedProjectCheckIn } from './project-body'

/**
 * What the server recorded, for the result view. The create answer carries no goal (`goal: null`), and
 * ids inside `goal_target_updates` and `checklist` are canonical UUIDs while the goal's are short ids:
 * each entry is matched back to the goal (read just before sending) by id, then by position and name.
 */

export interface ResultContext {
  goal: Goal
  prepared: PreparedCheckIn
  webUrl: string | null
  recovered: boolean
}

type TargetChange = GoalCheckInResult['targetChanges'][number]

function matchTarget(goal: Goal, update: TargetUpdate) {
  return (
    (update.id ? goal.targets.find((t) => sameId(t.id, update.id!)) : undefined) ??
    goal.targets.find((t) => t.index === update.index && t.name === update.name) ??
    goal.targets.find((t) => t.name !== null && t.name === update.name)
  )
}

function targetChanges(checkIn: CheckIn, ctx: ResultContext): TargetChange[] {
  const { goal, prepared } = ctx
  if (checkIn.goal_target_updates.length === 0) {
    // The server did not say: show what was sent, against the values the goal had.
    return prepared.changedTargets.flatMap(({ id, value }) => {
      const target = goal.targets.find((t) => t.id === id)
      if (!target) return []
      return [
        {
          id,
          name: target.name ?? '',
          unit: target.unit,
          previousValue: target.value,
          value,
          from: target.from,
          to: target.to,
        },
      ]
    })
  }
  return [...checkIn.goal_target_updates]
    .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
    .map((u) => {
      const target = matchTarget(goal, u)
      const sent = target ? prepared.changedTargets.find((c) => c.id === target.id) : undefined
      return {
        id: target?.id ?? u.id ?? '',
        name: u.name ?? target?.name ?? '',
        unit: u.unit ?? target?.unit ?? null,
        // A server that leaves a value out: the goal as read just before sending, and what was sent, say.
        previousValue: u.previous_value ?? target?.value ?? null,
        value: u.value ?? sent?.value ?? target?.value ?? null,
        from: u.from ?? target?.from ?? null,
        to: u.to ?? target?.to ?? null,
      }
    })
    .filter((change) => change.value !== change.previousValue)
}

function checklist(checkIn: CheckIn, ctx: ResultContext): ChecklistItem[] {
  const sent = ctx.prepared.body.checklist ?? []
  if (checkIn.checklist.length === 0) return sent.map((item) => ({ ...item }))
  return [...checkIn.checklist]
    .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
    .flatMap((item, position) => {
      const known =
        (item.id ? sent.find((s) => sameId(s.id, item.id!)) : undefined) ??
        (item.id ? ctx.goal.checklist.find((c) => sameId(c.id, item.id!)) : undefined) ??
        sent.find((s) => s.name === item.name && s.index === item.index) ??
        sent.find((s) => s.name === item.name)
      const id = known?.id ?? item.id
      if (!id) return []
      return [
        {
          id,
          name: item.name ?? known?.name ?? '',
          completed: item.completed ?? known?.completed ?? false,
          index: Math.max(0, Math.round(item.index ?? position)),
        },
      ]
    })
}

/** The recorded items whose completion differs from the goal's own checks as read just before sending. */
function checklistChanges(recorded: ChecklistItem[], goal: Goal): GoalCheckInResult['checklistChanges'] {
  return recorded.flatMap((item) => {
    const before = goal.checklist.find((c) => sameId(c.id, item.id))
    if (!before || (before.completed ?? false) === item.completed) return []
    return [{ id: item.id, name: item.name, completed: item.completed }]
  })
}

const publicationStates = ['published', 'draft', 'scheduled'] as const
type PublicationState = (typeof publicationStates)[number]

/** How the server holds it: what it said, else what was asked of it (a server that says no state publishes). */
function stateOf(
  checkIn: CheckIn,
  prepared: { body: { post_as_draft?: boolean; scheduled_at?: string } },
): PublicationState {
  const said = publicationStates.find((s) => s === checkIn.state)
  if (said) return said
  if (prepared.body.post_as_draft) return 'draft'
  return prepared.body.scheduled_at ? 'scheduled' : 'published'
}

export function toCheckInResult(checkIn: CheckIn, ctx: ResultContext): GoalCheckInResult {
  const { goal, prepared } = ctx
  const status = checkInStatusSchema.safeParse(checkIn.status ?? prepared.body.status)
  const recordedChecklist = checklist(checkIn, ctx)
  return {
    id: checkIn.id,
    goalId: goal.id,
    goalName: goal.name ?? '',
    status: status.success ? status.data : null,
    previousStatus: goal.status,
    message: checkIn.message ?? prepared.body.content,
    insertedAt: checkIn.inserted_at ?? checkIn.published_at,
    targetChanges: targetChanges(checkIn, ctx),
    checklist: recordedChecklist,
    checklistChanges: checklistChanges(recordedChecklist, goal),
    // The check-in's timeframe is the goal's after it; when the server leaves it out, what was sent says.
    dueDate: checkIn.timeframe
      ? fromServerContextualDate(checkIn.timeframe.contextual_end_date)
      : prepared.expectedDueDate,
    previousDueDate: fromServerContextualDate(goal.timeframe?.contextual_end_date),
    changesKnown: true,
    webUrl: ctx.webUrl,
    recovered: ctx.recovered,
    state: stateOf(checkIn, prepared),
    scheduledAt: checkIn.scheduled_at ?? prepared.body.scheduled_at ?? null,
  }
}

/** A project check-in as the server recorded it: the parts a goal's result shares, without the goal's own. */
export function toProjectCheckInResult(
  checkIn: CheckIn,
  ctx: { project: Project; prepared: PreparedProjectCheckIn; webUrl: string | null; recovered: boolean },
): ProjectCheckInResult {
  const { project, prepared } = ctx
  const status = checkInStatusSchema.safeParse(checkIn.status ?? prepared.body.status)
  return {
    id: checkIn.id,
    projectId: project.id,
    projectName: project.name ?? '',
    status: status.success ? status.data : null,
    previousStatus: project.status,
    message: checkIn.message ?? prepared.body.description,
    insertedAt: checkIn.inserted_at ?? checkIn.published_at,
    changesKnown: true,
    webUrl: ctx.webUrl,
    recovered: ctx.recovered,
    state: stateOf(checkIn, prepared),
    scheduledAt: checkIn.scheduled_at ?? prepared.body.scheduled_at ?? null,
  }
}
