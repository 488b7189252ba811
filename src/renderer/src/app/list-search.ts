import { parseRef, sameId } from '@shared/ids'

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

// What each row is searched by, folded once per row object (a list read again brings new objects): each
// key typed into a long list then costs a substring test per row, not a Unicode normalization.
const folded = new WeakMap<Searchable, string>()
const haystackOf = (item: Searchable): string => {
  let text = folded.get(item)
  if (text === undefined) {
    text = fold(`${item.name} ${item.spaceName ?? ''}`)
    folded.set(item, text)
  }
  return text
}

/** The items whose name or space contain every word of `query`, in the order given. */
export function filterByWords<T extends Searchable>(items: T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return items
  const ref = parseRef(query)
  return items.filter((item) => {
    if (ref && sameId(item.id, ref.id)) return true
    const haystack = haystackOf(item)
    return words.every((word) => haystack.includes(word))
  })
}

// Operately's short ids of UUIDs are 21 or 22 characters; a word that long with digits or mixed case is
// almost surely an id, not something typed to filter by.
export const looksLikeShortId = (segment: string): boolean =>
  /^[A-Za-z0-9]{16,22}$/.test(segment) &&
  (/\d/.test(segment) || (/[a-z]/.test(segment) && /[A-Z]/.test(segment)))
