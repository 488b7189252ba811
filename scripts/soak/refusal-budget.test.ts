import { describe, expect, it } from 'vitest'
import { budgetNote, overBudget, refusalName } from './refusal-budget'

const writes = { checkIns: 565, descriptions: 435 }

describe("the soak's refusal budget", () => {
  it('names a refusal by its reason, whatever time or goal its words carry', () => {
    expect(
      refusalName('A check-in for this goal is already on its way (queued 2026-11-27 13:10). Wait for it.'),
    ).toBe('a check-in for this goal is already on its way')
    expect(refusalName('Something went wrong inside the app. Please try again.')).toBe(
      'Something went wrong inside the app',
    )
  })

  it('passes counts within their budgets, and says which one went over and by how much', () => {
    const within = {
      'a check-in for this goal is already on its way': 58,
      'conflict (both versions shown)': 3,
    }
    expect(overBudget(within, writes)).toEqual([])
    expect(budgetNote('a check-in for this goal is already on its way', writes)).toBe('(budget 282)')
    expect(overBudget({ 'a check-in for this goal is already on its way': 283 }, writes)).toEqual([
      'refused 283× "a check-in for this goal is already on its way", over its budget of 282',
    ])
  })

  it("keeps a project's lane apart from a goal's: each named by its own words, budgeted on its own writes", () => {
    const withProjects = { checkIns: 440, projectCheckIns: 200, descriptions: 360 }
    expect(
      refusalName(
        'A check-in for this project is already on its way (queued at 13:10). It is sent once; follow it in the Sync view.',
      ),
    ).toBe('a check-in for this project is already on its way')
    expect(budgetNote('a check-in for this project is already on its way', withProjects)).toBe('(budget 100)')
    expect(budgetNote('a check-in for this goal is already on its way', withProjects)).toBe('(budget 220)')
    expect(overBudget({ 'a check-in for this project is already on its way': 101 }, withProjects)).toEqual([
      'refused 101× "a check-in for this project is already on its way", over its budget of 100',
    ])
    // Operately's own error may refuse any write: project check-ins count among them.
    expect(budgetNote('Operately ran into a problem on its side', withProjects)).toBe('(budget 20)')
    // A run without project check-ins allows none of their refusals.
    expect(overBudget({ 'a check-in for this project is already on its way': 1 }, writes)).toEqual([
      'refused 1× "a check-in for this project is already on its way", over its budget of 0',
    ])
  })

  it("gives conflicts one more for each colleague's edit", () => {
    expect(budgetNote('conflict (both versions shown)', writes)).toBe('(budget 21)')
    expect(budgetNote('conflict (both versions shown)', { ...writes, colleagueEdits: 12 })).toBe(
      '(budget 33)',
    )
    expect(overBudget({ 'conflict (both versions shown)': 33 }, { ...writes, colleagueEdits: 12 })).toEqual(
      [],
    )
    expect(overBudget({ 'conflict (both versions shown)': 34 }, { ...writes, colleagueEdits: 12 })).toEqual([
      'refused 34× "conflict (both versions shown)", over its budget of 33',
    ])
  })

  it('allows no refusal of a reason it does not know', () => {
    expect(overBudget({ 'Something went wrong inside the app': 1 }, writes)).toEqual([
      'refused 1× for a reason no budget allows: "Something went wrong inside the app"',
    ])
    expect(budgetNote('Something went wrong inside the app', writes)).toBe('(no budget: any is too many)')
  })
})
