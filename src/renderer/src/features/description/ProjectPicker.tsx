import {
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react'
import type { ProjectSummary } from '@shared/domain/projects'
import { restToCome, useProjects } from '../../bridge/long-lists'
import { isComposing } from '../../app/composing'
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
import { LiveRegion } from '../../ui/LiveRegion'
import { RefreshButton } from '../../ui/RefreshButton'
import { useRefreshKeys } from '../../app/use-refresh-keys'
import { ErrorAlert } from '../../ui/Notice'
import { TextField } from '../../ui/TextField'
import { filterProjects, groupProjects, readProjectRef } from './project-filter'
import { ProjectRows } from './ProjectRows'
import { Loading } from '../../ui/Loading'
import type { LeftWithChanges } from './left-with-changes'

export interface ProjectPickerProps {
  /** The token cannot write: every project is view only. */
  canWrite: boolean
  /** The name of the project just left with unsaved changes, to say they are kept. */
  leftWithDraft: LeftWithChanges | null
  onOpen: (projectId: string) => void
}

/**
 * Choose a project whose description to edit: the person's own projects first, a filter box that also
 * takes a pasted project link or id, and a mark on projects that cannot be edited.
 */
export function ProjectPicker({ canWrite, leftWithDraft, onOpen }: ProjectPickerProps) {
  const projects = useProjects()
  const [query, setQuery] = useState('')
  const [hint, setHint] = useState<string | null>(null)
  const list = useRef<HTMLDivElement>(null)
  const headingId = useId()
  const refresh = () => void projects.refetch()
  useRefreshKeys(refresh)

  const all = useMemo(() => projects.data?.projects ?? [], [projects.data])
  // The first screen of a long list, shown while the rest is on its way (a few hundred milliseconds).
  const partial = restToCome(projects.data)
  // Meanwhile the group the first screen ends in goes on beyond it (the person's own projects come first,
  // so an earlier group is whole): its size is not known yet, and aria-setsize says so (-1).
  const openGroup = partial ? (all.at(-1)?.isMine === false ? 'others' : 'mine') : null
  // Laid out again only when more than the edit marks changed: the rows read their marks as they are now.
  const { laidOut, marked } = useMarksApart(all)
  usePreparedSearch(laidOut)
  // The list follows the typing once the key has shown, in a render React drops if another key comes:
  // keys are never held up.
  const shownQuery = useValueAfterPaint(query)
  const { shown, rows, rowOfItem } = useMemo(
    () => keptWithList(kept, laidOut, shownQuery, () => layOut(laidOut, shownQuery)),
    [laidOut, shownQuery],
  )

  // The row with the focus, or about to get it: it stays drawn wherever the list is scrolled, or the
  // focus would fall out of the page with it. Known by its key, not its place: a list read again
  // (Refresh, the rest of a long list) may bring rows in above it.
  const [focusKey, setFocusKey] = useState<string | null>(null)
  const focusRow = useMemo(() => {
    const index = focusKey === null ? -1 : rows.findIndex((row) => row.key === focusKey)
    return index === -1 ? null : index
  }, [rows, focusKey])
  const toFocus = useRef<number | null>(null)
  // Kept while the rows stay the same: a new function makes the virtualizer place every row again.
  const estimateSize = useCallback((index: number) => (rows[index]?.kind === 'label' ? 30 : 50), [rows])
  const getItemKey = useCallback((index: number) => rows[index]!.key, [rows])
  const virtualizer = useMainVirtualizer({
    list,
    count: rows.length,
    estimateSize,
    getItemKey,
    keep: focusRow,
  })
  const drawnRows = useDrawnRows(virtualizer, { listRef: list, rows, marked, openGroup, partial, canWrite })

  // A row asked for by the keyboard is focused once it is drawn (scrolled to first if it was not).
  const drawnButton = (index: number) =>
    list.current?.querySelector<HTMLButtonElement>(`[data-index="${index}"] .project-row`) ?? null
  useLayoutEffect(() => {
    const index = toFocus.current
    if (index === null) return
    const button = drawnButton(index)
    if (!button) return
    toFocus.current = null
    button.focus({ preventScroll: true })
  })
  const focusItem = useCallback(
    (item: number) => {
      const row = rowOfItem[item]
      if (row === undefined) return
      setFocusKey(rows[row]!.key)
      // Drawn already: focused now. Waiting for a render would wait for ever when nothing changes (Down
      // from the filter again, the row it focused last time still drawn, the list not scrolled).
      const button = drawnButton(row)
      toFocus.current = button ? null : row
      button?.focus({ preventScroll: true })
      const first = rows[row]?.kind === 'item' && (rows[row] as { position: number }).position === 1
      virtualizer.scrollToIndex(first ? row - 1 : row, { align: 'auto' })
    },
    [rowOfItem, rows, virtualizer],
  )

  useDrawnRowsRights('projects', drawnRows)

  const follow = (text: string): boolean => {
    const ref = readProjectRef(text, all)
    if (ref.kind === 'project') {
      onOpen(ref.id)
      return true
    }
    if (ref.kind === 'other') {
      setHint('That is a link to a goal. Goals are checked in under Check-ins.')
      return true
    }
    return false
  }

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (follow(event.clipboardData.getData('text/plain'))) event.preventDefault()
  }

  const onFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // A word being composed: Enter and the arrows are the input method's.
    if (isComposing(event)) return
    if (event.key === 'Enter') {
      event.preventDefault()
      if (follow(query)) return
      // What is typed now, even before the list has caught up with it.
      const first = (shownQuery === query ? shown : filterProjects(laidOut, query))[0]
      if (first) onOpen(first.id)
    } else if (event.key === 'ArrowDown') {
      event.preventDefault()
      focusItem(0)
    } else if (event.key === 'Escape' && query !== '') {
      // As in the goals' filter: Escape empties the filter first (used up, so the popup stays), and
      // hides the popup only from an empty one.
      event.preventDefault()
      setQuery('')
      setHint(null)
    }
  }

  // Up and down move between rows, as in any list; Tab and Shift+Tab go through every row as they did
  // when all were in the page (most are not drawn now), and leave the list at either end. Kept from render
  // to render with the rows: the rows' list is memoised.
  const onListKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const at = Number((event.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index)
      const item = rowOfItem.indexOf(at)
      if (item === -1) return
      const step =
        event.key === 'ArrowDown' || (event.key === 'Tab' && !event.shiftKey)
          ? 1
          : event.key === 'ArrowUp' || (event.key === 'Tab' && event.shiftKey)
            ? -1
            : 0
      if (step === 0) return
      const next = item + step
      if (event.key === 'Tab' && (next < 0 || next >= rowOfItem.length)) return
      event.preventDefault()
      focusItem(Math.max(0, Math.min(rowOfItem.length - 1, next)))
    },
    [rowOfItem, focusItem],
  )

  return (
    <section className="projects" aria-labelledby={headingId}>
      <div className="projects__heading">
        <h1 id={headingId} className="screen-title">
          Project descriptions
        </h1>
        {projects.data ? (
          <div className="list-freshness">
            <Freshness read={projects.data} />
            <RefreshButton busy={projects.isRefetching} onRefresh={refresh} />
          </div>
        ) : null}
      </div>
      {leftWithDraft ? (
        <p className="projects__kept" role="status">
          Your changes to <strong>{leftWithDraft.projectName}</strong>{' '}
          {leftWithDraft.kept
            ? 'are kept as a draft.'
            : 'could not be kept as a draft on this computer, and were not sent to Operately.'}
        </p>
      ) : null}
      <TextField
        className="projects__filter"
        label="Filter projects"
        type="search"
        autoComplete="off"
        spellCheck={false}
        placeholder="Type a name, or paste a project link"
        value={query}
        autoFocus
        onChange={(event) => {
          setQuery(event.target.value)
          setHint(null)
        }}
        onPaste={onPaste}
        onKeyDown={onFilterKeyDown}
        hint={hint ?? undefined}
      />

      {projects.isPending ? (
        <Loading what="Loading projects…" />
      ) : projects.isError ? (
        <div className="projects__error">
          <ErrorAlert title="Could not load your projects" message={projects.error.message} />
          <Button variant="secondary" onClick={() => void projects.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="projects__lists">
          <ProjectRows list={drawnRows} onOpen={onOpen} onRowFocus={setFocusKey} onKeyDown={onListKeyDown} />
          {/* There while rows are shown too: "No project matches" is read out as the search empties the list. */}
          <LiveRegion className="projects__empty" label="Project search">
            {shown.length > 0
              ? null
              : all.length === 0
                ? 'You cannot see any projects yet.'
                : partial
                  ? 'Looking through all the projects…'
                  : `No project matches “${shownQuery.trim()}”.`}
          </LiveRegion>
        </div>
      )}
    </section>
  )
}

/** The projects matching a query, and the list's rows: the person's own first. */
function layOut(all: ProjectSummary[], query: string) {
  const shown = filterProjects(all, query)
  const { mine, others } = groupProjects(shown)
  return {
    shown,
    ...listRows([
      { key: 'mine', label: 'Your projects', items: mine },
      { key: 'others', label: mine.length > 0 ? 'Other projects' : 'Projects', items: others },
    ]),
  }
}
const kept = new WeakMap<ProjectSummary[], { query: string; result: ReturnType<typeof layOut> }>()
