import { useEffect } from 'react'
import { prepareSearch } from './list-search'

/** The most one slice of preparation takes: well inside a frame, so a key or a scroll never waits on it. */
const SLICE_MS = 4

type Schedule = (run: () => void) => () => void

// When the browser is idle, or on the next task where it cannot say (jsdom).
const whenIdle: Schedule =
  typeof requestIdleCallback === 'function'
    ? (run) => {
        const handle = requestIdleCallback(run, { timeout: 200 })
        return () => cancelIdleCallback(handle)
      }
    : (run) => {
        const handle = setTimeout(run, 0)
        return () => clearTimeout(handle)
      }

/**
 * Prepares the search text of a list's rows after it is drawn, a few milliseconds at a time, so that the
 * first key typed into the filter finds them ready and the first rows were never held up by them.
 */
export function usePreparedSearch(items: readonly { id: string; name: string; spaceName?: string | null }[]) {
  useEffect(() => {
    let cancel = () => {}
    const slice = () => {
      if (!prepareSearch(items, performance.now() + SLICE_MS)) cancel = whenIdle(slice)
    }
    cancel = whenIdle(slice)
    return () => cancel()
  }, [items])
}
