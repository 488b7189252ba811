import { useEffect, useState, type RefObject } from 'react'

/** How long the rows seen must stay put before they are reported: a fling through a list asks nothing. */
const SETTLE_MS = 120

/**
 * The ids of a list's rows that are on screen now (each row carries `data-row-id`), following scrolling
 * and filtering; sorted, so the same rows give the same answer. The browser says what is on screen
 * (IntersectionObserver, clipped by every scrolling parent), so the rows need no sizes of their own.
 * `rows` is whatever changes when the rows drawn change: the observer is set up again for them.
 */
export function useIdsInView(container: RefObject<HTMLElement | null>, rows: unknown): string[] {
  const [ids, setIds] = useState<string[]>([])
  useEffect(() => {
    const root = container.current
    if (!root) return
    const inView = new Set<string>()
    let timer: ReturnType<typeof setTimeout> | undefined
    const publish = () => {
      timer = undefined
      const next = [...inView].sort()
      setIds((previous) =>
        previous.length === next.length && previous.every((id, i) => id === next[i]) ? previous : next,
      )
    }
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const id = (entry.target as HTMLElement).dataset.rowId
        if (!id) continue
        if (entry.isIntersecting) inView.add(id)
        else inView.delete(id)
      }
      timer ??= setTimeout(publish, SETTLE_MS)
    })
    root.querySelectorAll<HTMLElement>('[data-row-id]').forEach((row) => observer.observe(row))
    return () => {
      observer.disconnect()
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [container, rows])
  return ids
}
