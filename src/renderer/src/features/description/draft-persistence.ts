import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { clearDraft, saveDraft } from '../../bridge/drafts'
import type { PlainJson } from '@shared/exact-json'
import { toStoredDescriptionDraft, type DescriptionDraft } from './description-draft'
import { createDraftWriter } from './draft-writer'

/** The same draft: the same document, base and kept copy objects (the page never changes one in place). */
const sameDraft = (a: DescriptionDraft | null, b: DescriptionDraft | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.doc === b.doc &&
    a.base === b.base &&
    (a.keptCopy === b.keptCopy ||
      (a.keptCopy?.doc === b.keptCopy?.doc && a.keptCopy?.keptAt === b.keptCopy?.keptAt)))

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

const isEmpty = (draft: DescriptionDraft | null) =>
  draft === null || (draft.doc === null && draft.keptCopy === null)

/**
 * Keeps a description's draft on disk in step with the page: each call writes the draft (or clears it when
 * there is nothing left to keep), in the order asked, skipping writes that would store the same thing
 * again. Sameness is decided by the objects, never by turning a megabyte of text into JSON to compare,
 * and after the first write only the change crosses to main (draft-writer.ts).
 * It works after the page has gone too: the editor reports its last change while unmounting, and that
 * change must still reach the disk.
 */
export function useDraftPersistence(
  key: `description:${string}`,
  stored: unknown,
  served?: { text: string | null; sha256: string | null },
) {
  const last = useRef<DescriptionDraft | null | 'unknown'>(stored == null ? null : 'unknown')
  const queue = useRef<Promise<void>>(Promise.resolve())
  // Whether the last write asked for reached the disk (what was read from it is on it).
  const written = useRef(true)
  // One writer per key (it knows which base main holds for that key; a new one sends everything once).
  const writer = useMemo(
    () =>
      createDraftWriter({
        save: (value, options) => saveDraft(key, value, options),
        clear: () => clearDraft(key),
      }),
    [key],
  )
  const servedText = served?.text ?? null
  const servedSha256 = served?.sha256 ?? null
  useEffect(() => {
    if (servedText !== null && servedSha256 !== null) writer.knowServed(servedText, servedSha256)
  }, [writer, servedText, servedSha256])
  const [error, setError] = useState<string | null>(null)
  // Whether a draft of this text is on disk: one was read, or the last write that finished stored one.
  // Never true before a write has landed, so "kept as a draft" is not said while the first one is on its way.
  const [kept, setKept] = useState(stored != null)

  const persist = useCallback(
    (draft: DescriptionDraft) => {
      const previous = last.current
      if (previous !== 'unknown' && (sameDraft(previous, draft) || (isEmpty(previous) && isEmpty(draft))))
        return
      last.current = draft
      let value: PlainJson | null = null
      queue.current = queue.current
        // In a task of its own: the report that asked for it has just redrawn the page, and the two
        // together made one long task while someone typed in a megabyte.
        .then(nextTask)
        .then(() => {
          value = toStoredDescriptionDraft(draft)
          return writer.write(value)
        })
        .then(
          () => {
            written.current = true
            setKept(value !== null)
            setError(null)
          },
          (err: unknown) => {
            // The next change tries again; until then the person must know their text is only on screen.
            last.current = 'unknown'
            written.current = false
            setKept(false)
            setError(err instanceof Error ? err.message : String(err))
          },
        )
    },
    [writer],
  )

  /** Once the writes asked for so far are done: whether the last one reached the disk. */
  const whenWritten = useCallback(() => queue.current.then(() => written.current), [])

  return { persist, error, kept, whenWritten }
}
