import { describe, expect, it } from 'vitest'
import { nextInRound, startRound } from './round'

describe('the weekly round', () => {
  it('opens the first goal and queues the others in order', () => {
    expect(startRound(['a', 'b', 'c'])).toEqual({ section: 'check-ins', goalId: 'a', round: ['b', 'c'] })
  })

  it('a round of one goal opens it with nothing queued, so "Next goal" leads back to the inbox', () => {
    const route = startRound(['a'])
    expect(route).toEqual({ section: 'check-ins', goalId: 'a', round: [] })
    expect(nextInRound([])).toEqual({ section: 'inbox' })
  })

  it('has nothing to start when no goal is due', () => {
    expect(startRound([])).toBeNull()
  })

  it('moves on to each queued goal once, then back to the inbox', () => {
    const visited: string[] = []
    let route = startRound(['a', 'b', 'c'])!
    while (route.section === 'check-ins') {
      visited.push(route.goalId!)
      route = nextInRound(route.round ?? [])
    }
    expect(visited).toEqual(['a', 'b', 'c'])
    expect(route).toEqual({ section: 'inbox' })
  })
})
