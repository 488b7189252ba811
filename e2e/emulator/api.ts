import { authenticate, requireWriteAccess } from './auth'
import { publishDueCheckIns } from './publish'
import type { Ctx } from './context'
import { endpoints } from './handlers'
import { inputsFromQuery, parseInputs, requireFields, type Inputs } from './inputs'
import { ApiError, replies, type ErrorFormat, type Reply } from './replies'
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

interface AcceptEntry {
  type: string
  q: number
}

function acceptEntries(accept: string | undefined): AcceptEntry[] {
  return (accept ?? '')
    .split(',')
    .map((part) => {
      const [type, ...params] = part.split(';').map((x) => x.trim().toLowerCase())
      const q = params.find((p) => p.startsWith('q='))
      return { type: type ?? '', q: q ? Number(q.slice(2)) : 1 }
    })
    .filter((e) => e.type !== '' && e.q > 0)
}

const isJsonType = (type: string): boolean =>
  type === 'application/json' || type === 'application/*' || type.endsWith('+json')

/** The router's `plug :accepts, ["json"]` (`app/lib/operately_web/router.ex`, `:api_external`). */
function acceptsJson(accept: string | undefined): boolean {
  const entries = acceptEntries(accept)
  return entries.length === 0 || entries.some((e) => e.type === '*/*' || isJsonType(e.type))
}

/** Phoenix's choice among `render_errors` formats [html, json]: the client's preference, html first. */
function errorFormat(accept: string | undefined): ErrorFormat {
  const entries = [...acceptEntries(accept)].sort((a, b) => b.q - a.q)
  for (const e of entries) {
    if (e.type === '*/*' || e.type === 'text/html' || e.type === 'text/*') return 'html'
    if (isJsonType(e.type)) return 'json'
  }
  return 'html'
}

/**
 * The endpoint's Plug.Parsers (`app/lib/operately_web/endpoint.ex`) reads a JSON body before the router:
 * malformed JSON is answered 400 before the method, Accept or route are looked at. A body declared as
 * anything else is passed through unparsed (Plug.Parsers passes every other type): no inputs. A JSON value that is not an
 * object arrives as the key `_json`.
 */
function bodyInputs(req: ApiRequest): Inputs {
  const isJson = /^application\/([\w.-]+\+)?json\b/i.test(req.contentType ?? '')
  if (!isJson || req.rawBody.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(req.rawBody)
  } catch {
    throw new ApiError(replies.malformedJson(errorFormat(req.accept)))
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { _json: parsed }
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
  const body = bodyInputs(req)
  if (req.method !== 'GET' && req.method !== 'POST') return replies.methodNotAllowed()
  if (!acceptsJson(req.accept)) return replies.notAcceptable()

  const isQuery = req.method === 'GET'
  const name = endpointName(req.pathname) ?? ''
  const endpoint = endpoints[name]
  if (!endpoint || endpoint.kind !== (isQuery ? 'query' : 'mutation')) {
    return isQuery ? replies.queryNotFound() : replies.mutationNotFound()
  }

  const raw = isQuery ? inputsFromQuery(req.search) : body
  const spec = endpoint.inputs(env.version)
  const inputs = parseInputs(spec, raw, { strict: !isQuery, version: env.version })

  const { token, me } = authenticate(env.state, req.authorization, env.faults.revokeTokens)
  if (!isQuery) requireWriteAccess(token)

  requireFields(spec, inputs)
  const ctx: Ctx = { state: env.state, version: env.version, now: env.now, me, faults: env.faults, inputs }
  return replies.ok(endpoint.handle(ctx))
}
