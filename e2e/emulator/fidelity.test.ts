import { afterEach, describe, expect, it } from 'vitest'
import { parseIdInput, shortIdFromUuid } from './ids'
import { startEmulator } from './index'
import { SEED_IDS } from './seed-ids'
import { get, message, okJson, post, wireId } from './test-support'
import type { Emulator } from './types'

/**
 * One test per row of the fidelity table in README.md ("Fidelity to Operately, by version"): each test
 * is named after its row, and checks the behaviour that row says Operately's source has.
 */

const NOW = new Date('2026-03-10T12:00:00Z')
let clock = NOW
const open: Emulator[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close()))
  clock = NOW
})

async function emulator(version = '1.8.0'): Promise<Emulator> {
  const emu = await startEmulator({ version, now: () => clock })
  open.push(emu)
  return emu
}

const G = SEED_IDS.goals
const P = SEED_IDS.people
const PR = SEED_IDS.projects

describe('fidelity rows', () => {
  it('list_assignments 1.5.0: one flat list, no due_date/due_status', async () => {
    const emu = await emulator('1.5.0')
    const body = await okJson(get(emu, 'people/list_assignments'))
    expect(Object.keys(body)).toEqual(['assignments'])
    expect(body.assignments.length).toBeGreaterThan(0)
    for (const a of body.assignments) {
      expect(Object.keys(a).sort()).toEqual(
        [
          'action_label',
          'author_id',
          'author_name',
          'description',
          'due',
          'name',
          'origin',
          'path',
          'resource_id',
          'role',
          'task_status',
          'type',
        ].sort(),
      )
    }
    // LoaderV2's order: project check-ins, goal check-ins owed, goal check-ins to acknowledge.
    const kinds = body.assignments.map((a: { type: string; role: string }) => `${a.type}/${a.role}`)
    expect(kinds).toEqual([...kinds].sort((a: string, b: string) => rankKind(a) - rankKind(b)))
  })

  it('list_assignments 1.6.0+: due_soon, needs_review, upcoming groups', async () => {
    for (const version of ['1.6.0', '1.7.0', '1.8.0']) {
      const emu = await emulator(version)
      const body = await okJson(get(emu, 'people/list_assignments'))
      expect(Object.keys(body).sort()).toEqual(['due_soon', 'needs_review', 'upcoming'])
      const first = body.due_soon[0].assignments[0]
      expect(first).toHaveProperty('due_date')
      expect(first).toHaveProperty('due_status')
    }
  })

  it('goals/get potential_subscribers: space members, champion and reviewer with priority, nobody subscribed', async () => {
    for (const version of ['1.5.0', '1.8.0']) {
      const emu = await emulator(version)
      const { goal } = await okJson(
        get(emu, 'goals/get', { id: wireId(emu, G.shipEngine), include_potential_subscribers: true }),
      )
      const subs = goal.potential_subscribers as {
        role: string | null
        priority: boolean
        is_subscribed: boolean
        person: { id: string; title: string | null }
      }[]
      const who = (s: (typeof subs)[number]) => parseIdInput(s.person.id)
      expect(subs.every((s) => s.is_subscribed === false)).toBe(true)
      // Engineering's members (Ada, Grace, Alan, Edsger), plus reviewer Barbara; Ada is the champion.
      expect(subs.map(who).sort()).toEqual([P.ada, P.grace, P.alan, P.edsger, P.barbara].sort())
      expect(subs.map(who)).toEqual(subs.map(who).sort())
      const priority = subs.filter((s) => s.priority)
      expect(priority.map((s) => [who(s), s.role]).sort()).toEqual(
        [
          [P.ada, 'Champion'],
          [P.barbara, 'Reviewer'],
        ].sort(),
      )
      for (const s of subs.filter((x) => !x.priority)) expect(s.role).toBe(s.person.title)
    }
  })

  it('projects/get potential_subscribers: contributors, champion and reviewer with priority, nobody subscribed', async () => {
    const emu = await emulator()
    const { project } = await okJson(
      get(emu, 'projects/get', { id: wireId(emu, PR.launchSite), include_potential_subscribers: true }),
    )
    const subs = project.potential_subscribers as {
      role: string | null
      priority: boolean
      is_subscribed: boolean
      person: { id: string }
    }[]
    expect(subs.map((s) => [parseIdInput(s.person.id), s.role, s.priority, s.is_subscribed])).toEqual([
      [P.ada, 'Champion', true, false],
      [P.grace, 'Reviewer', true, false],
      [P.edsger, null, false, false],
    ])
  })

  it('create_check_in posted at once: its target values, checklist and due date become the goal’s', async () => {
    const emu = await emulator()
    const goal = emu.state.goals.find((g) => g.id === G.shipEngine)!
    const [teams, load] = goal.targets
    const check = goal.checks.find((c) => !c.completed)!
    await okJson(
      post(emu, 'goals/create_check_in', {
        goal_id: wireId(emu, G.shipEngine),
        status: 'on_track',
        content: message('Now.'),
        due_date: { date_type: 'year', date: '2026-12-31', value: '2026' },
        new_target_values: JSON.stringify([{ id: shortIdFromUuid(teams!.id), value: 99 }]),
        checklist: [{ id: shortIdFromUuid(check.id), name: check.name, completed: true, index: check.index }],
      }),
    )
    expect(goal.targets.map((t) => t.value)).toEqual([99, load!.value])
    expect(goal.checks.find((c) => c.id === check.id)!.completed).toBe(true)
    expect(goal.timeframe?.contextual_end_date?.value).toBe('2026')
  })

  it('create_check_in scheduled (1.8.0): published by the clock, only its state changes', async () => {
    const emu = await emulator('1.8.0')
    const goal = emu.state.goals.find((g) => g.id === G.shipEngine)!
    const before = structuredClone({ targets: goal.targets, checks: goal.checks, timeframe: goal.timeframe })
    const [teams] = goal.targets
    const check = goal.checks.find((c) => !c.completed)!
    const unreadBarbara = emu.state.unreadNotifications[P.barbara] ?? 0
    const { update } = await okJson(
      post(emu, 'goals/create_check_in', {
        goal_id: wireId(emu, G.shipEngine),
        status: 'off_track',
        content: message('Later.'),
        due_date: { date_type: 'year', date: '2027-12-31', value: '2027' },
        new_target_values: JSON.stringify([{ id: shortIdFromUuid(teams!.id), value: 5 }]),
        checklist: [{ id: shortIdFromUuid(check.id), name: check.name, completed: true, index: check.index }],
        scheduled_at: '2026-03-11T08:00:00Z',
      }),
    )
    expect(update.state).toBe('scheduled')
    clock = new Date('2026-03-11T09:00:00Z')
    const { update: after } = await okJson(get(emu, 'goals/get_check_in', { id: update.id }))
    expect(after).toMatchObject({
      state: 'published',
      published_at: '2026-03-11T08:00:00Z',
      scheduled_at: null,
    })
    expect({ targets: goal.targets, checks: goal.checks, timeframe: goal.timeframe }).toEqual(before)
    expect(goal.lastCheckInId).toBe(parseIdInput(update.id))
    expect(emu.state.unreadNotifications[P.barbara]).toBe(unreadBarbara + 1)
  })
})

function rankKind(kind: string): number {
  return kind === 'check_in/owner' ? 0 : kind === 'goal_update/owner' ? 1 : 2
}
