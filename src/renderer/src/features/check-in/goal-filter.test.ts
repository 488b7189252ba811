import { describe, expect, it } from 'vitest'
import { filterGoals, groupGoals, readGoalRef } from './goal-filter'
import { summary } from './test-goals'

const goals = [
  summary({ id: 'ship-the-engine-kHLABHdtjTkzZF2eK502u', name: 'Ship the Analytical Engine v2' }),
  summary({ id: 'hire-a-data-team-Cxxb8rxlN0tVEqPZqlDw06', name: 'Hire a data team', role: 'reviewer' }),
  summary({ id: 'cafe-Gmct09zoWdZfKODKPaHENw', name: 'Open the Café', role: null, spaceName: 'Office' }),
]

describe('filterGoals', () => {
  it('keeps goals containing every word, in any order, ignoring case and accents', () => {
    expect(filterGoals(goals, 'engine SHIP').map((g) => g.name)).toEqual(['Ship the Analytical Engine v2'])
    expect(filterGoals(goals, 'cafe').map((g) => g.name)).toEqual(['Open the Café'])
    expect(filterGoals(goals, 'office').map((g) => g.name)).toEqual(['Open the Café'])
    expect(filterGoals(goals, '  ')).toHaveLength(3)
    expect(filterGoals(goals, 'rocket')).toEqual([])
  })

  it('finds a goal by its id in any slug form', () => {
    expect(filterGoals(goals, 'renamed-goal-Cxxb8rxlN0tVEqPZqlDw06').map((g) => g.name)).toEqual([
      'Hire a data team',
    ])
  })
})

describe('groupGoals', () => {
  it('puts goals the person champions or reviews first', () => {
    const { mine, others } = groupGoals(goals)
    expect(mine.map((g) => g.name)).toEqual(['Ship the Analytical Engine v2', 'Hire a data team'])
    expect(others.map((g) => g.name)).toEqual(['Open the Café'])
  })
})

describe('readGoalRef', () => {
  it('reads a web address to a goal, with or without trailing parts', () => {
    expect(
      readGoalRef('https://app.operately.com/acme/goals/new-name-Cxxb8rxlN0tVEqPZqlDw06/?tab=1', goals),
    ).toEqual({
      kind: 'goal',
      id: 'new-name-Cxxb8rxlN0tVEqPZqlDw06',
    })
  })

  it('says a link to a project is not a goal', () => {
    expect(
      readGoalRef('https://app.operately.com/acme/projects/launch-FTjZweJIkc6RtMHf1SwQI3', goals),
    ).toEqual({
      kind: 'other',
      what: 'project',
    })
  })

  it('takes a known goal id in any form, an unknown id that is unmistakably one, and a UUID', () => {
    expect(readGoalRef('Cxxb8rxlN0tVEqPZqlDw06', goals)).toEqual({
      kind: 'goal',
      id: 'hire-a-data-team-Cxxb8rxlN0tVEqPZqlDw06',
    })
    expect(readGoalRef('gone-FQrgwfa72EpDMKubVfK2bk', goals)).toEqual({
      kind: 'goal',
      id: 'gone-FQrgwfa72EpDMKubVfK2bk',
    })
    expect(readGoalRef('0a5d6a2e-4b1f-4c8e-9d3a-2f1e0b7c6d5a', goals).kind).toBe('goal')
  })

  it('leaves words that are only filter text alone', () => {
    expect(readGoalRef('roadmap', goals)).toEqual({ kind: 'none' })
    expect(readGoalRef('internationalization', goals)).toEqual({ kind: 'none' })
    expect(readGoalRef('ship the engine', goals)).toEqual({ kind: 'none' })
  })
})
