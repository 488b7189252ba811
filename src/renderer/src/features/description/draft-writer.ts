import type { PlainJson } from '@shared/exact-json'
import { textEdit, type TextEdit } from '@shared/text-edit'

/** How a draft reaches main (the bridge in the app; main's own service in tests). */
export interface DraftIo {
  /**
   * Stores `value` plus what `keep` and `edit` take from the stored draft (main's drafts.save). Rejects
   * with an error whose `kind` is `not_found` when main's stored draft cannot give them.
   */
  save(
    value: PlainJson,
    options?: { keep?: string[]; edit?: DraftEdit; served?: ServedField },
  ): Promise<{ revision: string }>
  clear(): Promise<unknown>
}

type DraftObject = { [field: string]: PlainJson }

/** A field left out because main served that text (drafts.save `served`), named by its SHA-256. */
interface ServedField {
  field: string
  sha256: string
}

/** Below this size a base simply crosses: hashing it would cost more than sending it. */
const SERVED_MIN_CHARS = 16_384

/** SHA-256 of a text's UTF-8, in hex (the browser's own, off the page's thread). */
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** A text field written as its change: from the stored draft of `revision`, or `from` a field sent with it. */
type DraftEdit = TextEdit & { field: string } & ({ revision: string } | { from: string })

const isObject = (value: PlainJson): value is DraftObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isNotFound = (err: unknown) => (err as { kind?: unknown } | null)?.kind === 'not_found'

/**
 * A whole draft, as sent: the edited text goes as its difference from the base sent with it when that is
 * much smaller (the first write after opening a megabyte description carries the base, not the text twice).
 */
function whole(value: PlainJson): [PlainJson, { edit: DraftEdit }?] {
  if (!isObject(value) || typeof value.base !== 'string' || typeof value.docText !== 'string') return [value]
  const { docText, ...rest } = value
  const edit = textEdit(value.base, docText)
  if (edit.insert.length > docText.length / 2) return [value]
  return [rest, { edit: { field: 'docText', from: 'base', ...edit } }]
}

/** What main holds for this key after a write that succeeded. */
interface Written {
  revision: string
  base: PlainJson | undefined
  docText: string | undefined
}

/**
 * Writes one key's drafts, one at a time, in the order asked (the caller chains the calls). A description
 * draft is written once a second while someone types: the edited text (a megabyte for a large
 * description) and the base version it edits (as large, and changing only when the description is saved
 * or reloaded). Main holds what it last wrote, so after the first write a draft crosses as its change:
 * the base is kept, and the text goes as the few characters that differ from the last one written (its
 * revision tells main which that was). When main's draft is another one (cleared, lost, written by
 * another window), the whole draft goes again; after a failed write, too. A whole draft carries its text
 * as its difference from its base where it can (whole()), and a large base as its hash when main served
 * that text (the description as it was opened), so not even the first write carries the megabyte.
 */
export function createDraftWriter(io: DraftIo) {
  let written: Written | null = null

  const write = async (value: PlainJson | null): Promise<void> => {
    const known = written
    written = null
    if (value === null) {
      await io.clear()
      return
    }
    const base = isObject(value) ? value.base : undefined
    const docText = isObject(value) && typeof value.docText === 'string' ? value.docText : undefined
    // The base is kept only along with an edit of the text: the edit names the write it follows, so main
    // keeps the base of that write, never one another window wrote since.
    if (
      known?.docText !== undefined &&
      docText !== undefined &&
      isObject(value) &&
      base !== undefined &&
      known.base === base
    ) {
      const { base: _kept, docText: _edited, ...others } = value
      const edit = { field: 'docText', ...textEdit(known.docText, docText), revision: known.revision }
      try {
        const { revision } = await io.save(others, { keep: ['base'], edit })
        written = { revision, base, docText }
        return
      } catch (err) {
        if (!isNotFound(err)) throw err
      }
    }
    const [sent, options] = whole(value)
    // A large base main served (the description as opened) is named by its hash instead of sent back.
    if (isObject(sent) && typeof sent.base === 'string' && sent.base.length >= SERVED_MIN_CHARS) {
      const { base: served, ...rest } = sent
      try {
        const sha256 = await baseHash(served)
        const { revision } = await io.save(rest, { ...options, served: { field: 'base', sha256 } })
        written = { revision, base, docText }
        return
      } catch (err) {
        if (!isNotFound(err)) throw err
      }
    }
    const { revision } = await io.save(sent, options)
    written = { revision, base, docText }
  }

  // The base changes only when the description is saved or reloaded: its hash is worked out once.
  let hashed: { text: string; sha256: Promise<string> } | null = null
  const baseHash = (text: string) => {
    if (hashed?.text !== text) hashed = { text, sha256: sha256Hex(text) }
    return hashed.sha256
  }

  /**
   * `text` is named `sha256` (main worked it out when it served the text): the first write names it
   * without the page encoding and hashing it, about 100 ms of its thread for a megabyte with accents.
   */
  const knowServed = (text: string, sha256: string) => {
    hashed = { text, sha256: Promise.resolve(sha256) }
  }

  return { write, knowServed }
}
