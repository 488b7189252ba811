import { describe, expect, it } from 'vitest'
import type { AssignmentsView, InboxItem } from '@shared/domain/assignments'
import {
  clockTime,
  freshness,
  goalGroups,
  isInboxEmpty,
  itemName,
  kindLabel,
  reviewLabel,
  roundGoalIds,
  syncedAtText,
  waitingText,
} from './inbox-display'

// Local times (the constructor reads them on this machine's calendar), so the tests hold in any time zone.
const now = new Date(2026, 10, 25, 16, 5)
const local = (month: number, day: number, hours: number, minutes: number, year = 2026) =>
  new Date(year, month, day, hours, minutes).toISOString()

const item = (id: string, extra: Partial<InboxItem> = {}): InboxItem => ({
  id: `goal_check_in:owner:${id}`,
  kind: 'goal_check_in',
  goalId: id,
  title: `${id} - Goal Update`,
  originName: id,
  dueDate: '2026-11-01',
  dueLabel: 'Overdue by 24 days',
  role: 'owner',
  isOutdated: true,
  webUrl: null,
  ...extra,
})

const view = (extra: Partial<AssignmentsView> = {}): AssignmentsView => ({
  goalCheckIns: { overdue: [], today: [], thisWeek: [], later: [] },
  toReview: [],
  other: [],
  dueNowCount: 0,
  fetchedAt: local(10, 25, 10, 42),
  fromCache: false,
  refreshing: false,
  lastError: null,
  ...extra,
})

describe('clock times', () => {
  it('are 24-hour with two-digit hours and minutes', () => {
    expect(clockTime(new Date(2026, 0, 2, 9, 5))).toBe('09:05')
    expect(clockTime(new Date(2026, 0, 2, 21, 59))).toBe('21:59')
    expect(clockTime(new Date(2026, 0, 2, 0, 0))).toBe('00:00')
  })
})

describe('when the lists were last synced', () => {
  it('says only the time today', () => {
    expect(syncedAtText(local(10, 25, 10, 42), now)).toBe('10:42')
  })

  it('says "yesterday" for yesterday, also across a month end', () => {
    expect(syncedAtText(local(10, 24, 23, 58), now)).toBe('yesterday 23:58')
    expect(syncedAtText(local(9, 31, 8, 0), new Date(2026, 10, 1, 7, 0))).toBe('yesterday 08:00')
  })

  it('gives the day for older answers, and the year when it is not this year', () => {
    expect(syncedAtText(local(10, 20, 8, 30), now)).toBe('Nov 20, 08:30')
    expect(syncedAtText(local(11, 30, 17, 15, 2025), now)).toBe('Dec 30, 2025, 17:15')
  })

  it('does not invent a time it cannot read', () => {
    expect(syncedAtText('not a time', now)).toBe('at an unknown time')
  })
})

describe('the freshness line', () => {
  it('says when the lists were updated, after a successful read', () => {
    expect(freshness(view(), now)).toEqual({ text: 'Updated 10:42', stale: false, detail: null })
  })

  it('says "offline" when the server could not be reached, or has not answered since the app started', () => {
    const offline = { kind: 'offline' as const, message: 'The server could not be reached.' }
    expect(freshness(view({ fromCache: true, lastError: offline }), now)).toEqual({
      text: 'Offline · last synced 10:42',
      stale: true,
      detail: null,
    })
    expect(freshness(view({ fromCache: true }), now).text).toBe('Offline · last synced 10:42')
    expect(freshness(view({ fromCache: true, lastError: { kind: 'timeout', message: '…' } }), now).text).toBe(
      'Offline · last synced 10:42',
    )
  })

  it('does not call a refused token "offline": it says the update failed and why', () => {
    const refused = { kind: 'unauthorized' as const, message: 'The server no longer accepts this token.' }
    expect(freshness(view({ fromCache: true, lastError: refused }), now)).toEqual({
      text: 'Could not update · last synced 10:42',
      stale: true,
      detail: 'The server no longer accepts this token.',
    })
  })
})

describe('item labels', () => {
  it('name an item after its goal or project, or its own title when there is none', () => {
    expect(itemName(item('Ship it'))).toBe('Ship it')
    expect(itemName(item('x', { originName: '  ', title: 'Write the retrospective' }))).toBe(
      'Write the retrospective',
    )
  })

  it('say what kind of thing an item is, and what a reviewer is asked to do', () => {
    expect(kindLabel('project_check_in')).toBe('Project check-in')
    expect(kindLabel('space_task')).toBe('Task')
    expect(kindLabel('other')).toBe('Assignment')
    expect(reviewLabel('goal_check_in')).toBe('Goal check-in to acknowledge')
    expect(reviewLabel('milestone')).toBe('Milestone to review')
  })
})

describe('how long a review has waited', () => {
  it('counts days on the local calendar, with words for today and yesterday', () => {
    expect(waitingText('2026-11-25', now)).toBe('Waiting since today')
    expect(waitingText('2026-11-24', now)).toBe('Waiting since yesterday')
    expect(waitingText('2026-10-31', now)).toBe('Waiting 25 days')
    expect(waitingText('2026-02-28', new Date(2026, 2, 1, 8, 0))).toBe('Waiting since yesterday')
  })

  it('says nothing when the date is unknown or still ahead', () => {
    expect(waitingText(null, now)).toBeNull()
    expect(waitingText('2026-11-26', now)).toBeNull()
    expect(waitingText('soon', now)).toBeNull()
  })
})

describe('goal check-in groups', () => {
  it('come most urgent first, and empty groups are left out', () => {
    const groups = goalGroups(
      view({
        goalCheckIns: { overdue: [item('a')], today: [], thisWeek: [item('b')], later: [item('c')] },
      }),
    )
    expect(groups.map((g) => [g.title, g.items.map((i) => i.goalId)])).toEqual([
      ['Overdue', ['a']],
      ['This week', ['b']],
      ['Later', ['c']],
    ])
  })
})

describe('the round', () => {
  it('visits what is due by the end of the week, most urgent first, never what is due later', () => {
    const ids = roundGoalIds(
      view({
        goalCheckIns: {
          overdue: [item('a'), item('b')],
          today: [item('c')],
          thisWeek: [item('d')],
          later: [item('e')],
        },
      }),
    )
    expect(ids).toEqual(['a', 'b', 'c', 'd'])
  })

  it('visits a goal once even when the server lists it twice or under another form of its id', () => {
    const ids = roundGoalIds(
      view({
        goalCheckIns: {
          overdue: [item('ship-the-engine-a7B017TjZJapP5sUAvqsk')],
          today: [item('a7B017TjZJapP5sUAvqsk'), item('other-5JZPmU98aSwHjC7VrImG8t')],
          thisWeek: [],
          later: [],
        },
      }),
    )
    expect(ids).toEqual(['ship-the-engine-a7B017TjZJapP5sUAvqsk', 'other-5JZPmU98aSwHjC7VrImG8t'])
  })

  it('skips items that name no goal', () => {
    expect(
      roundGoalIds(
        view({
          goalCheckIns: { overdue: [item('a', { goalId: null })], today: [], thisWeek: [], later: [] },
        }),
      ),
    ).toEqual([])
  })
})

describe('an empty inbox', () => {
  it('has nothing owed, nothing to review and nothing else', () => {
    expect(isInboxEmpty(view())).toBe(true)
    expect(isInboxEmpty(view({ toReview: [item('a', { role: 'reviewer' })] }))).toBe(false)
    expect(isInboxEmpty(view({ other: [item('a', { kind: 'milestone' })] }))).toBe(false)
    expect(
      isInboxEmpty(view({ goalCheckIns: { overdue: [], today: [], thisWeek: [], later: [item('a')] } })),
    ).toBe(false)
  })
})
