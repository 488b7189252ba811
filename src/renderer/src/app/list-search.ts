import { comparableId, parseRef } from '@shared/ids'

/**
 * Filtering a list of goals or projects by the words typed into its search box: every word, in any order,
 * in the item's name or space, accents and case aside; the item's id itself matches too.
 */

interface Searchable {
  id: string
  name: string
  spaceName?: string | null
}

const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

interface Prepared {
  /** The name and space, folded. */
  text: string
  /** The id as `comparableId` has it ('' for a blank id, which matches nothing). */
  id: string
}

// What each row is searched by, worked out once per row object (a list read again keeps the objects of
// the rows that did not change): each key typed into a long list then costs a substring test and a
// string comparison per row, not a Unicode normalization and a Base62 decoding.
const preparedRows = new WeakMap<Searchable, Prepared>()
const preparedOf = (item: Searchable): Prepared => {
  let prepared = preparedRows.get(item)
  if (prepared === undefined) {
    prepared = {
      text: fold(`${item.name} ${item.spaceName ?? ''}`),
      id: item.id.trim() === '' ? '' : comparableId(item.id),
    }
    preparedRows.set(item, prepared)
  }
  return prepared
}

// How far `prepareSearch` has gone through each list.
const preparedUpTo = new WeakMap<readonly Searchable[], number>()

/**
 * Works out the search text of `items` ahead of the first key, until `deadline` (a `performance.now()`
 * time) passes; true once every row is ready. Called in idle slices after the list is drawn, so neither
 * the first rows nor the first key wait for 10,000 rows to be folded.
 */
export function prepareSearch(items: readonly Searchable[], deadline: number): boolean {
  let at = preparedUpTo.get(items) ?? 0
  while (at < items.length) {
    preparedOf(items[at]!)
    at++
    if (at % 64 === 0 && performance.now() >= deadline) break
  }
  preparedUpTo.set(items, at)
  return at >= items.length
}

// The last filter of each list: typing on narrows what the previous key found instead of going through
// every row of a long list again.
const lastFilter = new WeakMap<readonly Searchable[], { folded: string; result: readonly Searchable[] }>()

/** The items whose name or space contain every word of `query`, in the order given. */
export function filterByWords<T extends Searchable>(items: T[], query: string): T[] {
  const folded = fold(query)
  // Each word once: a pasted page says its words over and over, and every row would test each of them
  // again (at 10,000 rows, seconds on every key).
  const words = [...new Set(folded.split(/\s+/).filter(Boolean))]
  if (words.length === 0) return items
  const ref = parseRef(query)
  const refId = ref && ref.id.trim() !== '' ? comparableId(ref.id) : null
  // A query that goes on from the last one (a key typed at its end) matches only rows the last one did:
  // each of the last query's words is in one of the new words, so in any row holding them. Not so for an
  // id, which can match a row no word did: a query read as an id goes through every row.
  const last = lastFilter.get(items)
  const from =
    refId === null && last !== undefined && folded.startsWith(last.folded) ? (last.result as T[]) : items
  const result = from.filter((item) => {
    const { text, id } = preparedOf(item)
    if (refId !== null && id === refId) return true
    return words.every((word) => text.includes(word))
  })
  lastFilter.set(items, { folded, result })
  return result
}

// Operately's short ids of UUIDs are 21 or 22 characters; a word that long with digits or mixed case is
// almost surely an id, not something typed to filter by.
export const looksLikeShortId = (segment: string): boolean =>
  /^[A-Za-z0-9]{16,22}$/.test(segment) &&
  (/\d/.test(segment) || (/[a-z]/.test(segment) && /[A-Z]/.test(segment)))
