import { afterEach, describe, expect, it } from 'vitest'
import { parseIdInput, shortIdFromUuid } from './ids'
import { startEmulator } from './index'
import { SEED_IDS } from './seed-ids'
import { call, get, message, okJson, post, wireId } from './test-support'
import { RELEASE_VERSION_HEADERS } from './version-header'
import type { Emulator, SeedName } from './types'

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

async function emulator(version = '1.8.0', seed: SeedName = 'usual'): Promise<Emulator> {
  const emu = await startEmulator({ version, seed, now: () => clock })
  open.push(emu)
  return emu
}

const G = SEED_IDS.goals
const P = SEED_IDS.people
const PR = SEED_IDS.projects
const PC = SEED_IDS.projectCheckIns

/** A weekly check-in on a seeded project, posted by Ada. */
const projectCheckIn = (emu: Emulator, project: string, extra: Record<string, unknown> = {}) =>
  post(emu, 'projects/create_check_in', {
    project_id: wireId(emu, project),
    status: 'on_track',
    description: message('Weekly.'),
    ...extra,
  })

/** The wire id of a seeded check-in, goal or project, by canonical UUID. */
function checkInWireId(emu: Emulator, uuid: string): string {
  const c = [...emu.state.checkIns, ...emu.state.projectCheckIns].find((x) => x.id === uuid)
  if (!c) throw new Error(`No check-in ${uuid}`)
  return `${c.insertedAt.slice(0, 10)}-${shortIdFromUuid(c.id)}`
}

/** The usual seed's goal check-in awaiting Ada (Grace's latest on Hire a data team). */
const dataTeamPending = (emu: Emulator) =>
  emu.state.checkIns.find((c) => c.goalId === G.dataTeam && !c.acknowledgedAt)!

describe('fidelity rows', () => {
  it('R20 people/list_assignments 1.5.0: one flat list, no due_date/due_status', async () => {
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

  it('R21 people/list_assignments 1.6.0+: due_soon, needs_review, upcoming groups', async () => {
    for (const version of ['1.6.0', '1.7.0', '1.8.0']) {
      const emu = await emulator(version)
      const body = await okJson(get(emu, 'people/list_assignments'))
      expect(Object.keys(body).sort()).toEqual(['due_soon', 'needs_review', 'upcoming'])
      const first = body.due_soon[0].assignments[0]
      expect(first).toHaveProperty('due_date')
      expect(first).toHaveProperty('due_status')
    }
  })

  it('R22 goals/get potential_subscribers: space members, champion and reviewer with priority, nobody subscribed', async () => {
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

  it('R23 projects/get potential_subscribers: contributors, champion and reviewer with priority, nobody subscribed', async () => {
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

  it('R17 goals/create_check_in posted at once: its target values, checklist and due date become the goal’s', async () => {
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

  it('R18 goals/create_check_in scheduled (1.8.0): published by the clock, only its state changes', async () => {
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

  it('R01 every endpoint, 1.5.0–1.8.0: x-operately-version is the build date and short hash, or dev-version', async () => {
    for (const [version, header] of Object.entries(RELEASE_VERSION_HEADERS)) {
      const emu = await emulator(version)
      expect((await get(emu, 'people/get_me')).headers.get('x-operately-version')).toBe(header)
      expect((await get(emu, 'nope/nope')).headers.get('x-operately-version')).toBe(header)
    }
    const dev = await startEmulator({ header: 'dev' })
    open.push(dev)
    expect((await get(dev, 'people/get_me')).headers.get('x-operately-version')).toBe('dev-version')
  })

  it('R02 every endpoint: inputs are parsed before the token (read-only token + bad enum → 400, revoked + unknown key → 400)', async () => {
    const emu = await emulator()
    const bad = await post(emu, 'goals/create_check_in', { status: 'green' }, { token: emu.tokens.readOnly })
    expect([bad.status, bad.json()]).toEqual([
      400,
      {
        error: 'Bad request',
        message:
          'Invalid value for enum goal_check_in_status: green. Allowed values: on_track, caution, off_track',
      },
    ])
    const unknownKey = await get(emu, 'goals/list', { foo: 'x' }, { token: emu.tokens.revoked })
    expect(unknownKey.status).toBe(400)
  })

  it('R03 goals/create_check_in 1.5.0–1.6.0: post_as_draft is an unknown input, whatever the token', async () => {
    for (const version of ['1.5.0', '1.6.0']) {
      const emu = await emulator(version)
      for (const token of [emu.tokens.write, emu.tokens.readOnly, emu.tokens.revoked]) {
        const r = await post(emu, 'goals/create_check_in', { post_as_draft: false }, { token })
        expect([r.status, r.text]).toEqual([
          400,
          '{"error":"Bad request","message":"Unknown input field: post_as_draft"}',
        ])
      }
    }
  })

  it('R04 goals/create_check_in 1.7.0+: post_as_draft is taken (401 / 403 / 400 Missing required fields)', async () => {
    for (const version of ['1.7.0', '1.8.0']) {
      const emu = await emulator(version)
      const statuses = []
      for (const token of [emu.tokens.revoked, emu.tokens.readOnly, emu.tokens.write]) {
        statuses.push((await post(emu, 'goals/create_check_in', { post_as_draft: false }, { token })).status)
      }
      expect(statuses).toEqual([401, 403, 400])
    }
  })

  it('R05 goals/create_check_in: scheduled_at is unknown before 1.8.0 and taken from 1.8.0', async () => {
    for (const [version, status] of [
      ['1.5.0', 400],
      ['1.6.0', 400],
      ['1.7.0', 400],
      ['1.8.0', 403],
    ] as const) {
      const emu = await emulator(version)
      const r = await post(
        emu,
        'goals/create_check_in',
        { scheduled_at: '2999-01-01T00:00:00Z' },
        { token: emu.tokens.readOnly },
      )
      expect([version, r.status]).toEqual([version, status])
    }
  })

  it('R06 goals/create_check_in: Missing required fields in declaration order, with a JSON content type', async () => {
    for (const [version, fields] of [
      ['1.5.0', 'goal_id, status, due_date, content'],
      ['1.6.0', 'goal_id, status, due_date, content'],
      ['1.7.0', 'goal_id, status, content'],
      ['1.8.0', 'goal_id, status, content'],
    ] as const) {
      const emu = await emulator(version)
      const r = await post(emu, 'goals/create_check_in', {})
      expect([r.status, r.text, r.headers.get('content-type')]).toEqual([
        400,
        `{"error":"Bad request","message":"Missing required fields: ${fields}"}`,
        'application/json; charset=utf-8',
      ])
    }
  })

  it('R07 every endpoint: parse errors carry no content type; handler errors (403/404/500) carry application/json', async () => {
    const emu = await emulator()
    const parse = await get(emu, 'goals/get', { id: 'x', bogus: 'y' })
    expect([parse.status, parse.headers.get('content-type')]).toEqual([400, null])
    const forbidden = await post(emu, 'goals/create_check_in', {
      goal_id: wireId(emu, G.compilerHandbook),
      status: 'on_track',
      content: message('x'),
    })
    expect([forbidden.status, forbidden.headers.get('content-type')]).toEqual([
      403,
      'application/json; charset=utf-8',
    ])
    const notFound = await get(emu, 'goals/get', { id: wireId(emu, G.acquisition) })
    expect([notFound.status, notFound.headers.get('content-type')]).toEqual([
      404,
      'application/json; charset=utf-8',
    ])
  })

  it('R08 every endpoint: an enum value no atom names is a 500 on 1.5.0–1.6.0, a 400 from 1.7.0', async () => {
    for (const [version, status] of [
      ['1.5.0', 500],
      ['1.6.0', 500],
      ['1.7.0', 400],
      ['1.8.0', 400],
    ] as const) {
      const emu = await emulator(version)
      const r = await post(emu, 'goals/create_check_in', { status: 'On Track' })
      expect([version, r.status]).toEqual([version, status])
    }
  })

  it('R09 every endpoint: of several bad keys, the first in sorted order is named', async () => {
    const emu = await emulator()
    const r = await post(emu, 'goals/create_check_in', { zeta: 1, alpha: 2 }, { token: null })
    expect(r.text).toBe('{"error":"Bad request","message":"Unknown input field: alpha"}')
  })

  it('R10 every endpoint: an id that does not decode is a 404 before the token', async () => {
    const emu = await emulator()
    const r = await get(emu, 'goals/get', { id: 'not an id!' }, { token: emu.tokens.revoked })
    expect([r.status, r.headers.get('content-type')]).toEqual([404, null])
    expect(r.json()).toEqual({ error: 'Not found', message: 'The requested resource was not found' })
  })

  it('R11 goals/create_check_in, projects/update_description: content that is not JSON is a Phoenix 500 before the token', async () => {
    const emu = await emulator()
    const r = await post(
      emu,
      'projects/update_description',
      { project_id: wireId(emu, PR.launchSite), description: 'not json' },
      { token: emu.tokens.readOnly },
    )
    expect([r.status, r.text]).toEqual([500, '{"errors":{"detail":"Internal Server Error"}}'])
  })

  it('R12 goals/create_check_in: an unparseable due date is a bare 500 before the token', async () => {
    const emu = await emulator()
    const r = await post(
      emu,
      'goals/create_check_in',
      { due_date: { date_type: 'day', date: '2026-02-30', value: 'Feb 30, 2026' } },
      { token: emu.tokens.readOnly },
    )
    expect([r.status, r.text, r.headers.get('content-type')]).toEqual([
      500,
      '{"error":"Internal server error"}',
      null,
    ])
  })

  it('R13 goals/create_check_in: new_target_values that is not JSON is Dispatch’s 500, nothing changed', async () => {
    const emu = await emulator()
    const before = emu.state.checkIns.length
    const r = await post(emu, 'goals/create_check_in', {
      goal_id: wireId(emu, G.shipEngine),
      status: 'on_track',
      content: message('x'),
      new_target_values: 'nope',
    })
    expect([r.status, r.text, r.headers.get('content-type')]).toEqual([
      500,
      '{"error":"Internal server error","message":"An unexpected error occurred"}',
      'application/json; charset=utf-8',
    ])
    expect(emu.state.checkIns).toHaveLength(before)
  })

  it('R14 goals/create_check_in: send_notifications_to_everyone null is taken on 1.5.0, refused from 1.6.0', async () => {
    for (const [version, status] of [
      ['1.5.0', 200],
      ['1.6.0', 400],
      ['1.8.0', 400],
    ] as const) {
      const emu = await emulator(version)
      const r = await post(emu, 'goals/create_check_in', {
        goal_id: wireId(emu, G.shipEngine),
        status: 'on_track',
        content: message('x'),
        due_date: null,
        send_notifications_to_everyone: null,
      })
      expect([version, r.status]).toEqual([version, status])
    }
  })

  it('R15 check-in objects: state/updated_at/published_at from 1.7.0, scheduled_at from 1.8.0', async () => {
    const expected: Record<string, string[]> = {
      '1.5.0': [],
      '1.6.0': [],
      '1.7.0': ['published_at', 'state', 'updated_at'],
      '1.8.0': ['published_at', 'scheduled_at', 'state', 'updated_at'],
    }
    for (const [version, keys] of Object.entries(expected)) {
      const emu = await emulator(version)
      const { check_ins } = await okJson(
        get(emu, 'goals/list_check_ins', { goal_id: wireId(emu, G.shipEngine) }),
      )
      const lifecycle = ['state', 'updated_at', 'published_at', 'scheduled_at']
      expect(
        Object.keys(check_ins[0])
          .filter((k) => lifecycle.includes(k))
          .sort(),
      ).toEqual(keys)
    }
  })

  it('R16 goals/create_check_in: the check-in holds only the targets and checks sent, and no timeframe unless due_date was sent', async () => {
    const emu = await emulator('1.8.0')
    const goal = emu.state.goals.find((g) => g.id === G.shipEngine)!
    const [teams] = goal.targets
    const { update } = await okJson(
      post(emu, 'goals/create_check_in', {
        goal_id: wireId(emu, G.shipEngine),
        status: 'on_track',
        content: message('x'),
        new_target_values: JSON.stringify([{ id: shortIdFromUuid(teams!.id), value: 80 }]),
      }),
    )
    expect(update.goal_target_updates).toEqual([
      expect.objectContaining({ id: teams!.id, value: 80, previous_value: teams!.value }),
    ])
    expect(update.checklist).toEqual([])
    expect(update.timeframe).toBeNull()
    expect(goal.timeframe).not.toBeNull() // omitted: the goal keeps its timeframe
  })

  it('R19 goals/create_check_in 1.8.0: a draft keeps the scheduled_at it was sent with and is never published by the clock', async () => {
    const emu = await emulator('1.8.0')
    const { update } = await okJson(
      post(emu, 'goals/create_check_in', {
        goal_id: wireId(emu, G.shipEngine),
        status: 'on_track',
        content: message('x'),
        post_as_draft: true,
        scheduled_at: '2026-03-11T08:00:00Z',
      }),
    )
    expect(update).toMatchObject({ state: 'draft', scheduled_at: '2026-03-11T08:00:00Z' })
    clock = new Date('2026-03-12T00:00:00Z')
    const { update: later } = await okJson(get(emu, 'goals/get_check_in', { id: update.id }))
    expect(later.state).toBe('draft')
  })

  it('R24 people/search: full name and title only (not e-mail), query optional, title-only matches first', async () => {
    const emu = await emulator()
    const names = async (query?: Record<string, string>) =>
      ((await okJson(get(emu, 'people/search', query))).people as { full_name: string }[]).map(
        (p) => p.full_name,
      )
    expect(await names({ query: 'example.com' })).toEqual([])
    expect(await names({ query: 'engineer' })).toEqual(['Edsger Dijkstra', 'Ada Lovelace'])
    expect((await names()).length).toBeGreaterThan(0)
    const r = await get(emu, 'people/search', { search_scope_type: 'everywhere' })
    expect(r.text).toContain('Invalid value for enum search_scope_options: everywhere')
  })

  it('R25 archived goals and projects: get answers them; every other lookup is 404', async () => {
    const emu = await emulator()
    emu.state.goals.find((g) => g.id === G.shipEngine)!.archivedAt = '2026-03-01T00:00:00Z'
    emu.state.projects.find((p) => p.id === PR.launchSite)!.archivedAt = '2026-03-01T00:00:00Z'
    expect((await get(emu, 'goals/get', { id: wireId(emu, G.shipEngine) })).status).toBe(200)
    expect((await get(emu, 'projects/get', { id: wireId(emu, PR.launchSite) })).status).toBe(200)
    const list = await get(emu, 'goals/list_check_ins', { goal_id: wireId(emu, G.shipEngine) })
    expect([list.status, list.json()]).toEqual([404, { error: 'Not found', message: 'Goal not found' }])
    const create = await post(emu, 'goals/create_check_in', {
      goal_id: wireId(emu, G.shipEngine),
      status: 'on_track',
      content: message('x'),
    })
    expect(create.status).toBe(404)
    const describe = await post(emu, 'projects/update_description', {
      project_id: wireId(emu, PR.launchSite),
      description: message('x'),
    })
    expect(describe.status).toBe(404)
  })

  it('R26 projects/update_description: the short project has no space_id; space (1.7.0+) and privacy are null', async () => {
    for (const [version, keys] of [
      ['1.5.0', ['goal_id', 'id', 'name', 'privacy', 'status', 'success_status']],
      ['1.7.0', ['goal_id', 'id', 'name', 'privacy', 'space', 'status', 'success_status']],
    ] as const) {
      const emu = await emulator(version)
      const { project } = await okJson(
        post(emu, 'projects/update_description', {
          project_id: wireId(emu, PR.launchSite),
          description: message('x'),
        }),
      )
      expect(Object.keys(project).sort()).toEqual(keys)
      expect(project.privacy).toBeNull()
      if ('space' in project) expect(project.space).toBeNull()
    }
  })

  it('R27 people/list: takes only_suspended and include_invite_link', async () => {
    const emu = await emulator()
    const { people } = await okJson(
      get(emu, 'people/list', { only_suspended: true, include_invite_link: true }),
    )
    expect(people.map((p: { full_name: string }) => p.full_name)).toEqual(['Charles Babbage'])
  })

  it('R28 projects/get: a missing id is "Missing required fields: id" after the token', async () => {
    const emu = await emulator()
    expect((await get(emu, 'projects/get', {}, { token: emu.tokens.revoked })).status).toBe(401)
    const r = await get(emu, 'projects/get', {})
    expect([r.status, r.text]).toEqual([
      400,
      '{"error":"Bad request","message":"Missing required fields: id"}',
    ])
  })

  it('R29 goals/get: an empty id is nil, answered 404', async () => {
    const emu = await emulator()
    const r = await call(emu, 'GET', 'goals/get?id=')
    expect(r.status).toBe(404)
  })

  it('R30 goals/get_check_in, goals/get, projects/get: take the include flags of their tag', async () => {
    const emu = await emulator('1.8.0')
    const { check_ins } = await okJson(
      get(emu, 'goals/list_check_ins', { goal_id: wireId(emu, G.shipEngine) }),
    )
    const flagsOk = await get(emu, 'goals/get_check_in', {
      id: check_ins[0].id,
      include_goal_checklist: true,
      include_champion: true,
      include_space_members: true,
    })
    expect(flagsOk.status).toBe(200)
    expect(
      (await get(emu, 'goals/get', { id: wireId(emu, G.shipEngine), include_resource_hub: true })).status,
    ).toBe(200)
    const keyResources = await get(emu, 'projects/get', {
      id: wireId(emu, PR.launchSite),
      include_key_resources: true,
    })
    expect(keyResources.status).toBe(400) // gone in 1.8.0
    const old = await emulator('1.6.0')
    expect(
      (await get(old, 'goals/get', { id: wireId(old, G.shipEngine), include_resource_hub: true })).status,
    ).toBe(400)
  })

  it('R31 goals/create_check_in: a due date resets the start to the goal’s creation day, labelled "%b %d, %Y"', async () => {
    const emu = await emulator()
    const goal = emu.state.goals.find((g) => g.id === G.shipEngine)!
    const { update } = await okJson(
      post(emu, 'goals/create_check_in', {
        goal_id: wireId(emu, G.shipEngine),
        status: 'on_track',
        content: message('x'),
        due_date: { date_type: 'year', date: '2026-12-31', value: '2026' },
      }),
    )
    const created = new Date(goal.insertedAt)
    const month = created.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })
    const day = String(created.getUTCDate()).padStart(2, '0')
    expect(update.timeframe.contextual_start_date.value).toBe(`${month} ${day}, ${created.getUTCFullYear()}`)
  })

  it('R32 projects/get, goals/get: full forms without space_id/started_at/archived_at/is_pinned; key_resources until 1.7.0; resource_hub from 1.7.0', async () => {
    for (const version of ['1.6.0', '1.7.0', '1.8.0']) {
      const emu = await emulator(version)
      const { project } = await okJson(get(emu, 'projects/get', { id: wireId(emu, PR.launchSite) }))
      for (const key of ['space_id', 'started_at', 'archived_at', 'is_pinned'])
        expect(project).not.toHaveProperty(key)
      expect(['key_resources' in project, 'resource_hub' in project]).toEqual([
        version !== '1.8.0',
        version !== '1.6.0',
      ])
      const { goal } = await okJson(get(emu, 'goals/get', { id: wireId(emu, G.shipEngine) }))
      expect('resource_hub' in goal).toBe(version !== '1.6.0')
    }
  })

  it('R33 every endpoint: Bearer or bare token; 401, 403, 404 Query not found and 405 carry no content type', async () => {
    const emu = await emulator()
    expect(
      (await get(emu, 'people/get_me', {}, { headers: { authorization: emu.tokens.write } })).status,
    ).toBe(200)
    const answers = [
      await get(emu, 'people/get_me', {}, { headers: { authorization: `bearer ${emu.tokens.write}` } }),
      await post(emu, 'goals/create_check_in', {}, { token: emu.tokens.readOnly }),
      await get(emu, 'nope/nope'),
      await call(emu, 'PUT', 'people/get_me'),
    ]
    expect(answers.map((r) => [r.status, r.text, r.headers.get('content-type')])).toEqual([
      [401, 'Unauthorized', null],
      [403, 'Read-only API tokens cannot execute mutations', null],
      [404, 'Query not found', null],
      [405, 'Method Not Allowed', null],
    ])
  })

  it('R34 every endpoint: malformed JSON is a 400 before method, Accept and route, rendered per Accept; 406 is html', async () => {
    const emu = await emulator()
    const put = await call(emu, 'PUT', 'nope/nope', { rawBody: '{', headers: { accept: 'application/json' } })
    expect([put.status, put.text]).toEqual([400, '{"errors":{"detail":"Bad Request"}}'])
    const html = await call(emu, 'POST', 'goals/create_check_in', { rawBody: '{' })
    expect([html.status, html.text, html.headers.get('content-type')]).toEqual([
      400,
      'Bad Request',
      'text/html; charset=utf-8',
    ])
    const notAcceptable = await get(emu, 'people/get_me', {}, { headers: { accept: 'text/html' } })
    expect([notAcceptable.status, notAcceptable.text, notAcceptable.headers.get('content-type')]).toEqual([
      406,
      'Not Acceptable',
      'text/html; charset=utf-8',
    ])
  })
  it('R35 projects/create_check_in: inputs per tag, parsed before the token; enum project_check_in_status', async () => {
    for (const [version, draft, scheduled] of [
      ['1.5.0', 400, 400],
      ['1.6.0', 400, 400],
      ['1.7.0', 403, 400],
      ['1.8.0', 403, 403],
    ] as const) {
      const emu = await emulator(version)
      const ro = { token: emu.tokens.readOnly }
      expect([
        version,
        (await post(emu, 'projects/create_check_in', { post_as_draft: false }, ro)).status,
        (await post(emu, 'projects/create_check_in', { scheduled_at: '2999-01-01T00:00:00Z' }, ro)).status,
      ]).toEqual([version, draft, scheduled])
      const missing = await post(emu, 'projects/create_check_in', {})
      expect(missing.text).toBe(
        '{"error":"Bad request","message":"Missing required fields: project_id, status, description"}',
      )
    }
    const emu = await emulator('1.8.0')
    const bad = await post(
      emu,
      'projects/create_check_in',
      { status: 'green' },
      { token: emu.tokens.revoked },
    )
    expect([bad.status, bad.json()]).toEqual([
      400,
      {
        error: 'Bad request',
        message:
          'Invalid value for enum project_check_in_status: green. Allowed values: on_track, caution, off_track',
      },
    ])
  })

  it('R36 projects/create_check_in: send_notifications_to_everyone null taken and false by default on 1.5.0; refused and true by default from 1.6.0', async () => {
    for (const [version, nullStatus, graceNotified] of [
      ['1.5.0', 200, 0],
      ['1.6.0', 400, 1],
      ['1.8.0', 400, 1],
    ] as const) {
      const emu = await emulator(version)
      const withNull = await projectCheckIn(emu, PR.mobileBeta, { send_notifications_to_everyone: null })
      expect([version, withNull.status]).toEqual([version, nullStatus])
      const grace = emu.state.unreadNotifications[P.grace] ?? 0
      // Launch site: Grace reviews it; nobody asked for by name.
      await okJson(projectCheckIn(emu, PR.launchSite))
      expect([version, (emu.state.unreadNotifications[P.grace] ?? 0) - grace]).toEqual([
        version,
        graceNotified,
      ])
      const last = emu.state.projectCheckIns.at(-1)!
      expect(last.sendToEveryone).toBe(version !== '1.5.0')
      expect(last.subscriberIds).toEqual([P.ada])
    }
  })

  it('R37 projects/create_check_in: {check_in} with state/updated_at/published_at from 1.7.0, scheduled_at from 1.8.0; associations null', async () => {
    const base = [
      'acknowledged_at',
      'acknowledged_by',
      'author',
      'comments_count',
      'description',
      'id',
      'inserted_at',
      'notifications',
      'potential_subscribers',
      'project',
      'reactions',
      'space',
      'status',
      'subscription_list',
    ]
    for (const [version, extra] of [
      ['1.5.0', []],
      ['1.6.0', []],
      ['1.7.0', ['published_at', 'state', 'updated_at']],
      ['1.8.0', ['__typename', 'published_at', 'scheduled_at', 'state', 'updated_at']],
    ] as const) {
      const emu = await emulator(version)
      const { check_in } = await okJson(projectCheckIn(emu, PR.launchSite))
      expect(Object.keys(check_in).sort()).toEqual([...base, ...extra].sort())
      expect(check_in.id).toMatch(/^2026-03-10-[A-Za-z0-9]+$/)
      expect(JSON.parse(check_in.description)).toEqual(JSON.parse(message('Weekly.')))
      for (const key of [
        'author',
        'project',
        'space',
        'acknowledged_by',
        'acknowledged_at',
        'comments_count',
      ])
        expect(check_in[key]).toBeNull()
      if (version === '1.8.0')
        expect(check_in).toMatchObject({
          __typename: 'project_check_in',
          state: 'published',
          scheduled_at: null,
        })
    }
  })

  it('R38 projects/create_check_in: view only 403, not visible 404, unknown mention 500, nothing created', async () => {
    const emu = await emulator()
    const before = emu.state.projectCheckIns.length
    const unknownMention = JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'mention', attrs: { id: 'nobody-1', label: 'X' } }] }],
    })
    expect([
      (await projectCheckIn(emu, PR.warehouse)).status,
      (await projectCheckIn(emu, PR.payroll)).status,
      (await projectCheckIn(emu, PR.launchSite, { description: unknownMention })).text,
      (await projectCheckIn(emu, PR.launchSite, { subscriber_ids: ['nobody-1'] })).status,
    ]).toEqual([403, 404, '{"error":"Internal server error","message":"An unexpected error occurred"}', 500])
    expect(emu.state.projectCheckIns).toHaveLength(before)
  })

  it('R39 projects/create_check_in: published moves next_check_in_scheduled_at to the following Friday; more than a day early or a draft leaves it', async () => {
    // 2026-03-10 is a Tuesday.
    const cases: [string, string, string][] = [
      ['2026-03-06T00:00:00Z', 'late (due last Friday)', '2026-03-13T00:00:00Z'],
      ['2026-03-10T00:00:00Z', 'on the due day', '2026-03-13T00:00:00Z'],
      ['2026-03-11T00:00:00Z', 'one day early', '2026-03-13T00:00:00Z'],
      ['2026-03-12T00:00:00Z', 'two days early', '2026-03-12T00:00:00Z'],
      ['2026-03-13T00:00:00Z', 'three days early', '2026-03-13T00:00:00Z'],
    ]
    for (const [due, label, next] of cases) {
      const emu = await emulator()
      const project = emu.state.projects.find((p) => p.id === PR.launchSite)!
      project.nextCheckInScheduledAt = due
      await okJson(projectCheckIn(emu, PR.launchSite))
      expect([label, project.nextCheckInScheduledAt]).toEqual([label, next])
    }
    clock = new Date('2026-03-13T12:00:00Z') // a Friday, on time: the next Friday
    const emu = await emulator('1.7.0')
    const project = emu.state.projects.find((p) => p.id === PR.launchSite)!
    project.nextCheckInScheduledAt = '2026-03-13T00:00:00Z'
    const { check_in } = await okJson(projectCheckIn(emu, PR.launchSite, { post_as_draft: true }))
    expect([check_in.state, check_in.published_at, project.nextCheckInScheduledAt]).toEqual([
      'draft',
      null,
      '2026-03-13T00:00:00Z',
    ])
    await okJson(projectCheckIn(emu, PR.launchSite))
    expect(project.nextCheckInScheduledAt).toBe('2026-03-20T00:00:00Z')
  })

  it('R40 projects/create_check_in 1.8.0: scheduled ones wait, then the clock publishes them and moves the next check-in; a past time is 400', async () => {
    const emu = await emulator('1.8.0')
    const project = emu.state.projects.find((p) => p.id === PR.launchSite)!
    project.nextCheckInScheduledAt = '2026-03-13T00:00:00Z'
    const past = await projectCheckIn(emu, PR.launchSite, { scheduled_at: '2026-03-10T11:00:00Z' })
    expect([past.status, past.json()]).toEqual([
      400,
      { error: 'Bad request', message: 'Scheduled time must be in the future' },
    ])
    const { check_in } = await okJson(
      projectCheckIn(emu, PR.launchSite, { scheduled_at: '2026-03-13T08:00:00Z' }),
    )
    expect([check_in.state, check_in.scheduled_at]).toEqual(['scheduled', '2026-03-13T08:00:00Z'])
    expect(project.nextCheckInScheduledAt).toBe('2026-03-13T00:00:00Z')
    const grace = emu.state.unreadNotifications[P.grace] ?? 0
    clock = new Date('2026-03-13T09:00:00Z')
    const { project_check_in } = await okJson(get(emu, 'projects/get_check_in', { id: check_in.id }))
    expect(project_check_in).toMatchObject({
      state: 'published',
      published_at: '2026-03-13T08:00:00Z',
      scheduled_at: null,
    })
    // Published on the due Friday: due the Friday after.
    expect(project.nextCheckInScheduledAt).toBe('2026-03-20T00:00:00Z')
    expect(emu.state.unreadNotifications[P.grace]).toBe(grace + 1)
  })

  it('R41 projects/list_check_ins: published ones plus the caller’s own drafts (1.7.0) and scheduled ones (1.8.0), newest first by display date; no project → []', async () => {
    const emu = await emulator('1.8.0')
    const { check_in: draft } = await okJson(projectCheckIn(emu, PR.launchSite, { post_as_draft: true }))
    const { check_in: scheduled } = await okJson(
      projectCheckIn(emu, PR.launchSite, { scheduled_at: '2026-03-20T08:00:00Z' }),
    )
    // Someone else's draft is nobody else's business.
    emu.state.projectCheckIns.push({
      ...emu.state.projectCheckIns.find((c) => c.id === PC.launchSite1)!,
      id: '00000000-0000-4000-8000-000000000001',
      authorId: P.edsger,
      state: 'draft',
      publishedAt: null,
    })
    const { project_check_ins } = await okJson(
      get(emu, 'projects/list_check_ins', { project_id: wireId(emu, PR.launchSite), include_author: true }),
    )
    const ids = project_check_ins.map((c: { id: string }) => parseIdInput(c.id))
    expect(ids).toEqual([
      parseIdInput(scheduled.id),
      parseIdInput(draft.id),
      PC.launchSite3,
      PC.launchSite2,
      PC.launchSite1,
    ])
    const oldest = project_check_ins.at(-1)
    expect(oldest.author.full_name).toBe('Ada Lovelace')
    expect(oldest.acknowledged_by.full_name).toBe('Grace Hopper') // always loaded
    expect(oldest.comments_count).toBe(0)
    expect(oldest.project).toBeNull()
    // Not visible, or no such project: an empty list, not a 404.
    for (const id of [wireId(emu, PR.payroll), 'x-1']) {
      expect(await okJson(get(emu, 'projects/list_check_ins', { project_id: id }))).toEqual({
        project_check_ins: [],
      })
    }
    const old = await emulator('1.6.0')
    const { project_check_ins: listed } = await okJson(
      get(old, 'projects/list_check_ins', { project_id: wireId(old, PR.launchSite) }),
    )
    expect(listed.map((c: { id: string }) => parseIdInput(c.id))).toEqual([
      PC.launchSite3,
      PC.launchSite2,
      PC.launchSite1,
    ])
    expect('state' in listed[0]).toBe(false)
  })

  it('R42 projects/get_check_in: {project_check_in}; others’ drafts 404; include flags load author, acknowledged_by, project', async () => {
    const emu = await emulator('1.8.0')
    const id = checkInWireId(emu, PC.mobileBeta1)
    const bare = await okJson(get(emu, 'projects/get_check_in', { id }))
    expect(Object.keys(bare)).toEqual(['project_check_in'])
    expect([
      bare.project_check_in.author,
      bare.project_check_in.acknowledged_by,
      bare.project_check_in.project,
    ]).toEqual([null, null, null])
    const { project_check_in } = await okJson(
      get(emu, 'projects/get_check_in', {
        id,
        include_author: true,
        include_acknowledged_by: true,
        include_project: true,
      }),
    )
    expect(project_check_in.author.full_name).toBe('Katherine Johnson')
    expect(project_check_in.acknowledged_by.full_name).toBe('Edsger Dijkstra')
    expect(project_check_in.project.champion.full_name).toBe('Katherine Johnson')
    expect(project_check_in.project.permissions.can_edit).toBe(true)
    emu.state.projectCheckIns.find((c) => c.id === PC.mobileBeta1)!.state = 'draft'
    expect((await get(emu, 'projects/get_check_in', { id })).status).toBe(404)
  })

  it('R43 projects/acknowledge_check_in (all): idempotent; the author 400; view only 403; a draft or unknown 404', async () => {
    for (const version of ['1.5.0', '1.8.0']) {
      const emu = await emulator(version, 'project-check-ins')
      const id = checkInWireId(emu, PC.testSuite1)
      const first = await okJson(post(emu, 'projects/acknowledge_check_in', { id }))
      expect(first.check_in.acknowledged_at).toBe('2026-03-10T12:00:00Z')
      expect(first.check_in.project.reviewer.full_name).toBe('Ada Lovelace')
      expect(first.check_in.acknowledged_by).toBeNull()
      clock = new Date('2026-03-10T13:00:00Z')
      const again = await okJson(post(emu, 'projects/acknowledge_check_in', { id }))
      expect(again.check_in.acknowledged_at).toBe('2026-03-10T12:00:00Z')
      expect(emu.state.acknowledgements[PC.testSuite1]).toBe(1)
      clock = NOW
      // Ada's own, not yet acknowledged: 400; already acknowledged: 200 even for its author.
      const own = emu.state.projectCheckIns.find((c) => c.id === PC.launchSite2)!
      expect(
        (await post(emu, 'projects/acknowledge_check_in', { id: checkInWireId(emu, own.id) })).status,
      ).toBe(200)
      own.acknowledgedAt = null
      const author = await post(emu, 'projects/acknowledge_check_in', { id: checkInWireId(emu, own.id) })
      expect([author.status, author.json()]).toEqual([
        400,
        { error: 'Bad request', message: 'Authors cannot acknowledge their own check-ins' },
      ])
      // Edsger's on the warehouse project, which Ada may only view.
      emu.state.projectCheckIns.push({
        ...emu.state.projectCheckIns.find((c) => c.id === PC.testSuite1)!,
        id: '00000000-0000-4000-8000-000000000002',
        projectId: PR.warehouse,
        acknowledgedAt: null,
      })
      const viewOnly = await post(emu, 'projects/acknowledge_check_in', {
        id: checkInWireId(emu, '00000000-0000-4000-8000-000000000002'),
      })
      expect(viewOnly.status).toBe(403)
      expect((await post(emu, 'projects/acknowledge_check_in', { id: 'x-1' })).status).toBe(404)
      expect((await post(emu, 'projects/acknowledge_check_in', {})).text).toBe(
        '{"error":"Bad request","message":"Missing required fields: id"}',
      )
    }
    const emu = await emulator('1.7.0', 'project-check-ins')
    const pending = emu.state.projectCheckIns.find((c) => c.id === PC.testSuite1)!
    pending.authorId = P.ada
    pending.state = 'draft'
    expect(
      (await post(emu, 'projects/acknowledge_check_in', { id: checkInWireId(emu, pending.id) })).status,
    ).toBe(404)
  })

  it('R44 goals/acknowledge_check_in 1.8.0: idempotent; the author 400; without edit 403; {update} with the goal', async () => {
    const emu = await emulator('1.8.0')
    const pending = dataTeamPending(emu)
    const id = checkInWireId(emu, pending.id)
    const { update } = await okJson(post(emu, 'goals/acknowledge_check_in', { id }))
    expect(update).toMatchObject({
      acknowledged: true,
      acknowledged_at: '2026-03-10T12:00:00Z',
      author: null,
    })
    expect(update.goal.name).toBe('Hire a data team')
    clock = new Date('2026-03-10T13:00:00Z')
    expect((await okJson(post(emu, 'goals/acknowledge_check_in', { id }))).update.acknowledged_at).toBe(
      '2026-03-10T12:00:00Z',
    )
    expect(emu.state.acknowledgements[pending.id]).toBe(1)
    const own = emu.state.checkIns.find((c) => c.goalId === G.supportBacklog && !c.acknowledgedAt)!
    const author = await post(emu, 'goals/acknowledge_check_in', { id: checkInWireId(emu, own.id) })
    expect([author.status, (author.json() as { message: string }).message]).toEqual([
      400,
      'Authors cannot acknowledge their own check-ins',
    ])
    // Alan's on the compiler handbook, which Ada may only view.
    const handbook = emu.state.checkIns.find((c) => c.goalId === G.compilerHandbook)!
    handbook.acknowledgedAt = null
    expect(
      (await post(emu, 'goals/acknowledge_check_in', { id: checkInWireId(emu, handbook.id) })).status,
    ).toBe(403)
  })

  it('R45 goals/acknowledge_check_in 1.5.0–1.7.0: by role, not idempotent: the reviewer again and again; the author and other editors 403', async () => {
    for (const version of ['1.5.0', '1.6.0', '1.7.0']) {
      const emu = await emulator(version)
      const pending = dataTeamPending(emu)
      const id = checkInWireId(emu, pending.id)
      const grace = emu.state.unreadNotifications[P.grace] ?? 0
      await okJson(post(emu, 'goals/acknowledge_check_in', { id }))
      clock = new Date('2026-03-10T13:00:00Z')
      const { update } = await okJson(post(emu, 'goals/acknowledge_check_in', { id }))
      clock = NOW
      expect(update.acknowledged_at).toBe('2026-03-10T13:00:00Z')
      expect(emu.state.acknowledgements[pending.id]).toBe(2)
      expect(emu.state.unreadNotifications[P.grace]).toBe(grace + 2)
      // Ada wrote it as champion; Grace reviews: 403, not 400.
      const own = emu.state.checkIns.find((c) => c.goalId === G.supportBacklog && !c.acknowledgedAt)!
      expect((await post(emu, 'goals/acknowledge_check_in', { id: checkInWireId(emu, own.id) })).status).toBe(
        403,
      )
      // Edit rights without the role are not enough.
      const goal = emu.state.goals.find((g) => g.id === G.dataTeam)!
      goal.reviewerId = P.barbara
      goal.access.people[P.ada] = 'edit'
      expect([version, (await post(emu, 'goals/acknowledge_check_in', { id })).status]).toEqual([
        version,
        403,
      ])
    }
  })

  it('R46 people/list_assignments: project check-ins owed (owner) and to acknowledge (reviewer, resource_id the check-in), per version', async () => {
    for (const version of ['1.5.0', '1.6.0', '1.8.0']) {
      const emu = await emulator(version, 'project-check-ins')
      const body = await okJson(get(emu, 'people/list_assignments'))
      const all: {
        type: string
        role: string
        resource_id: string
        due: string
        name: string
        path: string
        author_name: string | null
      }[] =
        version === '1.5.0'
          ? body.assignments
          : [...body.due_soon, ...body.needs_review, ...body.upcoming].flatMap(
              (g: { assignments: unknown[] }) => g.assignments,
            )
      const projectRows = all.filter((a) => a.type === 'check_in')
      expect(projectRows.map((a) => [a.role, parseIdInput(a.resource_id)]).sort()).toEqual(
        [
          ['owner', PR.exhibit],
          ['owner', PR.launchSite],
          ['reviewer', PC.testSuite1],
        ].sort(),
      )
      const review = projectRows.find((a) => a.role === 'reviewer')!
      expect(review).toMatchObject({ name: 'Compiler test suite - Check-in', author_name: 'Edsger Dijkstra' })
      expect(review.path).toMatch(/\/project-check-ins\/\d{4}-\d{2}-\d{2}-/)
      if (version === '1.5.0') {
        const kinds = all.map((a) => `${a.type}/${a.role}`)
        expect(kinds).toEqual([...kinds].sort((a, b) => rankKind(a) - rankKind(b)))
      } else {
        expect(
          body.needs_review
            .flatMap((g: { assignments: { type: string }[] }) => g.assignments.map((a) => a.type))
            .sort(),
        ).toEqual(['check_in', 'goal_update'])
      }
      expect((await okJson(get(emu, 'people/get_assignments_count'))).count).toBe(5)
      // Acknowledged, it is no longer asked for.
      await okJson(post(emu, 'projects/acknowledge_check_in', { id: review.resource_id }))
      expect((await okJson(get(emu, 'people/get_assignments_count'))).count).toBe(4)
    }
  })

  it('R47 goals/get_check_in 1.8.0: someone else’s scheduled check-in is not there (404); acknowledged_at and acknowledging_person per include', async () => {
    const emu = await emulator('1.8.0')
    const pending = dataTeamPending(emu)
    const id = checkInWireId(emu, pending.id)
    const { update } = await okJson(get(emu, 'goals/get_check_in', { id, include_acknowledged_by: true }))
    expect([update.acknowledged_at, update.acknowledging_person]).toEqual([null, null])
    await okJson(post(emu, 'goals/acknowledge_check_in', { id }))
    const { update: after } = await okJson(
      get(emu, 'goals/get_check_in', { id, include_acknowledged_by: true }),
    )
    expect([after.acknowledged_at, after.acknowledging_person.full_name]).toEqual([
      '2026-03-10T12:00:00Z',
      'Ada Lovelace',
    ])
    pending.state = 'scheduled'
    pending.scheduledAt = '2026-03-20T00:00:00Z'
    expect((await get(emu, 'goals/get_check_in', { id })).status).toBe(404)
  })
})

function rankKind(kind: string): number {
  return ['check_in/owner', 'check_in/reviewer', 'goal_update/owner', 'goal_update/reviewer'].indexOf(kind)
}
