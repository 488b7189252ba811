import { describe, expect, it } from 'vitest'
import { listRows, unsettledIds } from './list-rows'

const item = (id: string, canEdit: boolean | null = null) => ({ id, canEdit })

describe('listRows', () => {
  it('opens each group that has items with its label, and places each item in its group', () => {
    const { rows, rowOfItem } = listRows([
      { key: 'mine', label: 'Your goals', items: [item('a'), item('b')] },
      { key: 'none', label: 'Nothing', items: [] },
      { key: 'others', label: 'Other goals', items: [item('c')] },
    ])
    expect(rows).toEqual([
      { kind: 'label', key: 'label-mine', group: 'mine', label: 'Your goals' },
      { kind: 'item', key: 'item-mine-a', group: 'mine', item: item('a'), position: 1, setSize: 2 },
      { kind: 'item', key: 'item-mine-b', group: 'mine', item: item('b'), position: 2, setSize: 2 },
      { kind: 'label', key: 'label-others', group: 'others', label: 'Other goals' },
      { kind: 'item', key: 'item-others-c', group: 'others', item: item('c'), position: 1, setSize: 1 },
    ])
    expect(rowOfItem).toEqual([1, 2, 4])
  })

  it('has no rows for no items', () => {
    expect(listRows([{ key: 'mine', label: 'Your goals', items: [] }])).toEqual({ rows: [], rowOfItem: [] })
  })
})

describe('unsettledIds', () => {
  it('gives the sorted ids of the drawn items that are unsettled, never labels or rows not drawn', () => {
    const { rows } = listRows([
      { key: 'mine', label: 'Yours', items: [item('z'), item('y', true)] },
      { key: 'others', label: 'Others', items: [item('m'), item('a'), item('b')] },
    ])
    expect(unsettledIds(rows, [0, 1, 2, 3, 4, 5], (row) => row.canEdit === null)).toEqual(['a', 'm', 'z'])
  })
})
