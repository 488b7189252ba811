import { useEffect } from 'react'
import { openInBrowser } from '../../bridge/app'
import { linkRefusals } from './link-refusals'

const describe = (error: unknown) =>
  error instanceof Error ? error.message : 'The link could not be opened. Try again.'

/** Opens a link through main's policy (main asks before it opens); a refusal or failure is shown here. */
function followLink(href: string): void {
  openInBrowser(href).catch((error: unknown) => linkRefusals.show(describe(error)))
}

/**
 * Every link the page shows (descriptions, check-in messages) leaves the popup through main's link
 * policy: a click, a middle click or Enter on it is turned into one app.openExternal call instead of a
 * navigation or a new window. Links inside an editor are not followed (clicking there places the caret).
 */
export function useLinkClicks(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || (event.type === 'auxclick' && event.button !== 1)) return
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (!link || link.closest('[contenteditable="true"]')) return
      event.preventDefault()
      followLink(link.getAttribute('href') ?? '')
    }
    document.addEventListener('click', onClick)
    document.addEventListener('auxclick', onClick)
    return () => {
      document.removeEventListener('click', onClick)
      document.removeEventListener('auxclick', onClick)
    }
  }, [])
}
