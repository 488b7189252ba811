import { useEffect } from 'react'
import { call } from '../bridge/operately'
import { wasKeyUsed } from '../editor/used-keys'

/**
 * Escape closes the innermost thing first: a mention list, the link field, a menu or a filter each use
 * the key up (preventDefault, or the editor's record of keys it used). An Escape that reaches the window unused asks main to hide the popup.
 * Main no longer hides on Escape by itself, because it cannot know what the page did with the key.
 */
export function useEscapeHidesPopup(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing || event.repeat) return
      // In a rich-text editor ProseMirror prevents every Escape; there only the editor's own record counts.
      const inEditor = event.target instanceof Element && event.target.closest('.ProseMirror') !== null
      if (inEditor ? wasKeyUsed(event) : event.defaultPrevented) return
      if (event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return
      call((bridge) => bridge.app.hidePopup()).catch((error: unknown) => {
        // Nothing to show the person: the popup simply stays open. Leave a trace for developers.
        console.warn('The popup could not be hidden', error)
      })
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}
