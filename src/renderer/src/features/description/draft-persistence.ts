import { useCallback, useRef, useState } from 'react'
import { clearDraft, saveDraft } from '../../bridge/drafts'
import { toStoredDescriptionDraft, type DescriptionDraft } from './description-draft'

/**
 * Keeps a description's draft on disk in step with the page: each call writes the draft (or clears it when
 * there is nothing left to keep), in the order asked, skipping writes that would store the same thing
 * again. It works after the page has gone too: the editor reports its last change while unmounting, and
 * that change must still reach the disk.
 */
export function useDraftPersistence(key: `description:${string}`, stored: unknown) {
  const last = useRef<string>(JSON.stringify(stored ?? null))
  const queue = useRef<Promise<void>>(Promise.resolve())
  const [error, setError] = useState<string | null>(null)

  const persist = useCallback(
    (draft: DescriptionDraft) => {
      const value = toStoredDescriptionDraft(draft)
      const text = JSON.stringify(value)
      if (text === last.current) return
      last.current = text
      queue.current = queue.current
        .then(() => (value === null ? clearDraft(key) : saveDraft(key, value).then(() => undefined)))
        .then(
          () => setError(null),
          (err: unknown) => {
            // The next change tries again; until then the person must know their text is only on screen.
            last.current = ''
            setError(err instanceof Error ? err.message : String(err))
          },
        )
    },
    [key],
  )

  return { persist, error }
}
