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
