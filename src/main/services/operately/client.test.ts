import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AppFailure, type AppError } from '@shared/errors'
import { SEED_IDS, shortIdFromUuid, startEmulator, type Emulator } from '../../../../e2e/emulator'
import { createOperatelyClient, type OperatelyClient } from './client'
import { createHttp, type ApiRequest } from './http'
import { expectHumanMessage } from './test-support/human-message'
import { closedPort } from './test-support/local-server'
import type { ChecklistItemInput, CreateCheckInInput } from './bodies'

// The client against the Operately emulator over real HTTP. The emulator answers with the literal
// statuses and bodies of operately-api.md §3; every row of that table has a test below.

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator()
})
afterAll(async () => {
  await emulator.close()
})
beforeEach(() => {
  emulator.reset()
})

type TokenName = 'write' | 'readOnly' | 'revoked'
const client = (token: TokenName = 'write', timeoutMs?: number): OperatelyClient =>
  createOperatelyClient({
    baseUrl: emulator.url,
    getToken: () => emulator.tokens[token],
    ...(timeoutMs && { timeoutMs }),
  })
const request = (req: ApiRequest, token: TokenName = 'write') =>
  createHttp({ baseUrl: emulator.url, getToken: () => emulator.tokens[token] }).request(req)

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (err) {
    if (err instanceof AppFailure) return err.error
    throw err
  }
  throw new Error('expected the call to fail')
}

/** The error a manager would see: of this kind, in words, with the status kept aside. */
async function expectFailure(
  promise: Promise<unknown>,
  kind: AppError['kind'],
  status?: number,
): Promise<AppError> {
  const error = await failureOf(promise)
  expect(error.kind).toBe(kind)
  if (status !== undefined) expect(error.status).toBe(status)
  expectHumanMessage(error, emulator.tokens.write, emulator.tokens.readOnly, emulator.tokens.revoked)
  return error
}

const doc = (words: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] })
const G = SEED_IDS.goals
const PR = SEED_IDS.projects
const wireId = (uuid: string) => shortIdFromUuid(uuid)
const checkInsOf = (goalUuid: string) => emulator.state.checkIns.filter((c) => c.goalId === goalUuid)
const validCheckIn: CreateCheckInInput = {
  goal_id: wireId(G.shipEngine),
  status: 'on_track',
  content: doc('Going well'),
}

describe('reading', () => {
  it('knows who signed in, and which server version answered', async () => {
    const c = client()
    expect(c.serverVersion()).toBeNull()
    const me = await c.getMe()
    expect(me).toMatchObject({ full_name: 'Ada Lovelace', email: 'ada.lovelace@example.com' })
    expect(me.id.endsWith(wireId(SEED_IDS.people.ada))).toBe(true)
    // A release sends its build, never the release number (operately-api.md §1).
    expect(c.serverVersion()).toBe('2026-07-16-cff38bbea')
  })

  it('finds people by name, leaving out the ones asked to ignore', async () => {
    const c = client()
    const found = await c.searchPeople({ query: 'gra' })
    expect(found.map((p) => p.full_name)).toEqual(['Grace Hopper'])
    const grace = found[0]!
    expect(await c.searchPeople({ query: 'gra', ignoredIds: [grace.id] })).toEqual([])
  })

  it('lists the goals Ada can see, with champions, and not the one she cannot', async () => {
    const goals = await client().listGoals()
    const names = goals.map((g) => g.name)
    expect(names).toContain('Ship the Analytical Engine v2')
    expect(names).toContain('Publish the compiler handbook')
    expect(names).not.toContain('Acquire Difference Engine Ltd')
    expect(goals.find((g) => g.name === 'Ship the Analytical Engine v2')?.champion?.full_name).toBe(
      'Ada Lovelace',
    )
  })

  it('reads one goal with its targets, checklist, permissions and potential subscribers', async () => {
    const goal = await client().getGoal(wireId(G.shipEngine))
    expect(goal.name).toBe('Ship the Analytical Engine v2')
    expect(goal.targets.length).toBeGreaterThan(0)
    expect(goal.checklist.length).toBeGreaterThan(0)
    expect(goal.permissions).toMatchObject({ can_edit: true })
    expect(goal.potential_subscribers.length).toBeGreaterThan(0)
    expect(goal.champion?.full_name).toBe('Ada Lovelace')
  })

  it('lists check-ins newest first, and projects with their descriptions', async () => {
    const c = client()
    const checkIns = await c.listCheckIns(wireId(G.dataTeam))
    expect(checkIns.length).toBeGreaterThan(0)
    const times = checkIns.map((ci) => ci.inserted_at ?? '')
    expect([...times].sort().reverse()).toEqual(times)

    const projects = await c.listProjects()
    expect(projects.map((p) => p.name)).toContain('Launch site')
    expect(projects.map((p) => p.name)).not.toContain('Payroll vendor switch')
    const launch = await c.getProject(wireId(PR.launchSite))
    expect(JSON.parse(launch.description ?? 'null')).toMatchObject({ type: 'doc' })
    expect(launch.permissions).not.toBeNull()
    expect(launch.space?.name).toBeTruthy()
  })

  it('lists what Ada owes: a goal check-in to write and one to acknowledge', async () => {
    const assignments = await client().listAssignments()
    const all = [...assignments.due_soon, ...assignments.needs_review, ...assignments.upcoming].flatMap(
      (g) => g.assignments,
    )
    const owed = (name: string, role: string) => all.find((a) => a.origin?.name === name && a.role === role)
    expect(owed('Ship the Analytical Engine v2', 'owner')).toMatchObject({ type: 'goal_update' })
    expect(owed('Hire a data team', 'reviewer')).toMatchObject({
      type: 'goal_update',
      author_name: 'Grace Hopper',
    })
  })
})

describe('writing', () => {
  it('creates a check-in that then shows first in the goal’s list, sending only declared keys', async () => {
    const c = client()
    const goal = await c.getGoal(wireId(G.shipEngine))
    // The goal's checks straight from the server (with completed_at, inserted_at…): the client must strip them.
    const checklist = goal.checklist.map((check) => ({
      ...check,
      completed: true,
    })) as unknown as ChecklistItemInput[]
    const target = goal.targets[0]!
    const update = await c.createCheckIn({
      goal_id: goal.id,
      status: 'caution',
      content: doc('Slipping a little'),
      checklist,
      new_target_values: JSON.stringify([{ id: target.id, value: 42 }]),
    })
    expect(update).toMatchObject({ status: 'caution' })

    const [latest] = await c.listCheckIns(goal.id)
    expect(latest?.id).toBe(update?.id)
    expect(latest?.checklist.every((item) => item.completed)).toBe(true)
    const sent = emulator.state.requests.find((r) => r.endpoint === 'goals/create_check_in')?.body as {
      checklist: object[]
    }
    for (const item of sent.checklist)
      expect(Object.keys(item).sort()).toEqual(['completed', 'id', 'index', 'name'])
  })

  it('keeps the description it sent when the server’s answer leaves it out', async () => {
    expect(emulator.faults().omitDescription).toBe(true)
    const description = doc('The new plan')
    const project = await client().updateDescription({ projectId: wireId(PR.launchSite), description })
    expect(project.description).toBe(description)
    expect(emulator.state.projects.find((p) => p.id === PR.launchSite)?.description).toEqual(
      JSON.parse(description),
    )
    expect(emulator.state.requests.at(-1)?.status).toBe(200)
  })

  it('tells a write token from a read-only one without changing anything', async () => {
    const before = JSON.stringify(emulator.state.projects)
    expect(await client('write').probeWriteAccess()).toBe(true)
    expect(await client('readOnly').probeWriteAccess()).toBe(false)
    await expectFailure(client('revoked').probeWriteAccess(), 'unauthorized', 401)
    expect(JSON.stringify(emulator.state.projects)).toBe(before)
    expect(emulator.state.requests.map((r) => r.body)).toEqual([{}, {}, {}])
  })
})

describe('every row of the error table (operately-api.md §3)', () => {
  it('401 no or invalid token → unauthorized, telling how to get a new token', async () => {
    const error = await expectFailure(client('revoked').getMe(), 'unauthorized', 401)
    expect(error.message).toMatch(/Create a new token in Operately/)
    emulator.setFaults({ revokeTokens: true })
    await expectFailure(client('write').listGoals(), 'unauthorized', 401)
  })

  it('403 read-only token on a change → read_only_token, explaining how to get a write token', async () => {
    const error = await expectFailure(
      client('readOnly').updateDescription({ projectId: wireId(PR.launchSite), description: doc('x') }),
      'read_only_token',
      403,
    )
    expect(error.message).toMatch(/not read-only/)
    await expectFailure(
      client('readOnly').createCheckIn({ ...validCheckIn, status: 'on_track' }),
      'read_only_token',
      403,
    )
  })

  it('403 may view but not edit → forbidden', async () => {
    const c = client()
    const before = checkInsOf(G.compilerHandbook).length
    const description = JSON.stringify(
      emulator.state.projects.find((p) => p.id === PR.warehouse)?.description,
    )
    await expectFailure(
      c.updateDescription({ projectId: wireId(PR.warehouse), description: doc('x') }),
      'forbidden',
      403,
    )
    expect(JSON.stringify(emulator.state.projects.find((p) => p.id === PR.warehouse)?.description)).toBe(
      description,
    )
    const error = await expectFailure(
      c.createCheckIn({ goal_id: wireId(G.compilerHandbook), status: 'on_track', content: doc('x') }),
      'forbidden',
      403,
    )
    expect(error.message).toMatch(/not allowed to change it/)
    expect(checkInsOf(G.compilerHandbook).length).toBe(before)
  })

  it('404 unknown endpoint → unsupported_server (the server is too old)', async () => {
    const query = await expectFailure(
      request({ method: 'GET', path: 'goals/get_everything' }),
      'unsupported_server',
      404,
    )
    expect(query.message).toMatch(/update Operately/)
    await expectFailure(
      request({ method: 'POST', path: 'goals/do_everything', body: {} }),
      'unsupported_server',
      404,
    )
  })

  it('404 unknown id, malformed id, or no access → not_found', async () => {
    const c = client()
    await expectFailure(c.getGoal(wireId(G.acquisition)), 'not_found', 404)
    await expectFailure(c.getProject(wireId(PR.payroll)), 'not_found', 404)
    await expectFailure(c.getGoal('no-such-goal-zzzzzzzzzzzzzzzzzzzzzz'), 'not_found', 404)
    await expectFailure(c.listCheckIns(wireId(G.acquisition)), 'not_found', 404)
  })

  it('400 missing required field → bad_request naming the fields', async () => {
    const error = await expectFailure(
      request({ method: 'POST', path: 'goals/create_check_in', body: { goal_id: wireId(G.shipEngine) } }),
      'bad_request',
      400,
    )
    expect(error.message).toMatch(/Missing required fields: .*content/)
  })

  it('400 unknown input key, top level or nested → bad_request naming the key', async () => {
    const before = checkInsOf(G.shipEngine).length
    const top = await expectFailure(
      request({ method: 'POST', path: 'goals/create_check_in', body: { ...validCheckIn, foo: 1 } }),
      'bad_request',
      400,
    )
    expect(top.message).toMatch(/Unknown input field: foo/)
    const checklist = [{ id: 'x', name: 'A', completed: true, index: 0, __typename: 'GoalCheck' }]
    const nested = await expectFailure(
      request({ method: 'POST', path: 'goals/create_check_in', body: { ...validCheckIn, checklist } }),
      'bad_request',
      400,
    )
    expect(nested.message).toMatch(/Unknown input field: .*__typename/)
    expect(checkInsOf(G.shipEngine).length).toBe(before)
  })

  it('400 null where not nullable → bad_request naming the field', async () => {
    const error = await expectFailure(
      request({ method: 'POST', path: 'goals/create_check_in', body: { ...validCheckIn, content: null } }),
      'bad_request',
      400,
    )
    expect(error.message).toMatch(/Field 'content' cannot be null/)
  })

  it('400 bad enum value → bad_request listing the allowed values', async () => {
    const error = await expectFailure(
      request({ method: 'POST', path: 'goals/create_check_in', body: { ...validCheckIn, status: 'green' } }),
      'bad_request',
      400,
    )
    expect(error.message).toMatch(/Allowed values: on_track, caution, off_track/)
  })

  it('400 malformed JSON body → bad_request', async () => {
    await expectFailure(
      request({ method: 'POST', path: 'goals/create_check_in', rawBody: '{"goal_id": "x",' }),
      'bad_request',
      400,
    )
  })

  it('500 handler failure → server_error', async () => {
    emulator.setFaults({ serverErrors: 1 })
    const error = await expectFailure(client().listGoals(), 'server_error', 500)
    expect(error.message).toMatch(/problem on its side/)
    expect((await client().listGoals()).length).toBeGreaterThan(0)
  })

  it('500 bad date, non-JSON content, bad target values, unknown mention → server_error, nothing saved', async () => {
    const c = client()
    const before = checkInsOf(G.shipEngine).length
    const badDate = { date_type: 'day' as const, date: '2026-02-30', value: 'Feb 30, 2026' }
    await expectFailure(c.createCheckIn({ ...validCheckIn, due_date: badDate }), 'server_error', 500)
    await expectFailure(c.createCheckIn({ ...validCheckIn, content: 'not json at all' }), 'server_error', 500)
    await expectFailure(
      c.createCheckIn({ ...validCheckIn, new_target_values: '[{"id":' }),
      'server_error',
      500,
    )
    const ghost = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'mention', attrs: { id: 'ghost-zzzzzzzzzzzzzzzzzzzzzz', label: 'Ghost' } }],
        },
      ],
    }
    const error = await expectFailure(
      c.createCheckIn({ ...validCheckIn, content: JSON.stringify(ghost) }),
      'server_error',
      500,
    )
    expect(error.message).toMatch(/mention of a person/)
    expect(checkInsOf(G.shipEngine).length).toBe(before)
  })
})

describe('proxies, slow servers and broken connections', () => {
  it('502 HTML from a proxy → server_error naming the gateway, no HTML', async () => {
    emulator.setFaults({ htmlBadGateway: 1 })
    const error = await expectFailure(client().getMe(), 'server_error', 502)
    expect(error.message).toMatch(/gateway/)
    expect(error.message).not.toMatch(/nginx/)
  })

  it('honours Retry-After', async () => {
    emulator.setFaults({ serverErrors: 1, retryAfterSeconds: 7 })
    const error = await expectFailure(client().listProjects(), 'server_error', 500)
    expect(error.retryAfterSeconds).toBe(7)
  })

  it('times out a slow server', async () => {
    emulator.setFaults({ latencyMs: 5_000 })
    const error = await expectFailure(client('write', 300).getMe(), 'timeout')
    expect(error.message).toMatch(/Check your connection and try again/)
  })

  it('times out a change the server saved but never confirmed, warning it may have been saved', async () => {
    emulator.setFaults({ hangAfterCommitMs: 5_000 })
    const before = checkInsOf(G.shipEngine).length
    const error = await expectFailure(client('write', 300).createCheckIn(validCheckIn), 'timeout')
    expect(error.message).toMatch(/may or may not have been saved/)
    expect(checkInsOf(G.shipEngine).length).toBe(before + 1)
  })

  it('reports a server that is not running as offline', async () => {
    const port = await closedPort()
    const c = createOperatelyClient({
      baseUrl: `http://127.0.0.1:${port}`,
      getToken: () => emulator.tokens.write,
    })
    const error = await expectFailure(c.getMe(), 'offline')
    expect(error.message).toMatch(/Nothing is answering/)
  })

  it('reports a connection dropped after the commit as offline, while the check-in was in fact saved', async () => {
    emulator.setFaults({ dropAfterCommit: 1 })
    const before = checkInsOf(G.shipEngine).length
    const error = await failureOf(client().createCheckIn(validCheckIn))
    expect(['offline', 'timeout']).toContain(error.kind)
    expect(error.message).toMatch(/may or may not have been saved/)
    expect(checkInsOf(G.shipEngine).length).toBe(before + 1)
    // The way to find out, as operately-api.md §6 says: the newest check-in is there.
    const [latest] = await client().listCheckIns(wireId(G.shipEngine))
    expect(latest?.status).toBe('on_track')
  })
})
