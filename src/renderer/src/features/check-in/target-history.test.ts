import { describe, expect, it } from 'vitest'
import type { PastCheckIn, PastTargetValue } from '@shared/domain/check-in-history'
import { uuidFromShortId } from '@shared/ids'
import { targetHistory } from './target-history'

const SHORT = 'kHLABHdtjTkzZF2eK502u'
// The same target as a check-in's snapshot names it: a canonical UUID (operately-api.md §4).
const UUID_OF_SHORT = uuidFromShortId(SHORT)!

const target = (id: string | null, value: number | null): PastTargetValue => ({
  id,
  name: 'Weekly active teams',
  value,
  previousValue: null,
  from: 40,
  to: 120,
  unit: 'teams',
})

const checkIn = (
  id: string,
  publishedAt: string | null,
  targets: PastTargetValue[],
  insertedAt: string | null = publishedAt,
): PastCheckIn => ({
  id,
  status: 'on_track',
  state: 'published',
  insertedAt,
  publishedAt,
  author: null,
  message: null,
  targets,
  checklist: [],
  formerMentions: [],
  webUrl: null,
})

describe('targetHistory', () => {
  it("gives the target's recorded values oldest first, from a list that comes newest first", () => {
    const list = [
      checkIn('c3', '2026-03-01T10:00:00Z', [target(SHORT, 72), target('other-Zz', 2.4)]),
      checkIn('c2', '2026-02-01T10:00:00Z', [target(SHORT, 48)]),
      checkIn('c1', '2026-01-01T10:00:00Z', [target(SHORT, 44)]),
    ]
    expect(targetHistory(list, SHORT)).toEqual([
      { at: '2026-01-01T10:00:00Z', value: 44 },
      { at: '2026-02-01T10:00:00Z', value: 48 },
      { at: '2026-03-01T10:00:00Z', value: 72 },
    ])
  })

  it('matches the target by the id the server reads (slug, short id), and only that target', () => {
    const list = [
      checkIn('c3', '2026-03-01T10:00:00Z', [target(UUID_OF_SHORT, 50)]),
      checkIn('c2', '2026-02-01T10:00:00Z', [target(`weekly-active-teams-${SHORT}`, 48)]),
      checkIn('c1', '2026-01-01T10:00:00Z', [target('another-target-Q9', 3)]),
    ]
    expect(targetHistory(list, SHORT)).toEqual([
      { at: '2026-02-01T10:00:00Z', value: 48 },
      { at: '2026-03-01T10:00:00Z', value: 50 },
    ])
  })

  it('leaves out check-ins without a time, a value, or the target; uses the creation time when unpublished', () => {
    const list = [
      checkIn('no-time', null, [target(SHORT, 1)], null),
      checkIn('bad-time', 'not a time', [target(SHORT, 2)], null),
      checkIn('no-value', '2026-01-05T00:00:00Z', [target(SHORT, null)]),
      checkIn('no-id', '2026-01-06T00:00:00Z', [target(null, 5)]),
      checkIn('inserted', null, [target(SHORT, 7)], '2026-01-07T00:00:00Z'),
    ]
    expect(targetHistory(list, SHORT)).toEqual([{ at: '2026-01-07T00:00:00Z', value: 7 }])
  })

  it('is empty for no check-ins', () => {
    expect(targetHistory([], SHORT)).toEqual([])
  })
})
