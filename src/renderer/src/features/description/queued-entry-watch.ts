import type { SyncItem } from '@shared/domain/sync'

/**
 * While a description page is open with a save waiting in the outbox, the Sync view's polled list says
 * when that changes: the entry leaves the outbox (sent, or discarded), or main finds a conflict before
 * sending it. Pure: given what was last seen of the entry and the latest list, what happened.
 */

export interface SeenEntry {
  id: string
  state: SyncItem['state']
}

export type EntryNews =
  /** Nothing to act on. */
  | { kind: 'none' }
  /** The entry is no longer listed: read the project again to learn whether the server has the text. */
  | { kind: 'gone' }
  /** The entry has just turned into a conflict: read the project again for the server's version. */
  | { kind: 'conflict' }

/**
 * What the latest list says about the entry last seen as `seen`, and what to remember of it now. An entry
 * that was never seen in a list is not called gone: a list read before the save was queued would not hold it.
 */
export function entryNews(
  seen: SeenEntry | null,
  expected: SeenEntry | null,
  items: readonly Pick<SyncItem, 'id' | 'state'>[],
): { news: EntryNews; seen: SeenEntry | null } {
  if (!expected) return { news: { kind: 'none' }, seen: null }
  // A new save (another entry, or the same entry handed over again) starts from what the page knows of it.
  const known = seen && seen.id === expected.id ? seen : null
  const item = items.find((i) => i.id === expected.id)
  if (!item) {
    return known ? { news: { kind: 'gone' }, seen: null } : { news: { kind: 'none' }, seen: null }
  }
  const before = known?.state ?? expected.state
  const news: EntryNews =
    item.state === 'conflict' && before !== 'conflict' ? { kind: 'conflict' } : { kind: 'none' }
  return { news, seen: { id: item.id, state: item.state } }
}
