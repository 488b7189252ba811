import {
  Fragment,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import type { VirtualItem } from '@tanstack/react-virtual'
import { listRows, type ListGroup } from './list-rows'
import { useMainVirtualizer } from './use-main-virtualizer'

/** What a drawn item's own element (an `li`) takes to sit where the whole list would put it. */
export interface Placement {
  'data-index': number
  ref: (element: HTMLElement | null) => void
  className: string
  style: CSSProperties
  'aria-posinset'?: number
  'aria-setsize'?: number
}

export interface VirtualGroupsProps<T extends { id: string }> {
  groups: readonly ListGroup<T>[]
  /** The item, as an `li` carrying `placement` (spread on it). */
  renderItem: (item: T, placement: Placement) => ReactNode
  /** Whether the item's row holds something Tab stops at (a button): rows without are walked past. */
  focusable: (item: T) => boolean
  /**
   * Ids of items whose rows stay drawn wherever the page is scrolled: a row asking a question, or saying
   * how something the person did went, would otherwise lose it (its state) when scrolled away.
   */
  held?: ReadonlySet<string>
  /** A first guess at a row's height, before it is drawn and measured. */
  estimateItem: number
  estimateTitle: number
}

const tabbables = (row: Element): HTMLElement[] =>
  [...row.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [tabindex]')].filter(
    (element) => element.tabIndex >= 0 && !element.hasAttribute('disabled'),
  )

/**
 * Titled groups of rows (each a region named by its title, its rows a list) of which only those on screen
 * are drawn. Tab and Shift+Tab still go through every row's controls in order, as when all were in the
 * page: leaving a row's last (first) control for a row not drawn scrolls to it and focuses its first
 * (last). The row holding the focus, and those `held`, stay drawn wherever the page is scrolled.
 */
export function VirtualGroups<T extends { id: string }>({
  groups,
  renderItem,
  focusable,
  held,
  estimateItem,
  estimateTitle,
}: VirtualGroupsProps<T>) {
  const list = useRef<HTMLDivElement>(null)
  const { rows } = useMemo(() => listRows(groups), [groups])
  // The row holding the focus, by its key: rows above it come and go (an item sent or discarded meanwhile),
  // and its index with them, while it must stay drawn wherever the page is scrolled.
  const [focusKey, setFocusKey] = useState<string | null>(null)
  const focusRow = useMemo(() => {
    const index = focusKey === null ? -1 : rows.findIndex((row) => row.key === focusKey)
    return index < 0 ? null : index
  }, [rows, focusKey])
  // Where the focused row last was, for when its own item leaves the list (see below).
  const lastFocusRow = useRef<number | null>(null)
  // The row Tab is taking the focus to, and which of its controls: once it is drawn.
  const toFocus = useRef<{ key: string; last: boolean } | null>(null)
  const estimateSize = useCallback(
    (index: number) => (rows[index]?.kind === 'label' ? estimateTitle : estimateItem),
    [rows, estimateItem, estimateTitle],
  )
  const getItemKey = useCallback((index: number) => rows[index]!.key, [rows])
  const heldRows = useMemo(() => {
    if (!held || held.size === 0) return []
    const indexes: number[] = []
    rows.forEach((row, index) => {
      if (row.kind === 'item' && held.has(row.item.id)) indexes.push(index)
    })
    return indexes
  }, [rows, held])
  const virtualizer = useMainVirtualizer({
    list,
    count: rows.length,
    estimateSize,
    getItemKey,
    keep: focusRow !== null ? [focusRow, ...heldRows] : heldRows,
  })
  const drawn = virtualizer.getVirtualItems()

  // Rows are placed by transform, which the browser's scroll anchoring does not follow. When rows above
  // the top of the screen come or go (an item sent or discarded while the person reads further down), the
  // page moves by as much, so the rows in view stay where they are, as they did with the whole list in
  // the page: a button about to be clicked is not swapped for another row's under the pointer. `placed`
  // is where the rows were at the last render (read at every one: rows measured since moved them too).
  const placed = useRef<{ rows: unknown; items: VirtualItem[]; margin: number } | null>(null)
  useLayoutEffect(() => {
    const before = placed.current
    const margin = virtualizer.options.scrollMargin
    placed.current = { rows, items: virtualizer.measurementsCache, margin }
    const main = list.current?.closest('main')
    if (!before || before.rows === rows || !main || main.scrollTop <= 0) return
    const top = main.scrollTop
    const now = new Map(virtualizer.measurementsCache.map((item) => [item.key, item.start - margin]))
    // The first row that was at or below the top of the screen and is still in the list.
    for (const item of before.items) {
      if (item.end <= top) continue
      const start = now.get(item.key)
      if (start === undefined) continue
      const moved = start - (item.start - before.margin)
      if (moved !== 0) main.scrollTop = top + moved
      return
    }
  })

  // The focused row's own item left the list (sent, discarded or done elsewhere) and took the focus with
  // it to the page's body: a keyboard or screen-reader user would be thrown back to the top. The focus
  // goes to the row now in its place (the next one), or the one before when it was the last.
  useLayoutEffect(() => {
    if (focusRow !== null) {
      lastFocusRow.current = focusRow
      return
    }
    const was = lastFocusRow.current
    lastFocusRow.current = null
    if (focusKey === null || was === null || document.activeElement !== document.body) return
    const focusableAt = (index: number) => {
      const row = rows[index]
      return row?.kind === 'item' && focusable(row.item)
    }
    let next = rows.findIndex((_, index) => index >= was && focusableAt(index))
    for (let index = Math.min(was, rows.length) - 1; next < 0 && index >= 0; index--) {
      if (focusableAt(index)) next = index
    }
    if (next < 0) return
    // Drawn once scrolled to, then focused (the effect below); its focus event makes it the focused row.
    toFocus.current = { key: rows[next]!.key, last: false }
    virtualizer.scrollToIndex(next, { align: 'auto' })
  }, [focusKey, focusRow, rows, focusable, virtualizer])

  useLayoutEffect(() => {
    const target = toFocus.current
    if (target === null) return
    const index = rows.findIndex((row) => row.key === target.key)
    // Gone from the list before it was drawn: there is nothing left to take the focus to.
    if (index < 0) toFocus.current = null
    const row = index < 0 ? null : list.current?.querySelector(`[data-index="${index}"]`)
    if (!row) return
    toFocus.current = null
    const controls = tabbables(row)
    controls[target.last ? controls.length - 1 : 0]?.focus({ preventScroll: true })
  })

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const at = Number((event.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index)
    const row = Number.isInteger(at) ? rows[at] : undefined
    if (row) setFocusKey(row.key)
  }

  // The person took the focus out of the list (a click elsewhere, Tab past its end): its row need not stay
  // drawn, and the list does not take the focus back when that row's item goes. A row removed with the
  // focus in it blurs too, but is gone from the page by then.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget
    if (next instanceof Node && event.currentTarget.contains(next)) return
    const left = event.target
    queueMicrotask(() => {
      if (left.isConnected && !left.contains(document.activeElement)) setFocusKey(null)
    })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return
    const target = event.target as HTMLElement
    const rowElement = target.closest<HTMLElement>('[data-index]')
    if (!rowElement) return
    const controls = tabbables(rowElement)
    const back = event.shiftKey
    // Within a row, the browser's own order is right.
    if (controls[back ? 0 : controls.length - 1] !== target) return
    const step = back ? -1 : 1
    let next = Number(rowElement.dataset.index) + step
    while (next >= 0 && next < rows.length) {
      const row = rows[next]!
      if (row.kind === 'item' && focusable(row.item)) break
      next += step
    }
    // No row with a control beyond this one: Tab leaves the list as it would have.
    if (next < 0 || next >= rows.length) return
    event.preventDefault()
    toFocus.current = { key: rows[next]!.key, last: back }
    setFocusKey(rows[next]!.key)
    virtualizer.scrollToIndex(next, { align: 'auto' })
  }

  const placement = (index: number, start: number, rowClass: string): Placement => ({
    'data-index': index,
    ref: virtualizer.measureElement,
    className: `virtual-groups__row ${rowClass}`,
    style: { transform: `translateY(${start - virtualizer.options.scrollMargin}px)` },
  })

  return (
    <div
      ref={list}
      // Titles and boxes are drawn alike wherever groups are listed (layout.css).
      className="virtual-groups"
      style={{ height: virtualizer.getTotalSize() }}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {groups.map((group) => {
        if (group.items.length === 0) return null
        const mine = drawn.filter((item) => rows[item.index]?.group === group.key)
        return (
          <section key={group.key} aria-label={group.label}>
            {mine
              .filter((item) => rows[item.index]?.kind === 'label')
              .map((item) => {
                const { className: rowClass, ...placed } = placement(
                  item.index,
                  item.start,
                  item.index > 0
                    ? 'virtual-groups__title virtual-groups__title--later'
                    : 'virtual-groups__title',
                )
                return (
                  <h2 key={item.key} {...placed} className={`${rowClass} group-title`}>
                    {group.label}
                  </h2>
                )
              })}
            <ul>
              {mine.map((item) => {
                const row = rows[item.index]!
                if (row.kind !== 'item') return null
                const edge = [
                  'virtual-groups__item',
                  row.position === 1 ? 'virtual-groups__item--first' : '',
                  row.position === row.setSize ? 'virtual-groups__item--last' : '',
                ]
                // With only some rows in the page, the browser can no longer count them: each says where it is.
                const placed = {
                  ...placement(item.index, item.start, edge.filter(Boolean).join(' ')),
                  'aria-posinset': row.position,
                  'aria-setsize': row.setSize,
                }
                return <Fragment key={item.key}>{renderItem(row.item, placed)}</Fragment>
              })}
            </ul>
          </section>
        )
      })}
    </div>
  )
}
