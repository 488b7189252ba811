import type { SyncItem } from '@shared/domain/sync'
import { waitsForPerson } from '@shared/domain/sync-states'

/**
 * While a description page is open with a save waiting in the outbox, the Sync view's polled list says
 * when that changes: the entry leaves the outbox (sent, or discarded), or main finds a conflict before
 * sending it. Pure: given what was last seen of the entry and the latest list, what happened.
 */

export interface SeenEntry {
  id: string
  state: SyncItem['state']
  /** An earlier save of the same description waits for the person (see `waitsBehind`). */
  behind?: boolean
}

/** One listed entry as the watch reads it. */
export type ListedEntry = Pick<SyncItem, 'id' | 'state'> & { behind?: boolean }

/**
 * The entry `entryId` as the Sync list shows it, and whether an earlier save of the same description in
 * that list waits for the person (a conflict, a refusal): the lane goes in order, so this one waits too.
 */
export function listedEntry(items: readonly SyncItem[], entryId: string | null): ListedEntry[] {
  const index = items.findIndex((item) => item.id === entryId)
  const item = items[index]
  if (!item) return []
  const behind = items
    .slice(0, index)
    .some(
      (earlier) =>
        earlier.kind === item.kind && earlier.targetId === item.targetId && waitsForPerson(earlier.state),
    )
  return [{ id: item.id, state: item.state, behind }]
}

export type EntryNews =
  /** Nothing to act on. */
  | { kind: 'none' }
  /** The entry is no longer listed: read the project again to learn whether the server has the text. */
  | { kind: 'gone' }
  /** The entry has just turned into a conflict: read the project again for the server's version. */
  | { kind: 'conflict' }
  /** An earlier save of the description began (or stopped) waiting for the person: read why. */
  | { kind: 'behind' }

/**
 * What the latest list says about the entry last seen as `seen`, and what to remember of it now. An entry
 * that was never seen in a list is not called gone: a list read before the save was queued would not hold it.
 */
export function entryNews(
  seen: SeenEntry | null,
  expected: SeenEntry | null,
  items: readonly ListedEntry[],
): { news: EntryNews; seen: SeenEntry | null } {
  if (!expected) return { news: { kind: 'none' }, seen: null }
  // A new save (another entry, or the same entry handed over again) starts from what the page knows of it.
  const known = seen && seen.id === expected.id ? seen : null
  const item = items.find((i) => i.id === expected.id)
  if (!item) {
    return known ? { news: { kind: 'gone' }, seen: null } : { news: { kind: 'none' }, seen: null }
  }
  const before = known ?? expected
  const behind = item.behind === true
  const news: EntryNews =
    item.state === 'conflict' && before.state !== 'conflict'
      ? { kind: 'conflict' }
      : behind !== (before.behind === true)
        ? { kind: 'behind' }
        : { kind: 'none' }
  return { news, seen: { id: item.id, state: item.state, behind } }
}
