// Memos of the open document, block by block (its restored JSON, its text, its word count, which blocks
// were proven equal): each keyed weakly by the block object, so an edited block's entry goes with it. A
// WeakMap's table keeps the size it once grew to, though: a megabyte document leaves tables for five
// thousand blocks behind after it closes. So when an editor goes away the tables are started afresh.
// Entries are only ever memos: a forgotten one is worked out again.

export interface BlockCache<K extends object, V> {
  get(block: K): V | undefined
  set(block: K, value: V): void
}

const starts = new Set<() => void>()

/** A WeakMap-like memo that forgetBlockCaches empties. */
export function blockCache<K extends object, V>(): BlockCache<K, V> {
  let table = new WeakMap<K, V>()
  starts.add(() => {
    table = new WeakMap<K, V>()
  })
  return {
    get: (block) => table.get(block),
    set: (block, value) => {
      table.set(block, value)
    },
  }
}

/** Starts every block cache afresh (an editor closed: nothing of its document needs remembering). */
export function forgetBlockCaches(): void {
  for (const start of starts) start()
}
