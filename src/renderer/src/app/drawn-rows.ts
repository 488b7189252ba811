import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual'
import { useMemo, type RefObject } from 'react'
import type { ListRow } from './list-rows'

/**
 * What a picker's memoised list of drawn rows needs, in one object that keeps its identity while none of
 * it changes: a key typed into the filter then renders the search box and not the rows.
 */
export interface DrawnRows<T extends { id: string; canEdit: boolean | null }> {
  listRef: RefObject<HTMLDivElement | null>
  rows: readonly ListRow<T>[]
  /** The items whose edit mark changed since the rows were laid out, as they are now. */
  marked: ReadonlyMap<string, T>
  /** The rows in the page (the virtualizer's), each at its place in the whole list. */
  drawn: readonly VirtualItem[]
  totalSize: number
  scrollMargin: number
  measureElement: (element: HTMLElement | null) => void
  /** The group the first screen of a long list ends in, whose size is not known yet (aria-setsize -1). */
  openGroup: 'mine' | 'others' | null
  /** Only the first screen of a long list is in: the list is busy until the rest is. */
  partial: boolean
  canWrite: boolean
}

type Given<T extends { id: string; canEdit: boolean | null }> = Pick<
  DrawnRows<T>,
  'listRef' | 'rows' | 'marked' | 'openGroup' | 'partial' | 'canWrite'
>

/** The rows to draw and where, from the picker's virtualizer, as one object kept while they stay the same. */
export function useDrawnRows<T extends { id: string; canEdit: boolean | null }>(
  virtualizer: Virtualizer<HTMLElement, HTMLElement>,
  { listRef, rows, marked, openGroup, partial, canWrite }: Given<T>,
): DrawnRows<T> {
  const drawn = virtualizer.getVirtualItems()
  const totalSize = virtualizer.getTotalSize()
  const scrollMargin = virtualizer.options.scrollMargin
  const measureElement = virtualizer.measureElement
  return useMemo(
    () => ({
      listRef,
      rows,
      marked,
      drawn,
      totalSize,
      scrollMargin,
      measureElement,
      openGroup,
      partial,
      canWrite,
    }),
    [listRef, rows, marked, drawn, totalSize, scrollMargin, measureElement, openGroup, partial, canWrite],
  )
}
