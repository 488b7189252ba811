import { describe, expect, it } from 'vitest'
import { entryNews } from './queued-entry-watch'

const id = '6f1c2e0a-8b7d-4c1e-9a55-0c2d3e4f5a6b'
const other = '0b0a9c8d-1e2f-4a3b-8c4d-5e6f7a8b9c0d'

describe('following a queued save through the Sync list', () => {
  it('remembers the entry once listed, and calls it gone only after that', () => {
    const expected = { id, state: 'pending' as const }
    // A list read before the save was queued does not hold it: that is no news.
    expect(entryNews(null, expected, [])).toEqual({ news: { kind: 'none' }, seen: null })
    const listed = entryNews(null, expected, [{ id, state: 'pending' }])
    expect(listed).toEqual({ news: { kind: 'none' }, seen: { id, state: 'pending' } })
    expect(entryNews(listed.seen, expected, [{ id: other, state: 'pending' }])).toEqual({
      news: { kind: 'gone' },
      seen: null,
    })
  })

  it('reports a turn into a conflict once, not a conflict the page already knew of', () => {
    const expected = { id, state: 'pending' as const }
    const sending = entryNews(null, expected, [{ id, state: 'sending' }])
    const conflict = entryNews(sending.seen, expected, [{ id, state: 'conflict' }])
    expect(conflict.news).toEqual({ kind: 'conflict' })
    expect(entryNews(conflict.seen, expected, [{ id, state: 'conflict' }]).news).toEqual({ kind: 'none' })
    // Opened already in conflict: the page shows it from the start.
    expect(entryNews(null, { id, state: 'conflict' }, [{ id, state: 'conflict' }]).news).toEqual({
      kind: 'none',
    })
  })

  it('starts over for another entry, and has nothing to follow without one', () => {
    const seen = { id: other, state: 'pending' as const }
    expect(entryNews(seen, { id, state: 'pending' }, []).news).toEqual({ kind: 'none' })
    expect(entryNews(seen, null, [{ id: other, state: 'pending' }])).toEqual({
      news: { kind: 'none' },
      seen: null,
    })
  })
})
