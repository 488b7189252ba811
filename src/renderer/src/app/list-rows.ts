/**
 * A grouped list laid out as one run of rows for a virtualizer: each group that has items opens with its
 * label row, then its items. Each item row knows its place in its group (for aria-posinset/aria-setsize:
 * with only some rows in the DOM, the browser can no longer count them) and whether it ends the group.
 */
export interface ListGroup<T> {
  key: string
  label: string
  items: readonly T[]
}

export type ListRow<T> =
  | { kind: 'label'; key: string; group: string; label: string }
  | {
      kind: 'item'
      /** The row's React and virtualizer key, made once here: the virtualizer asks for it per row. */
      key: string
      group: string
      item: T
      /** 1-based position within its group. */
      position: number
      setSize: number
    }

export interface ListRows<T> {
  rows: ListRow<T>[]
  /** The row of the n-th item across all groups, in order (item n is rows[rowOfItem[n]]). */
  rowOfItem: number[]
}

export function listRows<T extends { id: string }>(groups: readonly ListGroup<T>[]): ListRows<T> {
  const rows: ListRow<T>[] = []
  const rowOfItem: number[] = []
  for (const group of groups) {
    if (group.items.length === 0) continue
    rows.push({ kind: 'label', key: `label-${group.key}`, group: group.key, label: group.label })
    group.items.forEach((item, i) => {
      rowOfItem.push(rows.length)
      rows.push({
        kind: 'item',
        key: `item-${group.key}-${item.id}`,
        group: group.key,
        item,
        position: i + 1,
        setSize: group.items.length,
      })
    })
  }
  return { rows, rowOfItem }
}

/** The ids of the item rows among `indexes` that `unsettled` picks, sorted: the same rows give an equal array. */
export function unsettledIds<T extends { id: string }>(
  rows: readonly ListRow<T>[],
  indexes: readonly number[],
  unsettled: (item: T) => boolean,
): string[] {
  const ids: string[] = []
  for (const index of indexes) {
    const row = rows[index]
    if (row?.kind === 'item' && unsettled(row.item)) ids.push(row.item.id)
  }
  return ids.sort()
}
