import { fromServerContextualDate } from '@shared/domain/contextual-date'
import type {
  ChecklistItem,
  GoalDetail,
  GoalSummary,
  SubscriberCandidate,
  Target,
} from '@shared/domain/goals'
import { comparableId, sameId } from '@shared/ids'
import type { Goal, GoalCheck, Target as RawTarget } from '../operately/types'
import { byNameThenId } from '@shared/by-name'

/**
 * Raw goals from the server → what the renderer sees. Every field may be missing on some server
 * (operately-api.md §7), so each has a sensible reading when it is.
 */

type Role = GoalSummary['role']

/** Champion wins when the person is both. */
export function roleOf(goal: Goal, personId: string): Role {
  if (goal.champion && sameId(goal.champion.id, personId)) return 'champion'
  if (goal.reviewer && sameId(goal.reviewer.id, personId)) return 'reviewer'
  return null
}

/** Targets and checklist items carry an `index`; when it is missing, their place in the list stands in. */
function byIndex<T extends { index: number | null }>(items: T[]): Array<T & { order: number }> {
  return items
    .map((item, position) => ({ ...item, order: item.index ?? position }))
    .sort((a, b) => a.order - b.order)
}

const wholeIndex = (order: number): number => Math.max(0, Math.round(order))

export function mapTargets(targets: RawTarget[]): Target[] {
  return byIndex(targets).map((t) => ({
    id: t.id,
    name: t.name ?? '',
    from: t.from,
    to: t.to,
    unit: t.unit,
    value: t.value,
    index: wholeIndex(t.order),
  }))
}

/** Exactly the four keys a check-in may send back for each item. */
export function mapChecklist(checks: GoalCheck[]): ChecklistItem[] {
  return byIndex(checks).map((c) => ({
    id: c.id,
    name: c.name ?? '',
    completed: c.completed ?? false,
    index: wholeIndex(c.order),
  }))
}

/**
 * Who may be notified of a check-in, a goal's or a project's. Not the author: the author is always
 * subscribed.
 */
export function subscriberCandidates(
  potential: Goal['potential_subscribers'],
  personId: string,
): SubscriberCandidate[] {
  const out: SubscriberCandidate[] = []
  // Each id decoded once (comparableId), never compared pair by pair with sameId: a goal of a company-wide
  // space lists the whole company, and 1,000 people compared so took main 1.4 s at every goal opened.
  // A blank id names nobody and equals no other (as sameId has it).
  const comparable = (id: string) => (id.trim() === '' ? null : comparableId(id))
  const author = comparable(personId)
  const seen = new Set<string>()
  for (const s of potential) {
    if (!s.person) continue
    const key = comparable(s.person.id)
    if (key !== null && (key === author || seen.has(key))) continue
    if (key !== null) seen.add(key)
    out.push({
      personId: s.person.id,
      fullName: s.person.full_name,
      title: s.person.title,
      role: s.role,
      isSubscribed: s.is_subscribed ?? false,
      alwaysNotified: s.priority ?? false,
    })
  }
  return out
}

/** When the goal was last checked in: the last check-in's publication, else its creation. */
function lastCheckInAt(goal: Goal): string | null {
  const last = goal.last_check_in
  return last ? (last.published_at ?? last.inserted_at) : null
}

/** `can_edit`, or `can_check_in` on a server that names it so; null when the server said neither. */
export function editPermission(goal: Pick<Goal, 'permissions'>): boolean | null {
  return goal.permissions?.['can_edit'] ?? goal.permissions?.['can_check_in'] ?? null
}

export function toGoalSummary(goal: Goal, personId: string): GoalSummary {
  return {
    id: goal.id,
    name: goal.name ?? '',
    status: goal.status,
    dueDate: fromServerContextualDate(goal.timeframe?.contextual_end_date),
    lastCheckInAt: lastCheckInAt(goal),
    role: roleOf(goal, personId),
    spaceName: goal.space?.name ?? null,
    isClosed: goal.is_closed ?? false,
    canEdit: editPermission(goal),
  }
}

/**
 * `canEdit` in the detail: the server's `can_edit`. A server that sends no permissions at all is not
 * taken as a refusal: the user may try, and a real refusal comes back as a clear 403.
 */
export function toGoalDetail(goal: Goal, personId: string, webUrl: string | null): GoalDetail {
  return {
    ...toGoalSummary(goal, personId),
    canEdit: editPermission(goal) ?? true,
    targets: mapTargets(goal.targets),
    checklist: mapChecklist(goal.checklist),
    potentialSubscribers: subscriberCandidates(goal.potential_subscribers, personId),
    championName: goal.champion?.full_name ?? null,
    reviewerName: goal.reviewer?.full_name ?? null,
    webUrl,
  }
}

/** The person's own goals (champion or reviewer) first, then the rest; each group by name. */
export function sortGoals(goals: GoalSummary[]): GoalSummary[] {
  const mine = goals.filter((g) => g.role !== null).sort(byNameThenId)
  const rest = goals.filter((g) => g.role === null).sort(byNameThenId)
  return [...mine, ...rest]
}
