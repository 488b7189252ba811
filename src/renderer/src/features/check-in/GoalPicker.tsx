import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react'
import type { GoalSummary } from '@shared/domain/goals'
import { isComposing } from '../../app/composing'
import { useNavigation } from '../../app/navigation'
import { restToCome, useGoals } from '../../bridge/long-lists'
import { listRows } from '../../app/list-rows'
import { useDrawnRowsRights } from '../../app/use-drawn-rights'
import { keptWithList } from '../../app/kept-with-list'
import { useMarksApart } from '../../app/marks-apart'
import { useDrawnRows } from '../../app/drawn-rows'
import { useValueAfterPaint } from '../../app/use-after-paint'
import { useMainVirtualizer } from '../../app/use-main-virtualizer'
import { usePreparedSearch } from '../../app/use-prepared-search'
import { Button } from '../../ui/Button'
import { Freshness } from '../../ui/Freshness'
import { RefreshButton } from '../../ui/RefreshButton'
import { useRefreshKeys } from '../../app/use-refresh-keys'
import { ErrorAlert } from '../../ui/Notice'
import { errorTitle } from '../session/error-titles'
import { filterGoals, groupGoals, readGoalRef } from './goal-filter'
import { GoalListBox, goalOptionId } from './GoalListBox'
import { useGoalDetailRights } from './goal-detail-rights'
import { Loading } from '../../ui/Loading'

/**
 * The list of goals to check in on: a search box that filters as you type and takes a pasted link or id,
 * and a list box under it (the box keeps focus; arrow keys move through the goals, Enter opens one).
 * Goals that cannot be checked in on (no edit access, or a read-only token) are marked from the start.
 */
export function GoalPicker({ canWrite }: { canWrite: boolean }) {
  const goals = useGoals()
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
  // The first screen of a long list, shown while the rest is on its way (a few hundred milliseconds).
  const partial = restToCome(goals.data)
  // Meanwhile the group the first screen ends in goes on beyond it (the person's own goals come first, so
  // an earlier group is whole): its size is not known yet, and aria-setsize says so (-1).
  const openGroup = partial ? (all.at(-1)?.role === null ? 'others' : 'mine') : null
  // Laid out again only when more than the edit marks changed: the rows read their marks as they are now.
  const { laidOut, marked } = useMarksApart(all)
  usePreparedSearch(laidOut)
  const detailRights = useGoalDetailRights()
  // The list follows the typing once the key has shown, in a render React drops if another key comes:
  // keys are never held up by re-filtering and re-drawing thousands of goals.
  const shownQuery = useValueAfterPaint(query)
  const { shown, rows, rowOfItem } = useMemo(
    () => keptWithList(kept, laidOut, shownQuery, () => layOut(laidOut, shownQuery)),
    [laidOut, shownQuery],
  )
  // The active goal is kept by its id through a list read again (Refresh, the popup shown again, the rest
  // of a long list): a goal added or gone above it must move neither the highlight nor Enter to another.
  const [followed, setFollowed] = useState({ shown, query: shownQuery })
  if (followed.shown !== shown) {
    if (followed.query === shownQuery) {
      const was = followed.shown[Math.min(activeIndex, followed.shown.length - 1)]
      const at = was ? shown.findIndex((goal) => goal.id === was.id) : -1
      if (at !== -1 && at !== activeIndex) setActiveIndex(at)
    }
    setFollowed({ shown, query: shownQuery })
  }
  const activeAt = Math.min(activeIndex, shown.length - 1)
  const active = shown[activeAt] ?? null
  const activeRow = active ? rowOfItem[activeAt]! : null

  // Only the rows on screen are drawn; the active one always is, for aria-activedescendant.
  // Kept while the rows stay the same: a new function makes the virtualizer place every row again.
  const estimateSize = useCallback((index: number) => (rows[index]?.kind === 'label' ? 24 : 58), [rows])
  const getItemKey = useCallback((index: number) => rows[index]!.key, [rows])
  const virtualizer = useMainVirtualizer({
    list: listBox,
    count: rows.length,
    estimateSize,
    getItemKey,
    keep: activeRow,
  })
  const list = useDrawnRows(virtualizer, { listRef: listBox, rows, marked, openGroup, partial, canWrite })
  useDrawnRowsRights('goals', list)

  useEffect(() => {
    input.current?.focus({ preventScroll: true })
    input.current?.closest('main')?.scrollTo({ top: 0 })
  }, [])

  // The active row stays in view as the arrow keys move through a list longer than the popup (the first
  // goal of a group brings the group's label along).
  const activeId = active?.id
  const activeRowData = activeRow === null ? undefined : rows[activeRow]
  const scrollTarget =
    activeRow === null
      ? null
      : activeRowData?.kind === 'item' && activeRowData.position === 1
        ? activeRow - 1
        : activeRow
  // Only when the active goal moves: an answer about edit rights redraws the rows, and must not pull the
  // list back from where the wheel took it.
  useEffect(() => {
    if (scrollTarget !== null) virtualizer.scrollToIndex(scrollTarget, { align: 'auto' })
  }, [scrollTarget, activeId, virtualizer])

  // Kept from render to render, like the rows: the list box is memoised, and redraws only when they change.
  const open = useCallback((goalId: string) => navigate({ section: 'check-ins', goalId }), [navigate])
  const hover = useCallback((goal: GoalSummary) => setActiveIndex(shown.indexOf(goal)), [shown])

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
    // Keys act on what is typed, even before the list has caught up with it; worked out only for the keys
    // that move or open (a letter typed must not filter the whole list once more before it shows).
    if (!listKeys.has(event.key) || isComposing(event)) return
    const now = shownQuery === query ? shown : layOut(laidOut, query).shown
    const last = now.length - 1
    const current = Math.min(activeIndex, last)
    // The first screen of a long list, the rest on its way: its last goal is not the list's last, so the
    // keys that reach for the end (End, wrapping round either way) wait for the rest instead.
    const stillReading = () =>
      setHint('Still reading the rest of the goals. Press the key again in a moment.')
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (partial && current >= last) stillReading()
        else setActiveIndex(current >= last ? 0 : current + 1)
        break
      case 'ArrowUp':
        event.preventDefault()
        if (partial && current <= 0) stillReading()
        else setActiveIndex(current <= 0 ? last : current - 1)
        break
      case 'Home':
      case 'End':
        if (now.length === 0) break
        event.preventDefault()
        if (partial && event.key === 'End') stillReading()
        else setActiveIndex(event.key === 'Home' ? 0 : last)
        break
      case 'Enter':
        event.preventDefault()
        if (now[current]) open(now[current].id)
        else if (!openRef(query))
          setHint(
            partial
              ? 'Still reading the rest of the goals. Press Enter again in a moment.'
              : 'No goal matches. Try other words, or paste a link to the goal.',
          )
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
          aria-activedescendant={active ? goalOptionId(listId, active.id) : undefined}
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
          <GoalListBox
            list={list}
            listId={listId}
            activeId={active?.id ?? null}
            detailRights={detailRights}
            now={now}
            onOpen={open}
            onHover={hover}
          />
          {shown.length === 0 ? (
            <p className="goal-picker__empty">
              {partial ? 'Looking through all the goals…' : `No goal matches “${shownQuery.trim()}”.`}
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}

/** The goals matching a query in the order shown (the person's own first), and the list's rows. */
function layOut(all: GoalSummary[], query: string) {
  const { mine, others } = groupGoals(filterGoals(all, query))
  return {
    shown: [...mine, ...others],
    ...listRows([
      { key: 'mine', label: 'Your goals', items: mine },
      { key: 'others', label: 'Other goals', items: others },
    ]),
  }
}
const kept = new WeakMap<GoalSummary[], { query: string; result: ReturnType<typeof layOut> }>()

/** The keys the list answers to in the search box; every other key only types. */
const listKeys = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End', 'Enter', 'Escape'])
