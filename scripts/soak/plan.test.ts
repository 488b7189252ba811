import { describe, expect, it } from 'vitest'
import { makePlan, projectCheckInShare } from './plan'

const options = { seed: 42, writes: 5_000, kills: 50, goals: 100, projects: 6, checkInProjects: 50 }

describe("the soak's plan", () => {
  it('makes about a fifth of the writes project check-ins, taken out of the others', () => {
    const plan = makePlan(options)
    const share = (kind: string) => plan.filter((w) => w.kind === kind).length / plan.length
    expect(share('project-check-in')).toBeCloseTo(projectCheckInShare, 1)
    expect(share('check-in')).toBeCloseTo(0.55 * (1 - projectCheckInShare), 1)
    expect(share('description')).toBeCloseTo(0.45 * (1 - projectCheckInShare), 1)
  })

  it('checks in on every check-in project and on no other, each write with the marker it is judged by', () => {
    const onProjects = makePlan(options).filter((w) => w.kind === 'project-check-in')
    expect(new Set(onProjects.map((w) => w.target))).toEqual(new Set([...Array(50).keys()]))
    // A project check-in is never "No change." (it is judged by its marker), nor a description's case.
    expect(onProjects.some((w) => w.sameWords || w.large || w.colleagueFirst)).toBe(false)
    expect(onProjects.some((w) => w.refusedAlways)).toBe(true)
    const descriptions = makePlan(options).filter((w) => w.kind === 'description')
    expect(Math.max(...descriptions.map((w) => w.target))).toBe(5)
  })

  it('is the same plan for the same seed', () => {
    expect(makePlan(options)).toEqual(makePlan(options))
    expect(makePlan({ ...options, seed: 43 })).not.toEqual(makePlan(options))
  })
})
