import { describe, expect, it } from 'vitest'
import type { SyncItem } from '@shared/domain/sync'
import { entryNews, listedEntry } from './queued-entry-watch'

const id = '6f1c2e0a-8b7d-4c1e-9a55-0c2d3e4f5a6b'
const other = '0b0a9c8d-1e2f-4a3b-8c4d-5e6f7a8b9c0d'

describe('following a queued save through the Sync list', () => {
  it('remembers the entry once listed, and calls it gone only after that', () => {
    const expected = { id, state: 'pending' as const }
    // A list read before the save was queued does not hold it: that is no news.
    expect(entryNews(null, expected, [])).toEqual({ news: { kind: 'none' }, seen: null })
    const listed = entryNews(null, expected, [{ id, state: 'pending' }])
    expect(listed).toEqual({ news: { kind: 'none' }, seen: { id, state: 'pending', behind: false } })
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

  it('reports an earlier save of the description that begins or stops waiting for the person, once each', () => {
    const expected = { id, state: 'pending' as const }
    const free = entryNews(null, expected, [{ id, state: 'pending', behind: false }])
    const held = entryNews(free.seen, expected, [{ id, state: 'pending', behind: true }])
    expect(held.news).toEqual({ kind: 'behind' })
    expect(entryNews(held.seen, expected, [{ id, state: 'pending', behind: true }]).news).toEqual({
      kind: 'none',
    })
    expect(entryNews(held.seen, expected, [{ id, state: 'pending', behind: false }]).news).toEqual({
      kind: 'behind',
    })
    // Opened already behind one: the page read why when it opened.
    expect(
      entryNews(null, { ...expected, behind: true }, [{ id, state: 'pending', behind: true }]).news,
    ).toEqual({ kind: 'none' })
  })
})

describe('listedEntry', () => {
  const item = (over: Partial<SyncItem>): SyncItem =>
    ({ id, kind: 'description', state: 'pending', targetId: 'launch', ...over }) as SyncItem
  it('says the entry waits behind an earlier save of the same description that waits for the person', () => {
    const earlier = item({ id: other, state: 'conflict' })
    expect(listedEntry([earlier, item({})], id)).toEqual([{ id, state: 'pending', behind: true }])
    // Another project's conflict, a check-in, or one queued after it holds nothing back.
    const elsewhere = item({ id: other, state: 'conflict', targetId: 'office' })
    expect(listedEntry([elsewhere, item({})], id)).toEqual([{ id, state: 'pending', behind: false }])
    expect(listedEntry([item({}), earlier], id)).toEqual([{ id, state: 'pending', behind: false }])
    expect(listedEntry([earlier], id)).toEqual([])
  })
})
