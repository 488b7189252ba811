import { useEffect, useRef } from 'react'

/** The keys people press to reload what they see: F5, and Ctrl+R (Cmd+R on a Mac). */
export const REFRESH_KEYS = 'F5 Control+R Meta+R'

export function isRefreshKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
) {
  if (event.altKey || event.shiftKey) return false
  if (event.key === 'F5') return !event.ctrlKey && !event.metaKey
  return (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'r'
}

/**
 * F5, Ctrl+R and Cmd+R refresh the list screen that is showing, instead of reloading the whole popup (the
 * page would lose what is typed elsewhere and every screen's state). Mount on each list screen; only the
 * one on screen listens.
 */
export function useRefreshKeys(refresh: () => void): void {
  const latest = useRef(refresh)
  useEffect(() => {
    latest.current = refresh
  })
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || !isRefreshKey(event)) return
      event.preventDefault()
      if (!event.repeat) latest.current()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}
