import { useEffect } from 'react'
import { linkQuestionEvent } from '@shared/contract/link-question-event'
import { openInBrowser, takeLinkQuestion } from '../../bridge/app'
import { linkPrompts } from './link-prompt-store'

const describe = (error: unknown) =>
  error instanceof Error ? error.message : 'The link could not be opened. Try again.'

/** Opens a link through main's policy; a refusal or failure is shown in the link prompt. */
export function followLink(href: string): void {
  openInBrowser(href).catch((error: unknown) =>
    linkPrompts.show({ kind: 'refused', message: describe(error) }),
  )
}

/**
 * Every link the page shows (descriptions, check-in messages) leaves the popup through main's link
 * policy: a click, a middle click or Enter on it is turned into one app.openExternal call instead of a
 * navigation or a new window. Links inside an editor are not followed (clicking there places the caret).
 * Also takes the question main left when a link got past this (a navigation main stopped) and signalled.
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
    const onQuestion = () => {
      takeLinkQuestion().then(
        (question) => question && linkPrompts.show({ kind: 'ask', question }),
        (error: unknown) => console.warn('The link question could not be read', error),
      )
    }
    document.addEventListener('click', onClick)
    document.addEventListener('auxclick', onClick)
    window.addEventListener(linkQuestionEvent, onQuestion)
    return () => {
      document.removeEventListener('click', onClick)
      document.removeEventListener('auxclick', onClick)
      window.removeEventListener(linkQuestionEvent, onQuestion)
    }
  }, [])
}
