import { describe, expect, it } from 'vitest'
import type { AssignmentsView, InboxItem } from '@shared/domain/assignments'
import { shortIdFromUuid, uuidFromShortId } from '@shared/ids'
import { roundGoalIds } from './inbox-display'
import { dueGoalsOf, endRound, nextInRound, startRound, stepLine, summaryLine, type RoundStep } from './round'

const sent = (goalId: string, goalName = goalId): RoundStep => ({
  goalId,
  goalName,
  outcome: 'sent',
  status: 'on_track',
})
const skipped = (goalId: string): RoundStep => ({
  goalId,
  goalName: goalId,
  outcome: 'skipped',
  status: null,
})

describe('the weekly round', () => {
  it('opens the first goal and queues the others in order, with their names as the inbox lists them', () => {
    expect(startRound(['a', 'b', 'c'], { a: 'Goal a', b: 'Goal b', c: 'Goal c' })).toEqual({
      section: 'check-ins',
      goalId: 'a',
      round: ['b', 'c'],
      roundLog: [],
      roundNames: { a: 'Goal a', b: 'Goal b', c: 'Goal c' },
    })
  })

  it('has nothing to start when no goal is due', () => {
    expect(startRound([])).toBeNull()
  })

  it('moves on to each queued goal once, keeping what became of each, then shows the summary', () => {
    const visited: string[] = []
    let route = startRound(['a', 'b', 'c'])!
    while (route.section === 'check-ins') {
      visited.push(route.goalId!)
      const step = route.goalId === 'b' ? skipped('b') : sent(route.goalId!)
      route = nextInRound(route.round ?? [], [...(route.roundLog ?? []), step])
    }
    expect(visited).toEqual(['a', 'b', 'c'])
    expect(route).toEqual({
      section: 'inbox',
      roundSummary: { steps: [sent('a'), skipped('b'), sent('c')], notVisited: 0 },
    })
  })

  it('passes over a goal no longer due (checked in elsewhere meanwhile), saying so, and opens the next', () => {
    // Gone from the inbox, the goal is named as the inbox listed it when the round started.
    const due = { isDue: (id: string) => id !== 'b', nameOf: () => null }
    const names = { b: 'Goal b', c: 'Goal c' }
    expect(nextInRound(['b', 'c'], [sent('a')], due, names)).toEqual({
      section: 'check-ins',
      goalId: 'c',
      round: [],
      roundLog: [sent('a'), { goalId: 'b', goalName: 'Goal b', outcome: 'not_due', status: null }],
      roundNames: names,
    })
    // The last goal no longer due: straight to the summary.
    expect(nextInRound(['b'], [sent('a')], due, names)).toEqual({
      section: 'inbox',
      roundSummary: {
        steps: [sent('a'), { goalId: 'b', goalName: 'Goal b', outcome: 'not_due', status: null }],
        notVisited: 0,
      },
    })
  })

  it('ended early, counts the goals not visited; ended before anything happened, shows no summary', () => {
    expect(endRound(['c', 'd'], [sent('a')])).toEqual({
      section: 'inbox',
      roundSummary: { steps: [sent('a')], notVisited: 3 },
    })
    expect(endRound(['b'], [])).toEqual({ section: 'inbox' })
  })
})

describe('the round in words', () => {
  it('says each goal in one line', () => {
    expect(stepLine(sent('x', 'Reach 10k weekly users'))).toBe('Reach 10k weekly users — sent, on track')
    expect(stepLine({ ...sent('x', 'Hire'), outcome: 'queued', status: 'caution' })).toBe(
      'Hire — queued to send when Operately can be reached, caution',
    )
    expect(stepLine(skipped('Docs'))).toBe('Docs — skipped, still due')
    expect(stepLine({ ...skipped('Docs'), outcome: 'not_due' })).toBe('Docs — no longer due')
  })

  it('sums the round up', () => {
    expect(
      summaryLine({ steps: [sent('a'), sent('b'), skipped('c'), sent('d'), sent('e')], notVisited: 0 }),
    ).toBe('4 check-ins sent, 1 skipped (still due).')
    expect(summaryLine({ steps: [sent('a')], notVisited: 2 })).toBe(
      '1 check-in sent, 2 not visited (still due).',
    )
    expect(
      summaryLine({
        steps: [sent('a'), skipped('b'), { ...skipped('c'), outcome: 'not_due' }],
        notVisited: 0,
      }),
    ).toBe('1 check-in sent, 1 skipped (still due), 1 no longer due.')
  })
})

const inboxItem = (goalId: string | null, originName: string): InboxItem => ({
  id: `goal_check_in:owner:${goalId ?? originName}`,
  kind: 'goal_check_in',
  goalId,
  projectId: null,
  review: null,
  title: `${originName} - Goal Update`,
  originName,
  dueDate: '2026-11-01',
  dueLabel: 'Overdue',
  role: 'owner',
  isOutdated: true,
  webUrl: null,
})

const lists = (
  goalCheckIns: Partial<AssignmentsView['goalCheckIns']>,
  fromCache = false,
): Pick<AssignmentsView, 'goalCheckIns' | 'fromCache'> => ({
  goalCheckIns: { overdue: [], today: [], thisWeek: [], later: [], ...goalCheckIns },
  fromCache,
})

const short = 'kHLABHdtjTkzZF2eK502u'
const uuid = uuidFromShortId(short)!
const noName = () => null

describe('what is due, as the round asks it', () => {
  it('is due by the end of this week, whatever form of its id the round or the lists use', () => {
    const due = dueGoalsOf(
      lists({
        overdue: [inboxItem(`ship-the-engine-${short}`, 'Ship the engine')],
        thisWeek: [inboxItem('other-FTjZweJIkc6RtMHf1SwQI3', 'Other')],
        later: [inboxItem('later-B7xWbQ1UoGfV1pQVoDEKsv', 'Later')],
      }),
      noName,
    )
    for (const id of [short, uuid, uuid.toUpperCase(), `renamed-${short}`, `ship-the-engine-${short}`])
      expect(due.isDue(id)).toBe(true)
    expect(due.isDue('FTjZweJIkc6RtMHf1SwQI3')).toBe(true)
    // Due later than this week, or not in the lists at all (checked in elsewhere): not due.
    expect(due.isDue('B7xWbQ1UoGfV1pQVoDEKsv')).toBe(false)
    expect(due.isDue('gone-Cxq8YqVYxHCVsk8kSRXZL1')).toBe(false)
    expect(due.isDue('')).toBe(false)
    expect(due.isDue('  ')).toBe(false)
  })

  it('counts every goal as due while the lists are not confirmed by the server (or not read yet)', () => {
    const kept = lists({ overdue: [inboxItem(short, 'Ship the engine')] }, true)
    expect(dueGoalsOf(kept, noName).isDue('gone-Cxq8YqVYxHCVsk8kSRXZL1')).toBe(true)
    expect(dueGoalsOf(undefined, noName).isDue(short)).toBe(true)
  })

  it('names a goal as its first item in the lists does, under any form of its id, else as it is known', () => {
    const due = dueGoalsOf(
      lists({
        overdue: [inboxItem(null, 'No goal'), inboxItem(`ship-${short}`, 'Ship the engine')],
        today: [inboxItem(uuid, 'Ship the engine, again')],
        later: [inboxItem('later-B7xWbQ1UoGfV1pQVoDEKsv', '  ')],
      }),
      (goalId) => (goalId === 'known-Cxq8YqVYxHCVsk8kSRXZL1' ? 'Known from its detail' : null),
    )
    expect(due.nameOf(uuid)).toBe('Ship the engine')
    expect(due.nameOf(short)).toBe('Ship the engine')
    // A goal due later is still named by the lists (its title when it has no name).
    expect(due.nameOf('B7xWbQ1UoGfV1pQVoDEKsv')).toBe('   - Goal Update')
    expect(due.nameOf('known-Cxq8YqVYxHCVsk8kSRXZL1')).toBe('Known from its detail')
    expect(due.nameOf('gone-FTjZweJIkc6RtMHf1SwQI3')).toBeNull()
    expect(due.nameOf('')).toBeNull()
  })

  it('tells each of a thousand due goals apart, visiting each once in the order of urgency', () => {
    const ids = Array.from({ length: 1_000 }, (_, i) =>
      shortIdFromUuid(`00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`),
    )
    const overdue = ids.slice(0, 600).map((id, i) => inboxItem(`goal-${i}-${id}`, `Goal ${i}`))
    // The same goals again under their UUIDs, and the rest due today.
    const today = [
      ...ids.slice(0, 600).map((id, i) => inboxItem(uuidFromShortId(id)!, `Goal ${i}`)),
      ...ids.slice(600).map((id, i) => inboxItem(id, `Goal ${600 + i}`)),
    ]
    const view = lists({ overdue, today })
    expect(roundGoalIds(view)).toEqual([...overdue, ...today.slice(600)].map((item) => item.goalId))
    const due = dueGoalsOf(view, noName)
    expect(ids.every((id) => due.isDue(id))).toBe(true)
    expect(due.isDue(shortIdFromUuid('00000000-0000-4000-8000-0000000003e8'))).toBe(false)
    expect(due.nameOf(ids[999]!)).toBe('Goal 999')
  })
})
