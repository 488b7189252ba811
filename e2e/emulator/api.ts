import { authenticate, requireWriteAccess } from './auth'
import { publishDueCheckIns } from './publish'
import type { Ctx } from './context'
import { endpoints } from './handlers'
import { inputsFromQuery, parseInputs, requireFields, type Inputs } from './inputs'
import { ApiError, replies, type Reply } from './replies'
import type { EmulatorState, Faults } from './types'

/**
 * One API request through the real server's order of checks (Operately 1.5.0–1.8.0:
 * `app/lib/turbo_connect/api.ex` plugs Plug.Parsers, Match, ParseInputs; `app/lib/operately_web/api/
 * external.ex` then RequireApiToken, EnforceTokenAccessMode; RequiredFieldValidator and Dispatch last):
 * method → Accept → route → input parsing (malformed JSON, unknown keys, types, enums, ids, nulls) →
 * token → read-only → required fields → handler. Synchronous: a mutation is either fully applied or
 * not at all.
 */

export const API_PREFIX = '/api/external/v1/'

export interface ApiRequest {
  method: string
  pathname: string
  search: URLSearchParams
  authorization: string | undefined
  accept: string | undefined
  contentType: string | undefined
  rawBody: string
}

export interface ApiOutcome {
  reply: Reply
  /** A mutation changed the state (fault switches that act "after commit" look at this). */
  committed: boolean
}

export interface ApiEnv {
  state: EmulatorState
  version: string
  now: Date
  faults: Faults
}

/** `<namespace>/<name>` for paths under the API prefix, else null. */
export function endpointName(pathname: string): string | null {
  return pathname.startsWith(API_PREFIX) ? pathname.slice(API_PREFIX.length) : null
}

/** The body as the request log shows it: parsed JSON, the raw text if it is not JSON, or null. */
export function loggedBody(raw: string): unknown {
  if (raw === '') return null
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}

function acceptsJson(accept: string | undefined): boolean {
  if (!accept || accept.trim() === '') return true
  return accept
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .some(
      (type) =>
        type === '*/*' || type === 'application/*' || type === 'application/json' || type.endsWith('+json'),
    )
}

function mutationInputs(req: ApiRequest): Inputs {
  // Bodies that are not declared as JSON are not parsed at all: the mutation sees no inputs.
  const isJson = /^application\/([\w.-]+\+)?json\b/i.test(req.contentType ?? '')
  if (!isJson || req.rawBody.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(req.rawBody)
  } catch {
    throw new ApiError(replies.malformedJson())
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ApiError(replies.malformedJson())
  return parsed as Inputs
}

export function answerApi(req: ApiRequest, env: ApiEnv): ApiOutcome {
  // What Operately's job would have published by now is published before anything is read or written.
  publishDueCheckIns(env.state, env.now)
  try {
    const reply = run(req, env)
    return { reply, committed: req.method === 'POST' && reply.status === 200 }
  } catch (error) {
    if (error instanceof ApiError) return { reply: error.reply, committed: false }
    // A bug in the emulator: answer like a crashing server, and say so where the developer looks.
    console.error('[emulator] unexpected error:', error)
    return { reply: replies.crash(), committed: false }
  }
}

function run(req: ApiRequest, env: ApiEnv): Reply {
  if (req.method !== 'GET' && req.method !== 'POST') return replies.methodNotAllowed()
  if (!acceptsJson(req.accept)) return replies.notAcceptable()

  const isQuery = req.method === 'GET'
  const name = endpointName(req.pathname) ?? ''
  const endpoint = endpoints[name]
  if (!endpoint || endpoint.kind !== (isQuery ? 'query' : 'mutation')) {
    return isQuery ? replies.queryNotFound() : replies.mutationNotFound()
  }

  const raw = isQuery ? inputsFromQuery(req.search) : mutationInputs(req)
  const spec = endpoint.inputs(env.version)
  const inputs = parseInputs(spec, raw, { strict: !isQuery, version: env.version })

  const { token, me } = authenticate(env.state, req.authorization, env.faults.revokeTokens)
  if (!isQuery) requireWriteAccess(token)

  requireFields(spec, inputs)
  const ctx: Ctx = { state: env.state, version: env.version, now: env.now, me, faults: env.faults, inputs }
  return replies.ok(endpoint.handle(ctx))
}
