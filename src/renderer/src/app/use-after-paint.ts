import { startTransition, useEffect, useState } from 'react'
import { afterNextPaint } from './after-next-paint'

/**
 * `value` as a slow part of the page should follow it: once the frame showing the change (a letter in the
 * search box) has been painted, in a transition React drops when the value changes again. Unlike
 * `useDeferredValue`, whose render React may start before that frame and so hold up the letter, the list's
 * work can never delay what the key itself shows.
 */
export function useValueAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value)
  useEffect(() => {
    if (Object.is(value, shown)) return
    return afterNextPaint(() => startTransition(() => setShown(value)))
  }, [value, shown])
  return shown
}
