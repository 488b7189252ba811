import { randomUUID } from 'node:crypto'
import type { Freshness } from '@shared/domain/freshness'

/**
 * A long list answered in two parts (issue 23). The page asks for the rows of its first screen and draws
 * them at once; then it asks for the whole list, which main answers from the same read, kept here, rather
 * than from a second request to the server. A company of 10,000 goals so shows its first rows without the
 * page parsing and laying out 2.6 MB first.
 *
 * One read is kept per list (the newest), for the account that made it, for a minute, and handed out
 * once: a page asking later, or twice, gets a fresh read instead (see the services' `listRest`).
 */

export interface ListRead<T> {
  rows: T[]
  freshness: Freshness
}

/** Where the rest of a list answered in part is kept: its read and how many rows the whole list has. */
export interface RestOfList {
  readId: string
  count: number
}

export interface FirstScreens<T> {
  /**
   * The first `first` rows of the read; when there are more, the read is kept for `take` (replacing any
   * read kept before) and `rest` says where. Without `first`, the whole read and no rest.
   */
  split(account: string, read: ListRead<T>, first: number | undefined): { head: T[]; rest: RestOfList | null }
  /** The read kept under `readId` for this account, handed out once; null when it is not (any more). */
  take(account: string, readId: string): ListRead<T> | null
}

/** How long a read waits for its rest to be asked: the page asks right after drawing the first screen. */
export const KEPT_READ_MS = 60_000

export function createFirstScreens<T>(deps: { now?: () => number } = {}): FirstScreens<T> {
  const now = deps.now ?? Date.now
  let kept: { readId: string; account: string; read: ListRead<T>; at: number } | null = null

  return {
    split(account, read, first) {
      if (first === undefined || read.rows.length <= first) return { head: read.rows, rest: null }
      const readId = randomUUID()
      kept = { readId, account, read, at: now() }
      return { head: read.rows.slice(0, first), rest: { readId, count: read.rows.length } }
    },

    take(account, readId) {
      if (kept === null || kept.readId !== readId) return null
      const { read, at } = kept
      // Handed out once, and never to another account (someone else signed in between the two calls).
      const mine = kept.account === account
      kept = null
      const age = now() - at
      // A clock set back makes the age negative: such a read is not trusted to be recent.
      if (!mine || age < 0 || age >= KEPT_READ_MS) return null
      return read
    },
  }
}
