import { describe, expect, it } from 'vitest'
import { endRound, nextInRound, startRound, stepLine, summaryLine, type RoundStep } from './round'

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
