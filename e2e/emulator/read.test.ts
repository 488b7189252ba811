import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { shortIdFromUuid } from './ids'
import { startEmulator } from './index'
import { SEED_IDS } from './seed-ids'
import { get, okJson, wireId } from './test-support'
import type { Emulator } from './types'

let emu: Emulator
beforeAll(async () => {
  emu = await startEmulator({ now: () => new Date('2026-03-10T12:00:00Z') })
})
afterAll(() => emu.close())
beforeEach(() => emu.reset())

describe('ids', () => {
  it('resolves a goal by slug, bare short id, UUID, any prefix ending in -<shortid>, and a pasted URL tail', async () => {
    const uuid = SEED_IDS.goals.shipEngine
    const short = shortIdFromUuid(uuid)
    for (const id of [wireId(emu, uuid), short, uuid, uuid.toUpperCase(), `renamed-goal-${short}`]) {
      const body = await okJson(get(emu, 'goals/get', { id }))
      expect(body.goal.name).toBe('Ship the Analytical Engine v2')
    }
  })

  it('sends slugged ids for goals, projects and people, dated ids for check-ins, bare short ids for targets', async () => {
    const { goal } = await okJson(get(emu, 'goals/get', { id: SEED_IDS.goals.shipEngine }))
    expect(goal.id).toMatch(/^ship-the-analytical-engine-v2-[A-Za-z0-9]{1,22}$/)
    expect(goal.targets[0].id).toMatch(/^[A-Za-z0-9]{1,22}$/)
    expect(goal.last_check_in_id).toMatch(/^[A-Za-z0-9]{1,22}$/)
    const { check_ins } = await okJson(get(emu, 'goals/list_check_ins', { goal_id: goal.id }))
    expect(check_ins[0].id).toBe(`2026-02-02-${goal.last_check_in_id}`)
    const { project } = await okJson(get(emu, 'projects/get', { id: SEED_IDS.projects.launchSite }))
    expect(project.id).toMatch(/^launch-site-[A-Za-z0-9]+$/)
  })
})

describe('people', () => {
  it('get_me returns Ada with her manager when asked', async () => {
    const { me } = await okJson(get(emu, 'people/get_me', { include_manager: true }))
    expect(me.full_name).toBe('Ada Lovelace')
    expect(me.email).toBe('ada.lovelace@example.com')
    expect(me.manager.full_name).toBe('Barbara Liskov')
    const plain = await okJson(get(emu, 'people/get_me'))
    expect(plain.me.manager).toBeNull()
  })

  it('list is ordered by name, without suspended people unless asked, and keeps null titles', async () => {
    const { people } = await okJson(get(emu, 'people/list'))
    const names = people.map((p: { full_name: string }) => p.full_name)
    expect(names).toEqual([...names].sort())
    expect(names).not.toContain('Charles Babbage')
    expect(people.find((p: { full_name: string }) => p.full_name === 'Alan Turing').title).toBeNull()
    const all = await okJson(get(emu, 'people/list', { include_suspended: true }))
    expect(all.people).toHaveLength(7)
  })

  it('search matches names case-insensitively, skips ignored ids and limits to those who can see a goal', async () => {
    const { people } = await okJson(get(emu, 'people/search', { query: 'GRA' }))
    expect(people.map((p: { full_name: string }) => p.full_name)).toEqual(['Grace Hopper'])
    const ignored = await okJson(
      get(emu, 'people/search', { query: 'a', ignored_ids: [wireId(emu, SEED_IDS.people.ada)] }),
    )
    expect(ignored.people.map((p: { full_name: string }) => p.full_name)).not.toContain('Ada Lovelace')
    // Everyone may view the compiler handbook goal; the people search finds Katherine there.
    const scoped = await okJson(
      get(emu, 'people/search', {
        query: 'katherine',
        search_scope_type: 'goal',
        search_scope_id: wireId(emu, SEED_IDS.goals.compilerHandbook),
      }),
    )
    expect(scoped.people).toHaveLength(1)
  })
})

describe('projects', () => {
  it('lists the projects Ada can see, by name, with descriptions as JSON strings or null', async () => {
    const { projects } = await okJson(get(emu, 'projects/list'))
    const names = projects.map((p: { name: string }) => p.name)
    expect(names).toEqual(['Data warehouse migration', 'Launch site', 'Mobile app beta', 'Office move'])
    const office = projects.find((p: { name: string }) => p.name === 'Office move')
    expect(office.description).toBeNull()
    expect(office.success_status).toBe('nil')
  })

  it('only_my_projects keeps those Ada champions or contributes to', async () => {
    const { projects } = await okJson(get(emu, 'projects/list', { only_my_projects: true }))
    expect(projects.map((p: { name: string }) => p.name)).toEqual([
      'Launch site',
      'Mobile app beta',
      'Office move',
    ])
  })

  it('get returns the description document with real mention ids, blobs, highlights, underline and links', async () => {
    const { project } = await okJson(
      get(emu, 'projects/get', { id: wireId(emu, SEED_IDS.projects.launchSite), include_permissions: true }),
    )
    expect(typeof project.description).toBe('string')
    const doc = JSON.parse(project.description)
    const json = JSON.stringify(doc)
    expect(json).toContain(`"id":"${wireId(emu, SEED_IDS.people.grace)}"`)
    for (const type of [
      '"mention"',
      '"blob"',
      '"highlight"',
      '"underline"',
      '"link"',
      '"codeBlock"',
      '"orderedList"',
    ]) {
      expect(json).toContain(`"type":${type}`)
    }
    expect(project.permissions).toMatchObject({ can_view: true, can_edit: true })
    expect(project.champion).toBeNull()
  })

  it('serves the blobs the descriptions point at', async () => {
    const doc = JSON.stringify(emu.state.projects.map((p) => p.description))
    const srcs = [...doc.matchAll(/"src":"([^"]+)"/g)].map((m) => m[1]!)
    expect(srcs).toHaveLength(2)
    for (const src of srcs) {
      const res = await fetch(src)
      expect(res.status).toBe(200)
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100)
    }
  })

  it('reports view-only permission on the warehouse project', async () => {
    const { project } = await okJson(
      get(emu, 'projects/get', { id: wireId(emu, SEED_IDS.projects.warehouse), include_permissions: true }),
    )
    expect(project.permissions).toMatchObject({ can_view: true, can_edit: false })
  })
})

describe('goals', () => {
  it('lists visible goals with targets and checklist always included', async () => {
    const { goals } = await okJson(get(emu, 'goals/list'))
    expect(goals).toHaveLength(5)
    expect(goals.map((g: { name: string }) => g.name)).not.toContain('Acquire Difference Engine Ltd')
    const ship = goals.find((g: { name: string }) => g.name === 'Ship the Analytical Engine v2')
    expect(ship.targets.map((t: { name: string; value: number }) => [t.name, t.value])).toEqual([
      ['Weekly active teams', 72],
      ['p95 page load', 2.4],
    ])
    expect(ship.checklist).toHaveLength(3)
  })

  it('get reports permissions: edit on Ada’s goals, view on the handbook, comment on onboarding', async () => {
    const perms = async (uuid: string) =>
      (await okJson(get(emu, 'goals/get', { id: uuid, include_permissions: true }))).goal.permissions
    expect(await perms(SEED_IDS.goals.shipEngine)).toMatchObject({ can_edit: true, has_full_access: true })
    expect(await perms(SEED_IDS.goals.compilerHandbook)).toMatchObject({
      can_view: true,
      can_comment: false,
      can_edit: false,
    })
    expect(await perms(SEED_IDS.goals.onboardingDocs)).toMatchObject({ can_comment: true, can_edit: false })
  })

  it('list_check_ins is newest first, with authors', async () => {
    const { check_ins } = await okJson(
      get(emu, 'goals/list_check_ins', { goal_id: SEED_IDS.goals.shipEngine }),
    )
    expect(check_ins).toHaveLength(3)
    expect(check_ins[0].inserted_at > check_ins[1].inserted_at).toBe(true)
    expect(check_ins[0].author.full_name).toBe('Ada Lovelace')
    expect(JSON.parse(check_ins[0].message).type).toBe('doc')
  })

  it('get_check_in finds a check-in by its dated id', async () => {
    const { check_ins } = await okJson(
      get(emu, 'goals/list_check_ins', { goal_id: SEED_IDS.goals.shipEngine }),
    )
    const { update } = await okJson(
      get(emu, 'goals/get_check_in', { id: check_ins[1].id, include_author: true }),
    )
    expect(update.status).toBe('on_track')
    expect(update.author.full_name).toBe('Ada Lovelace')
  })
})

describe('versions', () => {
  it('adds __typename from 1.8.0 only', async () => {
    const old = await startEmulator({ version: '1.7.0' })
    try {
      const res = await fetch(`${old.url}/api/external/v1/people/get_me`, {
        headers: { authorization: `Bearer ${old.tokens.write}` },
      })
      expect(res.headers.get('x-operately-version')).toBe('2026-07-08-6801750a0')
      const body = (await res.json()) as { me: Record<string, unknown> }
      expect(body.me).not.toHaveProperty('__typename')
    } finally {
      await old.close()
    }
    const { me } = await okJson(get(emu, 'people/get_me'))
    expect(me.__typename).toBe('person')
  })
})

describe('notifications', () => {
  it('reports the unread count', async () => {
    expect(await okJson(get(emu, 'notifications/get_unread_count'))).toEqual({ unread: 3 })
  })
})
