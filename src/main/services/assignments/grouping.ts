import type { GoalCheckInGroups, InboxItem } from '@shared/domain/assignments'
import type { Assignments } from '../operately/schemas'
import { calendarDateOf, daysBetween, endOfIsoWeek, isoWeekday, localDate } from './calendar'
import { toInboxEntries, type InboxEntry } from './entries'

/**
 * Groups what the person owes on their own calendar.
 *
 * Dates: Operately treats due dates as calendar dates (stored as UTC midnight). A goal due `2026-12-01`
 * is due on December 1st wherever the user is, so the due date is compared with the user's LOCAL
 * calendar date, not with the instant 2026-12-01T00:00Z. On the evening of November 30th in Los Angeles
 * (UTC−8) that instant has passed, yet the check-in is due tomorrow, not today; in Auckland (UTC+13) on
 * the morning of December 1st it is due today although the instant is still ahead. Operately's server
 * starts listing a goal check-in once the UTC instant passes, so near midnight the inbox can hold an item
 * whose day has not come locally: it is grouped by its calendar date ("This week", "Due tomorrow").
 */

export interface GroupingContext {
  /** Milliseconds since the epoch: the clock. */
  now: number
  /** IANA time zone of the user, e.g. `America/New_York`. */
  timeZone: string
}

export interface InboxGroups {
  goalCheckIns: GoalCheckInGroups
  toReview: InboxItem[]
  other: InboxItem[]
  dueNowCount: number
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

/** Operately marks a late check-in outdated from the third day after its due day. */
export const OUTDATED_AFTER_DAYS = 3

/** "Overdue by 2 days", "Due today", "Due tomorrow", "Due Friday" (within six days), "Due Mar 5[, 2027]". */
export function dueLabel(dueDate: string | null, today: string): string {
  if (!dueDate) return 'No due date'
  const days = daysBetween(today, dueDate)
  if (days < 0) return days === -1 ? 'Overdue by 1 day' : `Overdue by ${-days} days`
  if (days === 0) return 'Due today'
  if (days === 1) return 'Due tomorrow'
  if (days < 7) return `Due ${WEEKDAYS[isoWeekday(dueDate)]}`
  const [year, month, day] = dueDate.split('-').map(Number) as [number, number, number]
  const sameYear = dueDate.slice(0, 4) === today.slice(0, 4)
  return `Due ${MONTHS[month - 1]} ${day}${sameYear ? '' : `, ${year}`}`
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

/** By due date (undated last), then by the goal's (or project's) name, then by title. */
function compareItems(a: InboxItem, b: InboxItem): number {
  if (a.dueDate !== b.dueDate) {
    if (a.dueDate === null) return 1
    if (b.dueDate === null) return -1
    return a.dueDate < b.dueDate ? -1 : 1
  }
  return (
    collator.compare(a.originName, b.originName) ||
    collator.compare(a.title, b.title) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  )
}

function itemOf(entry: InboxEntry, today: string, timeZone: string): InboxItem {
  const dueDate = calendarDateOf(entry.due, timeZone)
  return {
    id: entry.id,
    kind: entry.kind,
    goalId: entry.goalId,
    projectId: entry.projectId,
    review: entry.review,
    title: entry.title,
    originName: entry.originName,
    dueDate,
    dueLabel: dueLabel(dueDate, today),
    role: entry.role,
    isOutdated:
      entry.role === 'owner' && dueDate !== null && daysBetween(dueDate, today) >= OUTDATED_AFTER_DAYS,
    webUrl: entry.webUrl,
  }
}

/** Goal check-ins you must write: Operately's `goal_update` assignments with the `owner` role. */
export const isOwedGoalCheckIn = (entry: Pick<InboxEntry, 'kind' | 'role'>): boolean =>
  entry.kind === 'goal_check_in' && entry.role === 'owner'

export function groupEntries(
  entries: readonly InboxEntry[],
  { now, timeZone }: GroupingContext,
): InboxGroups {
  const today = localDate(now, timeZone)
  const weekEnd = endOfIsoWeek(today)
  const groups: InboxGroups = {
    goalCheckIns: { overdue: [], today: [], thisWeek: [], later: [] },
    toReview: [],
    other: [],
    dueNowCount: 0,
  }
  for (const entry of entries) {
    const item = itemOf(entry, today, timeZone)
    if (isOwedGoalCheckIn(entry)) {
      const due = item.dueDate
      if (due !== null && due < today) groups.goalCheckIns.overdue.push(item)
      else if (due === today) groups.goalCheckIns.today.push(item)
      else if (due !== null && due <= weekEnd) groups.goalCheckIns.thisWeek.push(item)
      else groups.goalCheckIns.later.push(item)
    } else if (entry.role === 'reviewer') {
      groups.toReview.push(item)
    } else {
      groups.other.push(item)
    }
  }
  for (const list of [
    groups.goalCheckIns.overdue,
    groups.goalCheckIns.today,
    groups.goalCheckIns.thisWeek,
    groups.goalCheckIns.later,
    groups.toReview,
    groups.other,
  ]) {
    list.sort(compareItems)
  }
  groups.dueNowCount = groups.goalCheckIns.overdue.length + groups.goalCheckIns.today.length
  return groups
}

/**
 * The server's `{due_soon, needs_review, upcoming}` groups → the inbox's groups on the user's calendar.
 * `baseUrl` is the signed-in server, for the items' web links.
 */
export function groupAssignments(
  server: Assignments,
  context: GroupingContext & { baseUrl: string },
): InboxGroups {
  return groupEntries(toInboxEntries(server, context.baseUrl), context)
}
