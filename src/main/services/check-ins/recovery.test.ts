import { describe, expect, it } from 'vitest'
import { checkInSchema } from '../operately/schemas'
import {
  CLOCK_SKEW_MS,
  findEarlierAttempt,
  findOwnCheckIn,
  sameDocument,
  sameJson,
  statesFor,
} from './recovery'

const ada = 'ada-lovelace-D4JcwFdlaMHYHBE0o9yzOe'
const message =
  '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"On track"}]}]}'
// The same document as the server re-encodes it: keys in another order.
const reencoded =
  '{"content":[{"content":[{"text":"On track","type":"text"}],"type":"paragraph"}],"type":"doc"}'
const since = Date.parse('2026-03-10T12:00:00Z')

const checkIn = (over: Record<string, unknown>) =>
  checkInSchema.parse({
    id: '2026-03-10-Xy1',
    status: 'on_track',
    state: 'published',
    message: reencoded,
    inserted_at: '2026-03-10T12:00:01Z',
    author: { id: ada, full_name: 'Ada Lovelace' },
    ...over,
  })

const want = { personId: ada, status: 'on_track', message, since, taken: () => false }

describe('sameJson / sameDocument', () => {
  it('ignores key order, not content', () => {
    expect(sameDocument(message, reencoded)).toBe(true)
    expect(sameDocument(message, reencoded.replace('On track', 'On track!'))).toBe(false)
    expect(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2, c: 3 }] })).toBe(false)
    expect(sameJson([1, 2], [2, 1])).toBe(false)
    expect(sameJson({ a: undefined }, { b: undefined })).toBe(false)
    expect(sameDocument('not json', 'not json')).toBe(false)
    expect(sameDocument(null, message)).toBe(false)
  })
})

describe('findEarlierAttempt', () => {
  it('finds the check-in by this person with the same status and document since the first attempt', () => {
    expect(findEarlierAttempt([checkIn({})], want)?.id).toBe('2026-03-10-Xy1')
    // The person's slug may have changed since sign-in.
    expect(
      findEarlierAttempt(
        [checkIn({ author: { id: 'ada-king-D4JcwFdlaMHYHBE0o9yzOe', full_name: 'Ada King' } })],
        want,
      ),
    ).not.toBeNull()
  })

  it('allows for a server clock a little behind ours, not more', () => {
    const justBefore = new Date(since - CLOCK_SKEW_MS + 1000).toISOString()
    const longBefore = new Date(since - CLOCK_SKEW_MS - 1000).toISOString()
    expect(findEarlierAttempt([checkIn({ inserted_at: justBefore })], want)).not.toBeNull()
    expect(findEarlierAttempt([checkIn({ inserted_at: longBefore })], want)).toBeNull()
  })

  it('never takes an older identical check-in, one without a time, or one by someone else', () => {
    expect(findEarlierAttempt([checkIn({ inserted_at: '2026-02-01T09:00:00Z' })], want)).toBeNull()
    expect(findEarlierAttempt([checkIn({ inserted_at: null, published_at: null })], want)).toBeNull()
    expect(
      findEarlierAttempt(
        [checkIn({ author: { id: 'grace-hopper-FiQgT6HDF6tNR1BtQV5AmZ', full_name: 'Grace' } })],
        want,
      ),
    ).toBeNull()
  })

  it('matches on message and status alone when the list names no author', () => {
    expect(findEarlierAttempt([checkIn({ author: null })], want)).not.toBeNull()
    expect(findEarlierAttempt([checkIn({ author: null, status: 'caution' })], want)).toBeNull()
  })

  it('skips drafts, other messages and check-ins another submission already claimed', () => {
    expect(findEarlierAttempt([checkIn({ state: 'draft' })], want)).toBeNull()
    expect(findEarlierAttempt([checkIn({ message: message.replace('On', 'Off') })], want)).toBeNull()
    expect(findEarlierAttempt([checkIn({})], { ...want, taken: (id) => id === '2026-03-10-Xy1' })).toBeNull()
  })

  it('takes the oldest match when there are several', () => {
    const list = [
      checkIn({ id: '2026-03-10-second', inserted_at: '2026-03-10T12:00:09Z' }),
      checkIn({ id: '2026-03-10-first', inserted_at: '2026-03-10T12:00:02Z' }),
    ]
    expect(findEarlierAttempt(list, want)?.id).toBe('2026-03-10-first')
  })
})

describe('findOwnCheckIn: drafts and scheduled check-ins', () => {
  const own = { before: [], personId: ada, status: 'on_track', message, taken: () => false }
  const draft = checkIn({ id: 'draft-1', state: 'draft', published_at: null })
  const scheduled = checkIn({ id: 'later-1', state: 'scheduled', scheduled_at: '2026-03-16T08:00:00Z' })

  it('a check-in posted at once is never taken for a draft or a scheduled one with the same words', () => {
    expect(findOwnCheckIn([draft, scheduled], { ...own, states: statesFor(undefined) })).toBeNull()
    expect(findOwnCheckIn([draft, scheduled], { ...own, states: statesFor({ mode: 'now' }) })).toBeNull()
    expect(findOwnCheckIn([draft, scheduled], own)).toBeNull()
  })

  it('a draft is found as a draft, or published since in Operately; a scheduled one as scheduled or published', () => {
    expect(findOwnCheckIn([scheduled, draft], { ...own, states: statesFor({ mode: 'draft' }) })?.id).toBe(
      'draft-1',
    )
    const at = { mode: 'scheduled' as const, at: '2026-03-16T08:00:00Z' }
    expect(findOwnCheckIn([draft, scheduled], { ...own, states: statesFor(at) })?.id).toBe('later-1')
    const publishedSince = checkIn({ id: 'later-1', state: 'published' })
    expect(findOwnCheckIn([draft, publishedSince], { ...own, states: statesFor(at) })?.id).toBe('later-1')
    expect(findOwnCheckIn([scheduled], { ...own, states: statesFor({ mode: 'draft' }) })).toBeNull()
  })
})
