import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator } from './index'
import { SEED_IDS } from './seed-ids'
import { call, get, message, post, wireId } from './test-support'
import type { Emulator } from './types'

// Every row of operately-api.md §3, literally, and the order of checks of §2.

let emu: Emulator
beforeAll(async () => {
  emu = await startEmulator()
})
afterAll(() => emu.close())
beforeEach(() => emu.reset())

const FORBIDDEN = `{"error":"Forbidden","message":"You don't have permission to perform this action"}`
const NOT_FOUND = '{"error":"Not found","message":"The requested resource was not found"}'

describe('authentication', () => {
  it('answers 401 Unauthorized (no content type) without a token, with an unknown one, a deleted one, and a lower-case scheme', async () => {
    const cases = [
      await get(emu, 'people/get_me', {}, { token: null }),
      await get(emu, 'people/get_me', {}, { token: 'opk_' + 'x'.repeat(43) }),
      await get(emu, 'people/get_me', {}, { token: emu.tokens.revoked }),
      await get(emu, 'people/get_me', {}, { headers: { authorization: `bearer ${emu.tokens.write}` } }),
      await get(emu, 'people/get_me', {}, { headers: { authorization: `Token ${emu.tokens.write}` } }),
    ]
    for (const r of cases) {
      expect(r.status).toBe(401)
      expect(r.text).toBe('Unauthorized')
      // require_api_token.ex: send_resp(401, "Unauthorized") with no content type.
      expect(r.headers.get('content-type')).toBeNull()
    }
  })

  it('takes a bare token with no scheme, as require_api_token.ex does', async () => {
    const r = await get(emu, 'people/get_me', {}, { headers: { authorization: ` ${emu.tokens.write} ` } })
    expect(r.status).toBe(200)
  })

  it('answers 401 when the token owner is suspended', async () => {
    emu.state.people.find((p) => p.id === SEED_IDS.people.ada)!.suspended = true
    const r = await get(emu, 'people/get_me')
    expect([r.status, r.text]).toEqual([401, 'Unauthorized'])
  })

  it('lets a read-only token call every GET but answers 403 text to any POST', async () => {
    const me = await get(emu, 'people/get_me', {}, { token: emu.tokens.readOnly })
    expect(me.status).toBe(200)
    const r = await post(
      emu,
      'goals/create_check_in',
      { goal_id: wireId(emu, SEED_IDS.goals.shipEngine), status: 'on_track', content: message('x') },
      { token: emu.tokens.readOnly },
    )
    expect([r.status, r.text]).toEqual([403, 'Read-only API tokens cannot execute mutations'])
    expect(emu.state.checkIns).toHaveLength(8)
  })
})

describe('the side-effect-free write probe: POST projects/update_description with {}', () => {
  it('answers 403 for a read-only token and 400 Missing required fields for a write token, changing nothing', async () => {
    const before = JSON.stringify(emu.state.projects)
    const readOnly = await post(emu, 'projects/update_description', {}, { token: emu.tokens.readOnly })
    expect([readOnly.status, readOnly.text]).toEqual([403, 'Read-only API tokens cannot execute mutations'])
    const write = await post(emu, 'projects/update_description', {})
    expect(write.status).toBe(400)
    expect(write.text).toBe(
      '{"error":"Bad request","message":"Missing required fields: project_id, description"}',
    )
    expect(JSON.stringify(emu.state.projects)).toBe(before)
  })
})

describe('routes, methods and content negotiation', () => {
  it('answers unknown endpoints 404 Query not found / Mutation not found, before looking at the token', async () => {
    const q = await get(emu, 'goals/no_such_thing', {}, { token: null })
    expect([q.status, q.text]).toEqual([404, 'Query not found'])
    const m = await post(emu, 'goals/no_such_thing', {}, { token: null })
    expect([m.status, m.text]).toEqual([404, 'Mutation not found'])
    // A query name used as a mutation (and vice versa) is just as unknown.
    expect((await post(emu, 'people/get_me', {})).text).toBe('Mutation not found')
    expect((await get(emu, 'goals/create_check_in')).text).toBe('Query not found')
  })

  it('answers other methods 405 and an Accept that excludes JSON 406', async () => {
    const put = await call(emu, 'PUT', 'people/get_me')
    expect([put.status, put.text]).toEqual([405, 'Method Not Allowed'])
    const html = await get(emu, 'people/get_me', {}, { headers: { accept: 'text/html' } })
    expect(html.status).toBe(406)
    const wildcard = await get(emu, 'people/get_me', {}, { headers: { accept: 'text/html, */*;q=0.8' } })
    expect(wildcard.status).toBe(200)
  })

  it('sends x-operately-version on every answer, errors included: the build date and hash, never 1.8.0', async () => {
    const answers = [
      await get(emu, 'people/get_me'),
      await get(emu, 'people/get_me', {}, { token: null }),
      await get(emu, 'nope/nope'),
      await call(emu, 'DELETE', 'people/get_me'),
    ]
    for (const r of answers) expect(r.headers.get('x-operately-version')).toBe('2026-07-16-cff38bbea')
  })
})

describe('input parsing (before the token) and field checks (after it)', () => {
  it('answers malformed JSON 400 before the route and the token, in the format the Accept header prefers', async () => {
    const json = await call(emu, 'POST', 'goals/create_check_in', {
      rawBody: '{"goal_id": ',
      token: null,
      headers: { accept: 'application/json' },
    })
    expect([json.status, json.text]).toEqual([400, '{"errors":{"detail":"Bad Request"}}'])
    // Accept */* (fetch's default): Phoenix's first render_errors format, html.
    const html = await call(emu, 'POST', 'nope/nope', { rawBody: '{"goal_id": ', token: null })
    expect([html.status, html.text, html.headers.get('content-type')]).toEqual([
      400,
      'Bad Request',
      'text/html; charset=utf-8',
    ])
  })

  it('answers an unknown key, top level or nested, 400 Unknown input field, even without a token', async () => {
    const top = await post(emu, 'projects/update_description', { foo: 1 }, { token: null })
    expect([top.status, top.text]).toEqual([
      400,
      '{"error":"Bad request","message":"Unknown input field: foo"}',
    ])
    const nested = await post(
      emu,
      'goals/create_check_in',
      { checklist: [{ id: 'x', name: 'n', completed: true, index: 0, __typename: 'goal_check' }] },
      { token: null },
    )
    expect(nested.text).toBe('{"error":"Bad request","message":"Unknown input field: __typename"}')
    const query = await get(emu, 'goals/get', { id: 'x', include_everything: true }, { token: null })
    expect(query.text).toBe('{"error":"Bad request","message":"Unknown input field: include_everything"}')
  })

  it('takes no include_permissions on the list endpoints, as Operately does (only get carries permissions)', async () => {
    for (const endpoint of ['goals/list', 'projects/list']) {
      const r = await get(emu, endpoint, { include_permissions: true })
      expect([endpoint, r.status, r.text]).toEqual([
        endpoint,
        400,
        '{"error":"Bad request","message":"Unknown input field: include_permissions"}',
      ])
    }
  })

  it('checks the token before required fields', async () => {
    const r = await post(emu, 'goals/create_check_in', {}, { token: null })
    expect([r.status, r.text]).toEqual([401, 'Unauthorized'])
  })

  it('lists every missing required field', async () => {
    const r = await post(emu, 'goals/create_check_in', { status: 'on_track' })
    expect(r.text).toBe('{"error":"Bad request","message":"Missing required fields: goal_id, content"}')
  })

  it("answers null where not nullable 400 Field '…' cannot be null", async () => {
    const goalId = wireId(emu, SEED_IDS.goals.shipEngine)
    const r = await post(emu, 'goals/create_check_in', { goal_id: goalId, status: 'on_track', content: null })
    expect(r.text).toBe(`{"error":"Bad request","message":"Field 'content' cannot be null"}`)
  })

  it('answers a bad enum value with the allowed values', async () => {
    const goalId = wireId(emu, SEED_IDS.goals.shipEngine)
    const r = await post(emu, 'goals/create_check_in', {
      goal_id: goalId,
      status: 'green',
      content: message('x'),
    })
    expect(r.status).toBe(400)
    expect(r.text).toBe(
      '{"error":"Bad request","message":"Invalid value for enum goal_check_in_status: green. Allowed values: on_track, caution, off_track"}',
    )
  })
})

describe('handler answers', () => {
  it('answers unknown, malformed and invisible ids with the same 404 JSON', async () => {
    const ids = ['no-such-goal-5XkppkO0sBPa7a854QIXNB', 'not an id!', wireId(emu, SEED_IDS.goals.acquisition)]
    for (const id of ids) {
      const r = await get(emu, 'goals/get', { id })
      expect([r.status, r.text]).toEqual([404, NOT_FOUND])
    }
    const project = await get(emu, 'projects/get', { id: wireId(emu, SEED_IDS.projects.payroll) })
    expect([project.status, project.text]).toEqual([404, NOT_FOUND])
  })

  it('answers view-without-edit 403 JSON Forbidden on both mutations, changing nothing', async () => {
    const doc = message('hello')
    const project = await post(emu, 'projects/update_description', {
      project_id: wireId(emu, SEED_IDS.projects.warehouse),
      description: doc,
    })
    expect([project.status, project.text]).toEqual([403, FORBIDDEN])
    for (const goal of [SEED_IDS.goals.compilerHandbook, SEED_IDS.goals.onboardingDocs]) {
      const r = await post(emu, 'goals/create_check_in', {
        goal_id: wireId(emu, goal),
        status: 'caution',
        content: doc,
      })
      expect([r.status, r.text]).toEqual([403, FORBIDDEN])
    }
    expect(emu.state.checkIns).toHaveLength(8)
  })

  it('answers non-JSON content and descriptions 500', async () => {
    const r = await post(emu, 'projects/update_description', {
      project_id: wireId(emu, SEED_IDS.projects.launchSite),
      description: 'not json',
    })
    expect(r.status).toBe(500)
    expect(['{"error":"Internal server error"}', '{"errors":{"detail":"Internal Server Error"}}']).toContain(
      r.text,
    )
  })

  it('answers a mention of someone who is not a person 500, changing nothing', async () => {
    const before = JSON.stringify(emu.state.projects)
    const doc = {
      type: 'doc',
      content: [{ type: 'mention', attrs: { id: 'nobody-5XkppkO0sBPa7a854QIXNB', label: 'X' } }],
    }
    const r = await post(emu, 'projects/update_description', {
      project_id: wireId(emu, SEED_IDS.projects.launchSite),
      description: JSON.stringify(doc),
    })
    expect(r.status).toBe(500)
    expect(r.text).toBe('{"error":"Internal server error","message":"An unexpected error occurred"}')
    expect(JSON.stringify(emu.state.projects)).toBe(before)
  })

  it('answers list_check_ins of an unknown goal 404 Goal not found', async () => {
    const r = await get(emu, 'goals/list_check_ins', { goal_id: wireId(emu, SEED_IDS.goals.acquisition) })
    expect([r.status, r.text]).toEqual([404, '{"error":"Not found","message":"Goal not found"}'])
  })
})
