import type { PlainJson } from '@shared/exact-json'

/** How a draft reaches main (the bridge in the app; main's own service in tests). */
export interface DraftIo {
  /** Rejects with an error whose `kind` is `not_found` when main has no stored draft to keep `keep` from. */
  save(value: PlainJson, keep?: string[]): Promise<unknown>
  clear(): Promise<unknown>
}

type DraftObject = { [field: string]: PlainJson }

const isObject = (value: PlainJson): value is DraftObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isNotFound = (err: unknown) => (err as { kind?: unknown } | null)?.kind === 'not_found'

/**
 * Writes one key's drafts, one at a time, in the order asked (the caller chains the calls). A description
 * draft is written once a second while someone types, and holds the base version of the text it edits: a
 * megabyte that changes only when the description is saved or reloaded. Main already holds the base it
 * last wrote, so while the base stays the same the draft goes without it and main keeps the stored one;
 * when main has none (cleared, lost, another window), the whole draft goes again. After a failed write
 * the next one sends everything.
 */
export function createDraftWriter(io: DraftIo) {
  // The base main holds for this key (from the last write that succeeded); null: not known.
  let written: { base: PlainJson | undefined } | null = null

  const write = async (value: PlainJson | null): Promise<void> => {
    const known = written
    written = null
    if (value === null) {
      await io.clear()
      return
    }
    const base = isObject(value) ? value.base : undefined
    if (known !== null && isObject(value) && base !== undefined && known.base === base) {
      const { base: _sent, ...rest } = value
      try {
        await io.save(rest, ['base'])
        written = known
        return
      } catch (err) {
        if (!isNotFound(err)) throw err
      }
    }
    await io.save(value)
    written = { base }
  }

  return { write }
}
