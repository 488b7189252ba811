import { describe, expect, it } from 'vitest'
import type { AssignmentsView, InboxItem } from '@shared/domain/assignments'
import {
  goalGroups,
  isInboxEmpty,
  itemName,
  kindLabel,
  reviewLabel,
  roundGoalIds,
  waitingText,
} from './inbox-display'

// Local times (the constructor reads them on this machine's calendar), so the tests hold in any time zone.
const now = new Date(2026, 10, 25, 16, 5)
const local = (month: number, day: number, hours: number, minutes: number) =>
  new Date(2026, month, day, hours, minutes).toISOString()

const item = (id: string, extra: Partial<InboxItem> = {}): InboxItem => ({
  id: `goal_check_in:owner:${id}`,
  kind: 'goal_check_in',
  goalId: id,
  projectId: null,
  review: null,
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
          overdue: [item('ship-the-engine-kHLABHdtjTkzZF2eK502u')],
          today: [item('kHLABHdtjTkzZF2eK502u'), item('other-FTjZweJIkc6RtMHf1SwQI3')],
          thisWeek: [],
          later: [],
        },
      }),
    )
    expect(ids).toEqual(['ship-the-engine-kHLABHdtjTkzZF2eK502u', 'other-FTjZweJIkc6RtMHf1SwQI3'])
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
