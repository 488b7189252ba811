import { describe, expect, it } from 'vitest'
import { shortIdFromUuid } from '@shared/ids'
import { filterByWords, prepareSearch } from './list-search'

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`
const rows = (count: number) =>
  Array.from({ length: count }, (_, n) => ({
    id: `goal-${n}-${shortIdFromUuid(uuid(n + 1))}`,
    name: n % 2 === 0 ? `Latency ${n}` : `Café ${n}`,
    spaceName: 'Operations',
  }))

describe('prepareSearch', () => {
  it('stops at its deadline and goes on where it stopped, until every row is ready', () => {
    const items = rows(300)
    // A deadline already passed still prepares one slice: each call makes progress.
    let calls = 1
    while (!prepareSearch(items, 0)) calls++
    expect(calls).toBeGreaterThan(1)
    expect(prepareSearch(items, 0)).toBe(true)
  })

  it('changes no result: a prepared list filters as one that was not', () => {
    const prepared = rows(200)
    const fresh = rows(200)
    while (!prepareSearch(prepared, performance.now() + 50));
    for (const query of [
      'latency 1',
      'cafe',
      'OPERATIONS café 13',
      uuid(42),
      shortIdFromUuid(uuid(7)),
      'x',
    ]) {
      expect(filterByWords(prepared, query).map((r) => r.id)).toEqual(
        filterByWords(fresh, query).map((r) => r.id),
      )
    }
  })

  it('matches a row by its id given as a UUID, a short id or a slug, prepared or not', () => {
    const items = rows(50)
    const target = items[41]!
    expect(filterByWords(items, uuid(42))).toEqual([target])
    while (!prepareSearch(items, performance.now() + 50));
    expect(filterByWords(items, shortIdFromUuid(uuid(42)))).toEqual([target])
    expect(filterByWords(items, `renamed-${shortIdFromUuid(uuid(42))}`)).toEqual([target])
  })
})
