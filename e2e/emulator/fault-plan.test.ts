import { describe, expect, it } from 'vitest'
import { createChaos } from './fault-plan'
import type { ChaosFaults } from './types'

// The seeded mix's late commits: drawn between lateCommitMs and lateCommitMaxMs, and, for an endpoint
// given a bound of its own, never later than that.

const lateCommits = (chaos: ChaosFaults, endpoint: string): number[] => {
  const mix = createChaos()
  const delays: number[] = []
  for (let i = 0; i < 4_000; i++) {
    const plan = mix.plan(chaos, `POST /api/external/v1/${endpoint} {"n":${i}}`, true, endpoint)
    if (plan.before.kind === 'commit-after-give-up') delays.push(plan.before.lateMs)
  }
  return delays
}

describe('late commits in the seeded mix', () => {
  const chaos: ChaosFaults = {
    seed: 7,
    rate: 1,
    holdMs: 600,
    lateCommitMs: 100,
    lateCommitMaxMs: 6_000,
    lateCommitMaxMsFor: { 'projects/update_description': 1_000 },
  }

  it('lands a check-in anywhere up to lateCommitMaxMs, some after a 2 s wait', () => {
    const delays = lateCommits(chaos, 'goals/create_check_in')
    expect(delays.length).toBeGreaterThan(50)
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(100)
    expect(Math.max(...delays)).toBeLessThan(6_000)
    expect(delays.some((ms) => ms > 2_000)).toBe(true)
  })

  it('lands a description save within its own bound', () => {
    const delays = lateCommits(chaos, 'projects/update_description')
    expect(delays.length).toBeGreaterThan(50)
    expect(Math.max(...delays)).toBeLessThan(1_000)
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(100)
  })
})

describe('after-the-commit faults first at some endpoints', () => {
  it('meets one at each named endpoint until one took place there, then only at the rate', () => {
    const mix = createChaos()
    const chaos = {
      seed: 7,
      rate: 0,
      holdMs: 100,
      lateCommitMs: 10,
      afterCommitFirstAt: ['projects/create_check_in'],
    }
    const at = (endpoint: string, i: number) =>
      mix.plan(chaos, `POST /api/external/v1/${endpoint} {"n":${i}}`, true, endpoint)
    // Not yet taken place (a refused request): drawn again for the next one.
    expect(at('projects/create_check_in', 1).name).toMatch(/^commit-/)
    expect(at('projects/create_check_in', 2).name).toMatch(/^commit-/)
    // Other endpoints and queries: the rate (0) alone.
    expect(at('goals/create_check_in', 1).name).toBeNull()
    expect(
      mix.plan(chaos, 'GET /api/external/v1/projects/list_check_ins ?n=1', false, 'projects/list_check_ins')
        .name,
    ).toBeNull()
    mix.tookPlace('projects/create_check_in')
    expect(at('projects/create_check_in', 3).name).toBeNull()
  })
})
