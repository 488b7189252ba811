import type { AssignmentsView, InboxItem, InboxItemKind } from '@shared/domain/assignments'
import { comparableId } from '@shared/ids'

/**
 * What the inbox shows, worked out from main's view: pure, so every rule here is tested without a DOM.
 * How fresh the lists are is said by the app-wide freshness line (ui/freshness.ts).
 */

const pad = (n: number) => String(n).padStart(2, '0')

const kindLabels: Record<InboxItemKind, string> = {
  goal_check_in: 'Goal check-in',
  project_check_in: 'Project check-in',
  goal_retrospective: 'Goal retrospective',
  project_retrospective: 'Project retrospective',
  milestone: 'Milestone',
  project_task: 'Task',
  space_task: 'Task',
  other: 'Assignment',
}

/** What an item is, in a few words: "Project check-in", "Milestone". */
export const kindLabel = (kind: InboxItemKind): string => kindLabels[kind]

/** What a reviewer is asked to do with an item. */
export const reviewLabel = (kind: InboxItemKind): string =>
  kind === 'goal_check_in' || kind === 'project_check_in'
    ? `${kindLabels[kind]} to acknowledge`
    : `${kindLabels[kind]} to review`

const localDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000)

/**
 * How long something has waited for the person's review, counted from its date (when the check-in was
 * published): "Waiting since today", "Waiting since yesterday", "Waiting 3 days". Null when that is
 * unknown or in the future, and the item's own due label says it better.
 */
export function waitingText(dueDate: string | null, now: Date): string | null {
  if (!dueDate || !/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) return null
  const days = dayNumber(localDate(now)) - dayNumber(dueDate)
  if (Number.isNaN(days) || days < 0) return null
  if (days === 0) return 'Waiting since today'
  if (days === 1) return 'Waiting since yesterday'
  return `Waiting ${days} days`
}

/** The name an item goes by in the inbox: its goal's or project's name, else its own title. */
export const itemName = (item: Pick<InboxItem, 'originName' | 'title'>): string =>
  item.originName.trim() || item.title

export type GoalGroupKey = keyof AssignmentsView['goalCheckIns']

export const goalGroupTitles: Record<GoalGroupKey, string> = {
  overdue: 'Overdue',
  today: 'Due today',
  thisWeek: 'This week',
  later: 'Later',
}

const goalGroupOrder: GoalGroupKey[] = ['overdue', 'today', 'thisWeek', 'later']

/** The goal check-in groups that have something in them, most urgent first. */
export function goalGroups(
  view: Pick<AssignmentsView, 'goalCheckIns'>,
): Array<{ key: GoalGroupKey; title: string; items: InboxItem[] }> {
  return goalGroupOrder
    .map((key) => ({ key, title: goalGroupTitles[key], items: view.goalCheckIns[key] }))
    .filter((group) => group.items.length > 0)
}

/**
 * The goals the weekly round visits: every goal check-in due by the end of this week (overdue, today,
 * this week), most urgent first, each goal once.
 */
export function roundGoalIds(view: Pick<AssignmentsView, 'goalCheckIns'>): string[] {
  const { overdue, today, thisWeek } = view.goalCheckIns
  const ids: string[] = []
  // Each id decoded once (comparableId): hundreds of goals due, compared pair by pair with sameId, cost
  // a tenth of a second at every render of the inbox and of each check-in form.
  const seen = new Set<string>()
  for (const item of [...overdue, ...today, ...thisWeek]) {
    if (!item.goalId) continue
    // A blank id names nothing and equals no other (as sameId has it): kept as it comes.
    if (item.goalId.trim() === '') {
      ids.push(item.goalId)
      continue
    }
    const key = comparableId(item.goalId)
    if (seen.has(key)) continue
    seen.add(key)
    ids.push(item.goalId)
  }
  return ids
}

/** Nothing owed, nothing to review, nothing else. */
export function isInboxEmpty(view: Pick<AssignmentsView, 'goalCheckIns' | 'toReview' | 'other'>): boolean {
  const { overdue, today, thisWeek, later } = view.goalCheckIns
  return [overdue, today, thisWeek, later, view.toReview, view.other].every((list) => list.length === 0)
}
