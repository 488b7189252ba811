import { afterEach, describe, expect, it } from 'vitest'
import { parseIdInput, shortIdFromUuid } from './ids'
import { startEmulator } from './index'
import { SEED_IDS } from './seed-ids'
import { call, get, message, okJson, post, wireId } from './test-support'
import { RELEASE_VERSION_HEADERS } from './version-header'
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
})

function rankKind(kind: string): number {
  return kind === 'check_in/owner' ? 0 : kind === 'goal_update/owner' ? 1 : 2
}
