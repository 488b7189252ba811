import { describe, expect, it, vi } from 'vitest'
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

describe('filterByWords as the person types on', () => {
  // A small deterministic generator: the same sequences on every run, and many of them.
  const random = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed / 2 ** 31
  }

  it('finds what a first filter of the whole list finds, key after key, backspaces and ids included', () => {
    const items = rows(400)
    const pieces = ['l', 'a', 't', 'e', 'n', 'c', 'y', ' ', '1', '2', '3', 'é', 'f', 'o', 'p', 'x', '\u0301']
    const ids = [uuid(42), shortIdFromUuid(uuid(7)), `renamed-${shortIdFromUuid(uuid(120))}`]
    const next = random(7)
    let compared = 0
    for (let run = 0; run < 200; run++) {
      let query = ''
      for (let key = 0; key < 14; key++) {
        const roll = next()
        if (roll < 0.15) query = query.slice(0, -1)
        else if (roll < 0.2) query += ids[Math.floor(next() * ids.length)]!
        else if (roll < 0.23) query = ''
        else query += pieces[Math.floor(next() * pieces.length)]!
        // A copy of the list has no last filter: it goes through every row.
        expect(filterByWords(items, query)).toEqual(filterByWords([...items], query))
        compared++
      }
    }
    expect(compared).toBe(2_800)
  })
})

describe('filterByWords given a pasted text', () => {
  it('tests each row once per different word, however often the text repeats its words', () => {
    const items = rows(1000)
    // A page of text pasted into the search box: a few words, said over and over (200,000 characters).
    const pasted = 'Latency operations '.repeat(10_000)
    const includes = vi.spyOn(String.prototype, 'includes')
    try {
      const found = filterByWords([...items], pasted)
      expect(found).toHaveLength(500)
      // Two words for each row and the first for the others: not 20,000 tests for each of 500 rows,
      // which at 10,000 goals held the popup up for seconds on every key.
      expect(includes.mock.calls.length).toBeLessThanOrEqual(2 * items.length)
    } finally {
      includes.mockRestore()
    }
  })
})
