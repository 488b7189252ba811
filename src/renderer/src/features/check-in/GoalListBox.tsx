import { memo } from 'react'
import type { GoalSummary } from '@shared/domain/goals'
import type { DrawnRows } from '../../app/drawn-rows'
import { markedNow } from '../../app/marks-apart'
import { lastCheckInText, shortDueDateText } from './goal-display'
import { needsCheckIn } from './next-goal'
import { StatusBadge } from './StatusBadge'

/** The id of a goal's option, for the search box's aria-activedescendant. */
export const goalOptionId = (listId: string, goalId: string) => `${listId}-goal-${goalId}`

export interface GoalListBoxProps {
  list: DrawnRows<GoalSummary>
  listId: string
  activeId: string | null
  /** Edit rights said by the details of goals opened since the list was read (see useGoalDetailRights). */
  detailRights: ReadonlyMap<string, boolean>
  now: Date
  onOpen: (goalId: string) => void
  onHover: (goal: GoalSummary) => void
}

/**
 * The goals' list box, grouped as in the WAI-ARIA practices, with only the drawn options of each group in
 * it. Memoised on purpose: a key typed into the filter renders the search box at once and this list only
 * once the filter has caught up (after the key's frame), so a key's own frame never redraws the rows.
 */
export const GoalListBox = memo(function GoalListBox(props: GoalListBoxProps) {
  const { listId, activeId, detailRights, now, onOpen, onHover } = props
  const { listRef, rows, marked, drawn, totalSize, scrollMargin, measureElement, openGroup, canWrite } =
    props.list

  const goalRow = (goal: GoalSummary, position: number, setSize: number) => {
    const isActive = activeId === goal.id
    // Main works edit rights out for the list; a goal opened since has said so afresh in its detail.
    const canEdit = detailRights.get(goal.id) ?? markedNow(marked, goal).canEdit
    const viewOnly = !canWrite || canEdit === false
    const owed = goal.role !== null && !goal.isClosed && needsCheckIn(goal, now)
    return (
      <div
        id={goalOptionId(listId, goal.id)}
        role="option"
        aria-selected={isActive}
        aria-posinset={position}
        aria-setsize={setSize}
        className={['goal-row', isActive ? 'goal-row--active' : ''].filter(Boolean).join(' ')}
        onClick={() => onOpen(goal.id)}
        onMouseMove={() => onHover(goal)}
      >
        <span className="goal-row__name">
          {goal.name}
          {viewOnly ? <span className="goal-tag">View only</span> : null}
          {goal.isClosed ? <span className="goal-tag">Closed</span> : null}
        </span>
        {/* Named by all it shows (name, marks, status, dates): what is read is what is seen. */}
        <span className="goal-row__details">
          <StatusBadge status={goal.status} />
          <span>{shortDueDateText(goal.dueDate, now)}</span>
          <span className={owed ? 'goal-row__owed' : undefined}>
            {lastCheckInText(goal.lastCheckInAt, now)}
          </span>
        </span>
      </div>
    )
  }

  // Each drawn row sits where the whole list would put it; the group's label is a row of its own, shown
  // but not read (the group is named by aria-label, which holds however few of its rows are drawn).
  const drawnRow = (index: number, start: number) => {
    const row = rows[index]!
    return (
      <div
        key={row.key}
        data-index={index}
        ref={measureElement}
        className={
          row.kind === 'label' && index > 0 ? 'goal-list__row goal-list__row--later-label' : 'goal-list__row'
        }
        style={{ transform: `translateY(${start - scrollMargin}px)` }}
      >
        {row.kind === 'label' ? (
          <div role="presentation" aria-hidden="true" className="goal-group__label">
            {row.label}
          </div>
        ) : (
          goalRow(row.item, row.position, row.group === openGroup ? -1 : row.setSize)
        )}
      </div>
    )
  }

  const group = (key: string, label: string) =>
    rows.some((row) => row.kind === 'label' && row.group === key) ? (
      <div role="group" aria-label={label}>
        {drawn
          .filter((item) => rows[item.index]?.group === key)
          .map((item) => drawnRow(item.index, item.start))}
      </div>
    ) : null

  return (
    <div
      ref={listRef}
      id={listId}
      role="listbox"
      aria-label="Goals"
      aria-busy={props.list.partial || undefined}
      className="goal-list"
      style={{ height: totalSize }}
    >
      {group('mine', 'Your goals')}
      {group('others', 'Other goals')}
    </div>
  )
})
