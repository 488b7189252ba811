import { describe, expect, it } from 'vitest'
import { byNameThenId } from './by-name'

// The order is the one `localeCompare(…, undefined, { sensitivity: 'base' })` gave before one collator
// replaced it: the same names, sorted both ways, come out the same.
describe('byNameThenId', () => {
  const names = [
    'Zebra',
    'zebra',
    'Émile',
    'emile',
    'Ångström',
    'angstrom',
    'b',
    'B2',
    'b10',
    'ß',
    'ss',
    '',
    ' a',
    'a',
  ]
  const records = names.flatMap((name, i) => [
    { name, id: `id-${(i * 7) % 5}-${i}` },
    { name, id: `id-${i}` },
  ])
  const byLocaleCompare = (a: { name: string; id: string }, b: { name: string; id: string }) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id)

  it('orders as localeCompare with base sensitivity does, ties broken by id', () => {
    for (let shift = 0; shift < records.length; shift++) {
      const input = [...records.slice(shift), ...records.slice(0, shift)]
      expect([...input].sort(byNameThenId)).toEqual([...input].sort(byLocaleCompare))
    }
  })

  it('puts names differing only in case or accents together, then orders them by id', () => {
    const sorted = [
      { name: 'émile', id: 'b' },
      { name: 'Emile', id: 'a' },
    ].sort(byNameThenId)
    expect(sorted.map((r) => r.id)).toEqual(['a', 'b'])
  })
})
