/**
 * What a list's screen works out from the list and its query (the rows matching, grouped, laid out), the
 * last of it kept with the list object: a tab shown again with the same list and query (the popup keeps
 * the list in its cache) draws at once instead of going through 10,000 rows. A list read again is a new
 * object, so nothing stale is ever served; the list gone, its entry goes with it.
 */
export function keptWithList<L extends object, R>(
  kept: WeakMap<L, { query: string; result: R }>,
  list: L,
  query: string,
  compute: () => R,
): R {
  const last = kept.get(list)
  if (last && last.query === query) return last.result
  const result = compute()
  kept.set(list, { query, result })
  return result
}
