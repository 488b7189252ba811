import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual'
import { useCallback, useLayoutEffect, useState, type RefObject } from 'react'

export interface MainVirtualizerOptions {
  /** The element the rows are drawn in; it sits somewhere inside the popup's scrolling `main`. */
  list: RefObject<HTMLElement | null>
  count: number
  estimateSize: (index: number) => number
  getItemKey: (index: number) => string
  /**
   * Rows that stay drawn wherever the list is scrolled: the active or focused one, if any, or several
   * (rows showing a question or an outcome the person has not seen through).
   */
  keep: number | readonly number[] | null
}

/**
 * A virtualizer for a list that scrolls with the rest of the popup's page: the scroller is `main`, and the
 * list starts below whatever is above it (search box, hints), which `scrollMargin` follows after each
 * render. Rows are measured as drawn (names wrap; zoom changes everything). `keep` stays in the DOM even
 * when scrolled away: an `aria-activedescendant` or the focus must never point at a row that is gone.
 */
export function useMainVirtualizer({ list, count, estimateSize, getItemKey, keep }: MainVirtualizerOptions) {
  const [scrollMargin, setScrollMargin] = useState(0)
  // After every render on purpose: what is above the list (a hint, a notice) can change with any of
  // them. It settles at once: an equal margin keeps the previous state, which renders nothing.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const element = list.current
    const main = element?.closest('main')
    if (!element || !main) return
    const margin = element.getBoundingClientRect().top - main.getBoundingClientRect().top + main.scrollTop
    setScrollMargin((previous) => (Math.abs(previous - margin) < 0.5 ? previous : margin))
  })
  const kept = keep === null ? '' : typeof keep === 'number' ? String(keep) : keep.join(',')
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      const extra = kept === '' ? [] : kept.split(',').map(Number)
      const missing = extra.filter((index) => index < range.count && !indexes.includes(index))
      if (missing.length === 0) return indexes
      return [...indexes, ...new Set(missing)].sort((a, b) => a - b)
    },
    // By value: a new array of the same rows must not make the virtualizer think its range changed.
    [kept],
  )
  // The app is not built with the React Compiler; the virtualizer's changing functions are fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useVirtualizer<HTMLElement, HTMLElement>({
    count,
    getScrollElement: () => list.current?.closest('main') ?? null,
    estimateSize,
    getItemKey,
    overscan: 6,
    scrollMargin,
    rangeExtractor,
    // A measured row or a scroll redraws in React's own time, batched, not in a render forced at once
    // (flushSync) inside the commit that drew the rows: with a long list that was a second whole render
    // in the same task as the first.
    useFlushSync: false,
  })
}
