import { describe, expect, it } from 'vitest'
import { assignmentsSchema } from '../operately/schemas'
import { groupAssignments, type InboxGroups } from './grouping'

// Server answers are written as Operately sends them and parsed by the client's own schema, so these
// tests see exactly what the service sees.

const baseUrl = 'https://app.operately.com'
let sequence = 0

function goalCheckIn(goalName: string, due: string | null, role: 'owner' | 'reviewer' = 'owner') {
  sequence += 1
  const goalId = `${goalName.toLowerCase().replace(/\W+/g, '-')}-G${sequence}`
  return {
    __typename: 'assignment',
    resource_id: role === 'owner' ? goalId : `2026-03-03-C${sequence}`,
    name: `${goalName} - Goal Update`,
    type: 'goal_update',
    role,
    due: due ? `${due}T00:00:00Z` : null,
    due_date: due,
    due_status: 'overdue',
    due_status_label: 'Overdue by 1 day',
    action_label: role === 'owner' ? 'Submit goal progress update' : 'Review goal progress update',
    path:
      role === 'owner' ? `/acme/goals/${goalId}/progress-updates/new` : `/acme/goal-check-ins/C${sequence}`,
    origin: { id: goalId, name: goalName, type: 'goal', path: `/acme/goals/${goalId}`, space_name: 'R&D' },
    author_id: null,
    author_name: null,
    description: null,
    task_status: null,
  }
}

function projectCheckIn(projectName: string, due: string) {
  sequence += 1
  const id = `${projectName.toLowerCase().replace(/\W+/g, '-')}-P${sequence}`
  return {
    resource_id: id,
    name: `${projectName} - Check-in`,
    type: 'check_in',
    role: 'owner',
    due: `${due}T00:00:00Z`,
    due_date: due,
    path: `/acme/projects/${id}/check-ins/new`,
    origin: { id, name: projectName, type: 'project', path: `/acme/projects/${id}` },
  }
}

const server = (...assignments: object[]) =>
  assignmentsSchema.parse({ due_soon: [{ origin: null, assignments }], needs_review: [], upcoming: [] })

const at = (iso: string, timeZone: string, ...assignments: object[]): InboxGroups =>
  groupAssignments(server(...assignments), { now: Date.parse(iso), timeZone, baseUrl })

/** Goal names per group, the way the inbox lists them. */
const names = (groups: InboxGroups) => ({
  overdue: groups.goalCheckIns.overdue.map((i) => i.originName),
  today: groups.goalCheckIns.today.map((i) => i.originName),
  thisWeek: groups.goalCheckIns.thisWeek.map((i) => i.originName),
  later: groups.goalCheckIns.later.map((i) => i.originName),
})

describe('grouping on the user calendar around month ends and time zones', () => {
  it('Nov 30 evening in Los Angeles (UTC−8): a check-in due Dec 1 is due tomorrow, not today', () => {
    // 20:00 on Monday Nov 30 in Los Angeles is already 04:00 on Dec 1 in UTC.
    const evening = at(
      '2026-12-01T04:00:00Z',
      'America/Los_Angeles',
      goalCheckIn('Grow revenue', '2026-12-01'),
      goalCheckIn('Hire a team', '2026-11-01'),
    )
    expect(names(evening)).toEqual({
      overdue: ['Hire a team'],
      today: [],
      thisWeek: ['Grow revenue'],
      later: [],
    })
    expect(evening.goalCheckIns.thisWeek[0]?.dueLabel).toBe('Due tomorrow')
    expect(evening.goalCheckIns.overdue[0]?.dueLabel).toBe('Overdue by 29 days')
    expect(evening.dueNowCount).toBe(1)

    // The next morning in Los Angeles it is due today.
    const morning = at(
      '2026-12-01T17:00:00Z',
      'America/Los_Angeles',
      goalCheckIn('Grow revenue', '2026-12-01'),
    )
    expect(names(morning).today).toEqual(['Grow revenue'])
    expect(morning.goalCheckIns.today[0]?.dueLabel).toBe('Due today')
    expect(morning.dueNowCount).toBe(1)
  })

  it('Dec 1 morning in Auckland (UTC+13): due today although it is still Nov 30 in UTC', () => {
    // 08:00 on Tuesday Dec 1 in Auckland is 19:00 on Nov 30 in UTC.
    const groups = at(
      '2026-11-30T19:00:00Z',
      'Pacific/Auckland',
      goalCheckIn('Grow revenue', '2026-12-01'),
      goalCheckIn('Cut costs', '2026-11-30'),
    )
    expect(names(groups)).toEqual({
      overdue: ['Cut costs'],
      today: ['Grow revenue'],
      thisWeek: [],
      later: [],
    })
    expect(groups.goalCheckIns.overdue[0]?.dueLabel).toBe('Overdue by 1 day')
    expect(groups.dueNowCount).toBe(2)
  })

  it('Dec 31 → Jan 1: a check-in due on New Year is due tomorrow until local midnight, then today', () => {
    const items = [goalCheckIn('Grow revenue', '2027-01-01'), goalCheckIn('Plan 2027', '2027-01-15')]
    const newYearsEve = at('2026-12-31T22:30:00Z', 'Europe/Berlin', ...items) // 23:30 in Berlin
    expect(names(newYearsEve)).toEqual({
      overdue: [],
      today: [],
      thisWeek: ['Grow revenue'],
      later: ['Plan 2027'],
    })
    expect(newYearsEve.goalCheckIns.later[0]?.dueLabel).toBe('Due Jan 15, 2027')
    expect(newYearsEve.dueNowCount).toBe(0)

    const newYear = at('2026-12-31T23:30:00Z', 'Europe/Berlin', ...items) // 00:30 on Jan 1 in Berlin
    expect(names(newYear)).toEqual({
      overdue: [],
      today: ['Grow revenue'],
      thisWeek: [],
      later: ['Plan 2027'],
    })
    expect(newYear.goalCheckIns.later[0]?.dueLabel).toBe('Due Jan 15')
    expect(newYear.dueNowCount).toBe(1)
  })

  it('Feb 28 → Mar 1 counts Feb 29 in a leap year and skips it otherwise', () => {
    const leap = at('2028-02-28T12:00:00Z', 'UTC', goalCheckIn('Grow revenue', '2028-03-01'))
    expect(leap.goalCheckIns.thisWeek[0]?.dueLabel).toBe('Due Wednesday')
    const common = at('2027-02-28T12:00:00Z', 'UTC', goalCheckIn('Grow revenue', '2027-03-01'))
    // Sunday Feb 28, 2027: Monday Mar 1 is tomorrow, but in the next ISO week.
    expect(common.goalCheckIns.later[0]?.dueLabel).toBe('Due tomorrow')
    const leapDay = at('2028-02-29T12:00:00Z', 'UTC', goalCheckIn('Grow revenue', '2028-02-01'))
    expect(leapDay.goalCheckIns.overdue[0]?.dueLabel).toBe('Overdue by 28 days')
  })

  it('DST switch in Europe/Berlin (Sunday Mar 29, 2026): the 23-hour day keeps its calendar date', () => {
    const items = [goalCheckIn('Today goal', '2026-03-29'), goalCheckIn('Monday goal', '2026-03-30')]
    // 00:30 CET, before the switch, and 23:30 CEST, after it: both still Mar 29 locally.
    for (const iso of ['2026-03-28T23:30:00Z', '2026-03-29T21:30:00Z']) {
      const groups = at(iso, 'Europe/Berlin', ...items)
      // Sunday ends the ISO week, so Monday's check-in belongs to "Later".
      expect(names(groups), iso).toEqual({
        overdue: [],
        today: ['Today goal'],
        thisWeek: [],
        later: ['Monday goal'],
      })
      expect(groups.goalCheckIns.later[0]?.dueLabel).toBe('Due tomorrow')
    }
    const mondayMorning = at('2026-03-29T22:30:00Z', 'Europe/Berlin', ...items) // 00:30 CEST on Monday
    expect(names(mondayMorning)).toEqual({
      overdue: ['Today goal'],
      today: ['Monday goal'],
      thisWeek: [],
      later: [],
    })
  })

  it('DST end in America/New_York (Sunday Nov 1, 2026): the 25-hour day is "today" from start to end', () => {
    const items = [goalCheckIn('Grow revenue', '2026-11-01')]
    // 00:30 EDT (UTC−4) and 23:30 EST (UTC−5): the UTC date is already Nov 2 at the second one.
    for (const iso of ['2026-11-01T04:30:00Z', '2026-11-02T04:30:00Z']) {
      const groups = at(iso, 'America/New_York', ...items)
      expect(names(groups).today, iso).toEqual(['Grow revenue'])
      expect(groups.dueNowCount).toBe(1)
    }
    const monday = at('2026-11-02T05:30:00Z', 'America/New_York', ...items) // 00:30 EST Monday
    expect(names(monday).overdue).toEqual(['Grow revenue'])
  })

  it('DST start in America/New_York (Sunday Mar 8, 2026): Tuesday is in next week, on either side of the switch', () => {
    for (const iso of ['2026-03-08T06:30:00Z', '2026-03-09T03:30:00Z']) {
      const groups = at(iso, 'America/New_York', goalCheckIn('Grow revenue', '2026-03-10'))
      // Sunday: Tuesday is two days away but in the next ISO week.
      expect(names(groups).later, iso).toEqual(['Grow revenue'])
      expect(groups.goalCheckIns.later[0]?.dueLabel).toBe('Due Tuesday')
    }
  })
})

describe('grouping rules', () => {
  it('orders by due date, then goal name, with undated check-ins last under "Later"', () => {
    const groups = at(
      '2026-03-10T12:00:00Z',
      'UTC',
      goalCheckIn('zeta', '2026-03-01'),
      goalCheckIn('Alpha', '2026-03-01'),
      goalCheckIn('Beta', '2026-02-01'),
      goalCheckIn('Undated', null),
      goalCheckIn('Next month', '2026-04-01'),
      goalCheckIn('Friday', '2026-03-13'),
      goalCheckIn('Thursday', '2026-03-12'),
    )
    expect(names(groups)).toEqual({
      overdue: ['Beta', 'Alpha', 'zeta'],
      today: [],
      thisWeek: ['Thursday', 'Friday'],
      later: ['Next month', 'Undated'],
    })
    expect(groups.goalCheckIns.later.map((i) => i.dueLabel)).toEqual(['Due Apr 1', 'No due date'])
    expect(groups.dueNowCount).toBe(3)
  })

  it('puts review items under "to review" and every other assignment under "other"', () => {
    const groups = at(
      '2026-03-10T12:00:00Z',
      'UTC',
      goalCheckIn('Hire a data team', '2026-03-03', 'reviewer'),
      projectCheckIn('Launch site', '2026-03-06'),
      { ...goalCheckIn('Mystery', '2026-03-01'), type: 'space_task' },
      { ...goalCheckIn('Future thing', '2026-03-01'), type: 'hologram_review' },
      goalCheckIn('Grow revenue', '2026-03-09'),
    )
    expect(groups.toReview.map((i) => [i.kind, i.role, i.originName])).toEqual([
      ['goal_check_in', 'reviewer', 'Hire a data team'],
    ])
    expect(groups.other.map((i) => [i.kind, i.originName])).toEqual([
      ['other', 'Future thing'],
      ['space_task', 'Mystery'],
      ['project_check_in', 'Launch site'],
    ])
    // The project check-in you owe names its project (the row writes it); no other item names one.
    const launch = groups.other.find((i) => i.kind === 'project_check_in')!
    expect(launch.projectId).toMatch(/^launch-site-/)
    expect(groups.other.filter((i) => i !== launch).map((i) => i.projectId)).toEqual([null, null])
    expect(groups.toReview.map((i) => i.projectId)).toEqual([null])
    // A check-in to acknowledge names itself (the reviewer row's resource id), to be read in the popup.
    expect(groups.toReview.map((i) => i.review)).toEqual([{ kind: 'goal', checkInId: expect.any(String) }])
    expect(
      [...groups.other, ...Object.values(groups.goalCheckIns).flat()].every((i) => i.review === null),
    ).toBe(true)
    // Only the goal check-in you owe counts towards the badge.
    expect(groups.dueNowCount).toBe(1)
  })

  it("gives each item its goal, its page on the signed-in server and Operately's outdated flag", () => {
    const owed = goalCheckIn('Grow revenue', '2026-03-01')
    const groups = at('2026-03-04T12:00:00Z', 'UTC', owed, goalCheckIn('Fresh', '2026-03-02'))
    const [item, fresh] = groups.goalCheckIns.overdue
    expect(item).toEqual({
      id: `goal_check_in:owner:${owed.resource_id}`,
      kind: 'goal_check_in',
      goalId: owed.origin.id,
      projectId: null,
      review: null,
      title: 'Grow revenue - Goal Update',
      originName: 'Grow revenue',
      dueDate: '2026-03-01',
      dueLabel: 'Overdue by 3 days',
      role: 'owner',
      isOutdated: true,
      webUrl: `${baseUrl}${owed.path}`,
    })
    expect(fresh?.isOutdated).toBe(false)
  })

  it('never links outside the signed-in server, whatever path the server sends', () => {
    const groups = at(
      '2026-03-10T12:00:00Z',
      'UTC',
      { ...goalCheckIn('A', '2026-03-01'), path: 'https://evil.example/x', origin: null },
      { ...goalCheckIn('B', '2026-03-01'), path: '//evil.example/x', origin: null },
    )
    expect(groups.goalCheckIns.overdue.map((i) => i.webUrl)).toEqual([null, null])
  })

  it('lists an item the server repeats in two groups once', () => {
    const item = goalCheckIn('Grow revenue', '2026-03-01')
    const groups = groupAssignments(
      assignmentsSchema.parse({
        due_soon: [{ origin: null, assignments: [item] }],
        needs_review: [],
        upcoming: [{ origin: null, assignments: [item] }],
      }),
      { now: Date.parse('2026-03-10T12:00:00Z'), timeZone: 'UTC', baseUrl },
    )
    expect(groups.goalCheckIns.overdue).toHaveLength(1)
  })

  it('reads a due timestamp at UTC midnight as that calendar date, and any other moment on the local calendar', () => {
    const midnight = { ...goalCheckIn('Midnight', null), due: '2026-03-11T00:00:00Z', due_date: null }
    const review = {
      ...goalCheckIn('Review', null, 'reviewer'),
      due: '2026-03-11T03:00:00Z', // still Mar 10 in New York
      due_date: null,
    }
    const groups = at('2026-03-10T15:00:00Z', 'America/New_York', midnight, review)
    expect(groups.goalCheckIns.thisWeek.map((i) => i.dueDate)).toEqual(['2026-03-11'])
    expect(groups.toReview.map((i) => i.dueDate)).toEqual(['2026-03-10'])
  })
})
