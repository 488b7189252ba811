import { describe, expect, it } from 'vitest'
import { marksApart, markedNow } from './marks-apart'

interface Row {
  id: string
  name: string
  due: { date: string }
  canEdit: boolean | null
}

const rows: Row[] = Array.from({ length: 5 }, (_, i) => ({
  id: `r${i}`,
  name: `Row ${i}`,
  due: { date: '2026-12-31' },
  canEdit: null,
}))
// What an answer about edit rights does to the list: a new array, the answered rows copied with a mark.
const answered = (list: Row[], marks: Record<string, boolean>): Row[] =>
  list.map((row) => (row.id in marks ? { ...row, canEdit: marks[row.id]! } : row))

describe('marks kept apart from the layout', () => {
  it('keeps the laid-out list when only marks changed, and gives the marked rows as they are now', () => {
    const first = marksApart(null, rows)
    const next = answered(rows, { r1: false, r3: true })
    const apart = marksApart(first, next)
    expect(apart.laidOut).toBe(rows)
    expect([...apart.marked.keys()]).toEqual(['r1', 'r3'])
    expect(markedNow(apart.marked, rows[1]!).canEdit).toBe(false)
    expect(markedNow(apart.marked, rows[0]!)).toBe(rows[0])
    // The same list again changes nothing.
    expect(marksApart(apart, next)).toBe(apart)
  })

  it('gathers marks over several answers, and forgets a mark changed back to the laid-out one', () => {
    let apart = marksApart(null, rows)
    const one = answered(rows, { r1: false })
    apart = marksApart(apart, one)
    const two = answered(one, { r2: true, r1: null as unknown as boolean })
    apart = marksApart(apart, two)
    expect(apart.laidOut).toBe(rows)
    expect([...apart.marked.keys()]).toEqual(['r2'])
  })

  it('lays out afresh when anything but a mark changed: a name, a nested value, the order, the length', () => {
    const first = marksApart(null, rows)
    const renamed = rows.map((row, i) => (i === 2 ? { ...row, name: 'Renamed', canEdit: true } : row))
    expect(marksApart(first, renamed).laidOut).toBe(renamed)
    const reread = rows.map((row) => ({ ...row, due: { ...row.due } }))
    expect(marksApart(first, reread).laidOut).toBe(reread)
    const reordered = [rows[1]!, rows[0]!, ...rows.slice(2)]
    expect(marksApart(first, reordered).laidOut).toBe(reordered)
    const longer = [...rows, { ...rows[0]!, id: 'r5' }]
    const apart = marksApart(first, longer)
    expect(apart.laidOut).toBe(longer)
    expect(apart.marked.size).toBe(0)
  })
})
