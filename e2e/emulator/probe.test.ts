import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator } from './index'
import { post } from './test-support'
import type { Emulator, EmulatorTokens } from './types'

/**
 * The capability probe: a POST to goals/create_check_in (or projects/create_check_in) carrying only the new input. Operately parses
 * inputs before it looks at the token (TurboConnect.Plugs.ParseInputs, then RequireApiToken,
 * EnforceTokenAccessMode, then RequiredFieldValidator: `app/lib/turbo_connect/api.ex`,
 * `app/lib/operately_web/api/external.ex`), so a server without the input refuses the key whatever the
 * token, and one with it goes on to 401, 403 or "Missing required fields". None of them changes
 * anything. Inputs per tag: `app/lib/operately_web/api/goals/create_check_in.ex`,
 * `app/lib/operately_web/api/projects/create_check_in.ex`.
 */

const VERSIONS = ['1.5.0', '1.6.0', '1.7.0', '1.8.0'] as const
const TOKENS: (keyof EmulatorTokens)[] = ['write', 'readOnly', 'revoked']

const emus = new Map<string, Emulator>()
beforeAll(async () => {
  for (const v of VERSIONS) emus.set(v, await startEmulator({ version: v }))
})
afterAll(async () => {
  await Promise.all([...emus.values()].map((e) => e.close()))
})

const JSON_TYPE = 'application/json; charset=utf-8'
const missing = (fields: string) => `{"error":"Bad request","message":"Missing required fields: ${fields}"}`
const unknown = (field: string) => `{"error":"Bad request","message":"Unknown input field: ${field}"}`

/** What a server with the input answers each token. */
function taken(token: keyof EmulatorTokens, fields: string): [number, string, string | null] {
  // The token plugs write their words with send_resp alone: no content type.
  if (token === 'revoked') return [401, 'Unauthorized', null]
  if (token === 'readOnly') return [403, 'Read-only API tokens cannot execute mutations', null]
  return [400, missing(fields), JSON_TYPE]
}
/** What a server without it answers, before the token: ParseInputs writes no content type. */
const refused = (field: string): [number, string, string | null] => [400, unknown(field), null]

const REQUIRED_FROM_17 = 'goal_id, status, content'

const PROBES: {
  name: string
  body: Record<string, unknown>
  expected: (v: string, token: keyof EmulatorTokens) => [number, string, string | null]
}[] = [
  {
    name: '{"post_as_draft": false}',
    body: { post_as_draft: false },
    expected: (v, token) =>
      v === '1.5.0' || v === '1.6.0' ? refused('post_as_draft') : taken(token, REQUIRED_FROM_17),
  },
  {
    name: '{"scheduled_at": "<future>"}',
    body: { scheduled_at: '2999-01-01T00:00:00Z' },
    expected: (v, token) => (v === '1.8.0' ? taken(token, REQUIRED_FROM_17) : refused('scheduled_at')),
  },
  {
    name: '{"scheduled_at": null}',
    body: { scheduled_at: null },
    expected: (v, token) => (v === '1.8.0' ? taken(token, REQUIRED_FROM_17) : refused('scheduled_at')),
  },
  {
    name: '{} (the write check)',
    body: {},
    expected: (v, token) =>
      taken(token, v === '1.5.0' || v === '1.6.0' ? 'goal_id, status, due_date, content' : REQUIRED_FROM_17),
  },
]

/** projects/create_check_in: the same inputs at the same tags; its required fields never change. */
const PROJECT_REQUIRED = 'project_id, status, description'
const PROJECT_PROBES: typeof PROBES = [
  {
    name: '{"post_as_draft": false}',
    body: { post_as_draft: false },
    expected: (v, token) =>
      v === '1.5.0' || v === '1.6.0' ? refused('post_as_draft') : taken(token, PROJECT_REQUIRED),
  },
  {
    name: '{"scheduled_at": "<future>"}',
    body: { scheduled_at: '2999-01-01T00:00:00Z' },
    expected: (v, token) => (v === '1.8.0' ? taken(token, PROJECT_REQUIRED) : refused('scheduled_at')),
  },
  {
    name: '{} (the write check)',
    body: {},
    expected: (_v, token) => taken(token, PROJECT_REQUIRED),
  },
]

const probesOf: [string, typeof PROBES][] = [
  ['goals/create_check_in', PROBES],
  ['projects/create_check_in', PROJECT_PROBES],
]

for (const [endpoint, probes] of probesOf)
  describe(`capability probe on ${endpoint}`, () => {
    for (const probe of probes) {
      for (const version of VERSIONS) {
        for (const token of TOKENS) {
          const [status, body, type] = probe.expected(version, token)
          it(`${version} × ${token} token: ${probe.name} → ${status}`, async () => {
            const emu = emus.get(version)!
            const before = JSON.stringify({
              goals: emu.state.goals,
              checkIns: emu.state.checkIns,
              projects: emu.state.projects,
              projectCheckIns: emu.state.projectCheckIns,
              unread: emu.state.unreadNotifications,
              sequence: emu.state.sequence,
            })
            const r = await post(emu, endpoint, probe.body, { token: emu.tokens[token] })
            expect([r.status, r.text, r.headers.get('content-type')]).toEqual([status, body, type])
            // Nothing changed, nothing counted as committed.
            expect(
              JSON.stringify({
                goals: emu.state.goals,
                checkIns: emu.state.checkIns,
                projects: emu.state.projects,
                projectCheckIns: emu.state.projectCheckIns,
                unread: emu.state.unreadNotifications,
                sequence: emu.state.sequence,
              }),
            ).toBe(before)
            expect(emu.state.requests.at(-1)).toMatchObject({ status, committed: false })
          })
        }
      }
    }
  })
