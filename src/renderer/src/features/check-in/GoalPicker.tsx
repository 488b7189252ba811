import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import type { GoalDetail, GoalSummary } from '@shared/domain/goals'
import { useNavigation } from '../../app/navigation'
import { goalQueryKey, useGoals } from '../../bridge/goals'
import { useEditRightsOf } from '../../bridge/edit-rights'
import { useIdsInView } from '../../app/use-ids-in-view'
import { Button } from '../../ui/Button'
import { Freshness } from '../../ui/Freshness'
import { RefreshButton } from '../../ui/RefreshButton'
import { useRefreshKeys } from '../../app/use-refresh-keys'
import { ErrorAlert } from '../../ui/Notice'
import { errorTitle } from '../session/error-titles'
import { lastCheckInText, shortDueDateText } from './goal-display'
import { filterGoals, groupGoals, readGoalRef } from './goal-filter'
import { needsCheckIn } from './next-goal'
import { StatusBadge } from './StatusBadge'
import { Loading } from '../../ui/Loading'

/**
 * The list of goals to check in on: a search box that filters as you type and takes a pasted link or id,
 * and a list box under it (the box keeps focus; arrow keys move through the goals, Enter opens one).
 * Goals that cannot be checked in on (no edit access, or a read-only token) are marked from the start.
 */
export function GoalPicker({ canWrite }: { canWrite: boolean }) {
  const goals = useGoals()
  const queryClient = useQueryClient()
  const { navigate } = useNavigation()
  const id = useId()
  const listId = `${id}-goals`
  const input = useRef<HTMLInputElement>(null)
  const listBox = useRef<HTMLDivElement>(null)
  const [query, setQuery] = useState('')
  const [activeIndex, setActiveIndex] = useState(0)
  const [hint, setHint] = useState('')
  // Captured once per visit: "3 days ago" does not need to tick while the popup is open.
  const [now] = useState(() => new Date())

  const refresh = () => void goals.refetch()
  useRefreshKeys(refresh)

  const all = useMemo(() => goals.data?.goals ?? [], [goals.data])
  const { mine, others } = useMemo(() => groupGoals(filterGoals(all, query)), [all, query])
  const shown = useMemo(() => [...mine, ...others], [mine, others])
  const active = shown[Math.min(activeIndex, shown.length - 1)] ?? null
  const optionId = (goal: GoalSummary) => `${id}-goal-${goal.id}`

  // Edit rights the list could not settle are asked about for the rows on screen only (a read-only token
  // can edit nothing: nothing to ask).
  const inView = useIdsInView(listBox, shown)
  const unsettled = useMemo(() => {
    if (!canWrite) return []
    const byId = new Map(shown.map((goal) => [goal.id, goal]))
    return inView.filter((goalId) => byId.get(goalId)?.canEdit === null)
  }, [canWrite, inView, shown])
  useEditRightsOf('goals', unsettled)

  useEffect(() => {
    input.current?.focus({ preventScroll: true })
    input.current?.closest('main')?.scrollTo({ top: 0 })
  }, [])

  // The active row stays in view as the arrow keys move through a list longer than the popup.
  useEffect(() => {
    if (active) document.getElementById(`${id}-goal-${active.id}`)?.scrollIntoView({ block: 'nearest' })
  }, [active, id])

  const open = (goalId: string) => navigate({ section: 'check-ins', goalId })

  /** Opens what a pasted or typed text points at; true when it pointed at something. */
  const openRef = (text: string): boolean => {
    const ref = readGoalRef(text, all)
    if (ref.kind === 'goal') {
      open(ref.id)
      return true
    }
    if (ref.kind === 'other') {
      setHint('That is a link to a project. Paste a link to a goal, or type part of its name.')
      return true
    }
    return false
  }

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain')
    if (openRef(text)) event.preventDefault()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1
    const current = Math.min(activeIndex, last)
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        setActiveIndex(current >= last ? 0 : current + 1)
        break
      case 'ArrowUp':
        event.preventDefault()
        setActiveIndex(current <= 0 ? last : current - 1)
        break
      case 'Home':
      case 'End':
        if (shown.length === 0) break
        event.preventDefault()
        setActiveIndex(event.key === 'Home' ? 0 : last)
        break
      case 'Enter':
        event.preventDefault()
        if (active) open(active.id)
        else if (!openRef(query)) setHint('No goal matches. Try other words, or paste a link to the goal.')
        break
      case 'Escape':
        if (query !== '') {
          event.preventDefault()
          setQuery('')
          setActiveIndex(0)
        }
        break
    }
  }

  const onChange = (value: string) => {
    setHint('')
    setActiveIndex(0)
    // A whole link typed or dropped in (not only pasted) opens its goal too.
    if (value.includes('/goals/') && openRef(value)) return
    setQuery(value)
  }

  const row = (goal: GoalSummary) => {
    const isActive = active?.id === goal.id
    // Main works edit rights out for the list; a goal opened since has said so afresh in its detail.
    const canEdit = queryClient.getQueryData<GoalDetail>(goalQueryKey(goal.id))?.canEdit ?? goal.canEdit
    const viewOnly = !canWrite || canEdit === false
    const owed = goal.role !== null && !goal.isClosed && needsCheckIn(goal, now)
    return (
      <li
        key={goal.id}
        id={optionId(goal)}
        data-row-id={goal.id}
        role="option"
        aria-selected={isActive}
        className={['goal-row', isActive ? 'goal-row--active' : ''].filter(Boolean).join(' ')}
        onClick={() => open(goal.id)}
        onMouseMove={() => setActiveIndex(shown.indexOf(goal))}
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
      </li>
    )
  }

  // Grouped list box as in the WAI-ARIA practices: each group names itself with its first, presentational item.
  const group = (key: string, label: string, list: GoalSummary[]) =>
    list.length === 0 ? null : (
      <ul role="group" aria-labelledby={`${id}-${key}`} className="goal-group">
        <li id={`${id}-${key}`} role="presentation" className="goal-group__label">
          {label}
        </li>
        {list.map(row)}
      </ul>
    )

  return (
    <section className="goal-picker" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="visually-hidden">
        Goals
      </h1>
      <div className="goal-picker__search field__frame">
        <svg
          className="goal-picker__search-icon"
          viewBox="0 0 24 24"
          width="15"
          height="15"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m16 16 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          ref={input}
          className="field__input"
          type="search"
          role="combobox"
          aria-label="Filter goals"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active ? optionId(active) : undefined}
          aria-describedby={`${id}-hint`}
          placeholder="Filter goals, or paste a link"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => onChange(event.target.value)}
          onPaste={onPaste}
          onKeyDown={onKeyDown}
        />
      </div>
      <p id={`${id}-hint`} className="goal-picker__hint" role="status">
        {hint}
      </p>
      {goals.data ? (
        <div className="list-freshness">
          <Freshness read={goals.data} className="goal-picker__freshness" />
          <RefreshButton busy={goals.isRefetching} onRefresh={refresh} />
        </div>
      ) : null}

      {goals.isPending ? (
        <Loading what="Loading goals…" />
      ) : goals.isError ? (
        <div className="goal-picker__error">
          <ErrorAlert title={errorTitle(goals.error.kind)} message={goals.error.message} />
          <Button
            variant="secondary"
            busy={goals.isFetching}
            busyLabel="Loading…"
            onClick={() => void goals.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : all.length === 0 ? (
        <p className="goal-picker__empty">You cannot see any goals in this company yet.</p>
      ) : (
        <>
          <div ref={listBox} id={listId} role="listbox" aria-label="Goals" className="goal-list">
            {group('mine', 'Your goals', mine)}
            {group('others', 'Other goals', others)}
          </div>
          {shown.length === 0 ? (
            <p className="goal-picker__empty">No goal matches “{query.trim()}”.</p>
          ) : null}
        </>
      )}
    </section>
  )
}
