import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { nextMonthlyCheckIn, nextWeeklyCheckIn } from './dates'
import { startEmulator } from './index'
import { SEED_IDS } from './seed-ids'
import { get, message, okJson, post, wireId } from './test-support'
import type { Emulator } from './types'

describe('the monthly schedule rule', () => {
  const due = new Date('2026-04-01T00:00:00Z')
  it.each([
    ['on the due day', '2026-04-01T09:00:00Z', '2026-05-01'],
    ['late', '2026-04-20T09:00:00Z', '2026-05-01'],
    ['up to 7 days early', '2026-03-25T09:00:00Z', '2026-05-01'],
    ['more than 7 days early', '2026-03-24T09:00:00Z', '2026-04-01'],
  ])('a check-in %s moves the next due date to %s', (_label, at, expected) => {
    expect(nextMonthlyCheckIn(due, new Date(at)).toISOString().slice(0, 10)).toBe(expected)
  })
})

describe('the weekly schedule rule', () => {
  const due = new Date('2026-04-03T00:00:00Z') // a Friday
  it.each([
    ['on the due day', '2026-04-03T09:00:00Z', '2026-04-10'],
    ['late, in the week after', '2026-04-07T09:00:00Z', '2026-04-10'],
    ['late, on the next Friday', '2026-04-10T09:00:00Z', '2026-04-17'],
    ['late, on a Saturday', '2026-04-04T09:00:00Z', '2026-04-10'],
    ['1 day early', '2026-04-02T09:00:00Z', '2026-04-10'],
    ['2 days early', '2026-04-01T09:00:00Z', '2026-04-03'],
  ])('a check-in %s moves the next due date to %s', (_label, at, expected) => {
    expect(nextWeeklyCheckIn(due, new Date(at)).toISOString().slice(0, 10)).toBe(expected)
  })
})

describe('the seeds and project check-ins', () => {
  // Every day of a week: the seeds are placed relative to the clock.
  for (const day of ['02', '03', '04', '05', '06', '07', '08']) {
    it(`2026-03-${day}: the usual seed owes no project check-in and has none to acknowledge; project-check-ins adds 2 and 1`, async () => {
      const now = new Date(`2026-03-${day}T07:30:00Z`)
      const usual = await startEmulator({ now: () => now })
      const projects = await startEmulator({ now: () => now, seed: 'project-check-ins' })
      try {
        const rows = async (e: Emulator) =>
          (await okJson(get(e, 'people/list_assignments'))) as Record<
            string,
            { assignments: { type: string; role: string }[] }[]
          >
        const kinds = async (e: Emulator) =>
          Object.values(await rows(e))
            .flat()
            .flatMap((g) => g.assignments.map((a) => `${a.type}/${a.role}`))
            .sort()
        expect(await kinds(usual)).toEqual(['goal_update/owner', 'goal_update/reviewer'])
        expect(await kinds(projects)).toEqual([
          'check_in/owner',
          'check_in/owner',
          'check_in/reviewer',
          'goal_update/owner',
          'goal_update/reviewer',
        ])
        for (const e of [usual, projects]) {
          for (const c of e.state.projectCheckIns)
            expect(Date.parse(c.insertedAt)).toBeLessThanOrEqual(now.getTime())
        }
        // The usual seed's Launch site: checked in on the last Friday, next due the Friday after.
        const launch = usual.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!
        const latest = usual.state.projectCheckIns.filter((c) => c.projectId === launch.id).at(-1)!
        expect(
          nextWeeklyCheckIn(new Date(latest.insertedAt), new Date(latest.insertedAt)).toISOString(),
        ).toBe(new Date(launch.nextCheckInScheduledAt).toISOString())
      } finally {
        await Promise.all([usual.close(), projects.close()])
      }
    })
  }
})

let clock = new Date('2026-03-02T12:00:00Z')
let emu: Emulator
beforeAll(async () => {
  emu = await startEmulator({ now: () => clock })
})
afterAll(() => emu.close())
beforeEach(() => {
  clock = new Date('2026-03-02T12:00:00Z')
  emu.reset()
})

interface Group {
  origin: { name: string }
  assignments: { type: string; role: string; due_status: string; due_status_label: string; name: string }[]
}
const names = (groups: Group[]) => groups.flatMap((g) => g.assignments.map((a) => a.name))

describe('people/list_assignments and get_assignments_count', () => {
  it('lists the goal check-in Ada owes and the one she must acknowledge', async () => {
    const body = await okJson(get(emu, 'people/list_assignments'))
    expect(names(body.due_soon)).toEqual(['Ship the Analytical Engine v2 - Goal Update'])
    expect(body.due_soon[0].assignments[0]).toMatchObject({
      role: 'owner',
      type: 'goal_update',
      due_status: 'overdue',
      due_status_label: 'Overdue by 1 day',
    })
    expect(names(body.needs_review)).toEqual(['Hire a data team – Goal Update'])
    expect(body.needs_review[0].assignments[0].role).toBe('reviewer')
    expect(body.upcoming).toEqual([])
    expect(await okJson(get(emu, 'people/get_assignments_count'))).toEqual({ count: 2 })
  })

  it('shows the owed check-in as due today on the 1st, and the goal outdated only after 3 days', async () => {
    clock = new Date('2026-03-01T08:00:00Z')
    emu.reset()
    const body = await okJson(get(emu, 'people/list_assignments'))
    expect(body.due_soon[0].assignments[0].due_status).toBe('due_today')
    const goal = async () => (await okJson(get(emu, 'goals/get', { id: SEED_IDS.goals.shipEngine }))).goal
    expect((await goal()).is_outdated).toBe(false)
    clock = new Date('2026-03-04T12:00:00Z')
    expect((await goal()).is_outdated).toBe(true)
    expect((await goal()).status).toBe('outdated')
  })

  it('drops the owed item once Ada checks in, and the next one falls due on the following 1st', async () => {
    await okJson(
      post(emu, 'goals/create_check_in', {
        goal_id: wireId(emu, SEED_IDS.goals.shipEngine),
        status: 'on_track',
        content: message('Done'),
      }),
    )
    expect(await okJson(get(emu, 'people/get_assignments_count'))).toEqual({ count: 1 })
    clock = new Date('2026-04-01T00:00:00Z')
    const body = await okJson(get(emu, 'people/list_assignments'))
    expect(names(body.due_soon)).toContain('Ship the Analytical Engine v2 - Goal Update')
  })

  it('does not move the due date for a check-in more than 7 days early', async () => {
    const goal = emu.state.goals.find((g) => g.id === SEED_IDS.goals.supportBacklog)!
    expect(goal.nextUpdateScheduledAt).toBe('2026-04-01T00:00:00Z')
    await okJson(
      post(emu, 'goals/create_check_in', {
        goal_id: wireId(emu, goal.id),
        status: 'on_track',
        content: message('Early'),
      }),
    )
    expect(goal.nextUpdateScheduledAt).toBe('2026-04-01T00:00:00Z')
    clock = new Date('2026-03-26T12:00:00Z')
    await okJson(
      post(emu, 'goals/create_check_in', {
        goal_id: wireId(emu, goal.id),
        status: 'on_track',
        content: message('On time'),
      }),
    )
    expect(goal.nextUpdateScheduledAt).toBe('2026-05-01T00:00:00Z')
  })

  it('counts the weekly project check-in Ada owes once its Friday has come', async () => {
    const launch = emu.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!
    clock = new Date(new Date(launch.nextCheckInScheduledAt).getTime() + 3_600_000)
    const body = await okJson(get(emu, 'people/list_assignments'))
    expect(names(body.due_soon)).toContain('Launch site - Check-in')
  })
})
