import { isProjectResult, type CheckInResult } from '@shared/domain/check-ins'
import type { ContextualDate } from '@shared/domain/contextual-date'
import { dueDateText, statusDisplay } from './goal-display'
import { formatNumberIn } from './number-text'
import type { NumberLocale } from './number-conventions'

/**
 * What a check-in changed, as the server recorded it, one line per thing: the status, the due date, each
 * target (old → new) and each checklist item whose completion changed. Status and due date are always
 * said, changed or not, since a reviewer reads them first; targets and items only when they moved.
 */
export interface ChangeLine {
  kind: 'status' | 'due' | 'target' | 'check'
  /** What changed: "Status", "Due date", a target's or an item's name. */
  what: string
  /** How it was; null when it is the same as `to`. */
  from: string | null
  to: string
  /** For status lines: the two statuses, so the view can colour them. */
  statuses?: { from: string | null; to: string | null }
}

const sameDate = (a: ContextualDate | null, b: ContextualDate | null): boolean =>
  a === null || b === null ? a === b : a.date === b.date && a.dateType === b.dateType

const dayText = (due: ContextualDate | null): string => dueDateText(due).replace(/^Due /, '')

export function changeLines(result: CheckInResult, locale: NumberLocale): ChangeLine[] {
  const lines: ChangeLine[] = []
  const status = statusDisplay(result.status).label
  lines.push({
    kind: 'status',
    what: 'Status',
    from: result.previousStatus === result.status ? null : statusDisplay(result.previousStatus).label,
    to: status,
    statuses: { from: result.previousStatus, to: result.status },
  })
  // A project check-in records its status and message only: the goal's own parts follow for goals.
  if (isProjectResult(result)) return lines
  const dueChanged = !sameDate(result.previousDueDate, result.dueDate)
  lines.push({
    kind: 'due',
    what: 'Due date',
    from: dueChanged ? dayText(result.previousDueDate) : null,
    to: result.dueDate ? dayText(result.dueDate) : 'No due date',
  })
  for (const target of result.targetChanges) {
    const unit = target.unit ? ` ${target.unit}` : ''
    const number = (value: number | null) =>
      value === null ? '–' : `${formatNumberIn(value, locale)}${unit}`
    lines.push({
      kind: 'target',
      what: target.name,
      from: number(target.previousValue),
      to: number(target.value),
    })
  }
  for (const item of result.checklistChanges) {
    lines.push({
      kind: 'check',
      what: item.name,
      from: item.completed ? 'Not done' : 'Done',
      to: item.completed ? 'Done' : 'Not done',
    })
  }
  return lines
}
