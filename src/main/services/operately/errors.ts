import { appError, type AppError } from '@shared/errors'

/**
 * Turns what the Operately server (or a proxy in front of it, or the network) did into an AppError with
 * a message a manager can act on. The table this follows is operately-api.md §3; the status code is kept
 * in `status` for display and logs, never as the message itself.
 */

export type HttpMethod = 'GET' | 'POST'

export interface FailedResponse {
  status: number
  /** The body exactly as received. */
  text: string
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown
  method: HttpMethod
  /** The endpoint, e.g. `goals/create_check_in`; named when the server does not know it. */
  path: string
  /** Host name used in messages, e.g. `app.operately.com`. */
  host: string
  retryAfterSeconds?: number
  /** The answer carried Operately's version header: the server itself answered, not a proxy in front of it. */
  fromServer?: boolean
}

const maybeSaved = 'Your change may or may not have been saved: check in Operately before sending it again.'
const tryAgain = 'Check your connection and try again.'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const looksLikeHtml = (text: string): boolean => /^\s*</.test(text) || /<(html|body|head|title)\b/i.test(text)

/**
 * The server's own explanation, when it gave one that can be shown as is: JSON `message`, Phoenix's
 * `errors.detail`, or a short plain-text body. Never HTML, never JSON syntax.
 */
export function serverMessage(text: string, json: unknown): string | undefined {
  let candidate: unknown
  if (isRecord(json)) {
    const errors = json['errors']
    candidate =
      json['message'] ??
      (isRecord(errors) ? errors['detail'] : undefined) ??
      (typeof json['error'] === 'string' ? json['error'] : undefined)
  } else if (json === undefined && !looksLikeHtml(text)) {
    candidate = text
  }
  if (typeof candidate !== 'string') return undefined
  const clean = candidate.replace(/\s+/g, ' ').trim()
  if (clean === '' || clean.length > 300 || /[<>{}]/.test(clean)) return undefined
  return clean
}

const withPeriod = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`)

/** Parses `Retry-After`: either seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value)
  const at = Date.parse(value)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, Math.ceil((at - now) / 1000))
}

export function errorFromResponse(response: FailedResponse): AppError {
  const extra: Omit<AppError, 'kind' | 'message'> = { status: response.status }
  if (response.retryAfterSeconds !== undefined) extra.retryAfterSeconds = response.retryAfterSeconds
  const maybeApplied = appliedUnknown(response)
  if (maybeApplied) extra.maybeApplied = maybeApplied
  const [kind, message] = describe(response)
  return appError(kind, message, extra)
}

/**
 * Whether a failed change may still have been applied. Operately checks the token, the read-only flag and
 * the fields before it runs anything, so a 4xx changed nothing (429 included: refused at the door). A 5xx
 * may come after the change was stored: from the server itself (`answered`: it has finished), or from a
 * gateway that stopped waiting (`pending`: the server may still be working on it), and so may a 408.
 */
function appliedUnknown(r: FailedResponse): AppError['maybeApplied'] {
  if (r.method !== 'POST') return undefined
  if (r.status === 408) return 'pending'
  if (r.status < 500) return undefined
  return r.status === 500 && r.fromServer ? 'answered' : 'pending'
}

function describe(r: FailedResponse): [AppError['kind'], string] {
  const isJson = r.json !== undefined
  const said = serverMessage(r.text, r.json)
  const waitHint =
    r.retryAfterSeconds !== undefined
      ? ` The server asked to wait ${r.retryAfterSeconds} seconds before trying again.`
      : ''

  switch (r.status) {
    case 401:
      return [
        'unauthorized',
        'The server did not accept this API token. It may have been deleted, or your account suspended. Create a new token in Operately (Account → API tokens) and sign in again.',
      ]
    case 403:
      if (!isJson && /read-only/i.test(r.text)) {
        return [
          'read_only_token',
          'This API token can only read, so the app cannot save changes with it. In Operately, open Account → API tokens, create a new token that is allowed to make changes (not read-only), and sign in again with it.',
        ]
      }
      if (isJson) {
        return [
          'forbidden',
          "You can see this in Operately but you are not allowed to change it. Ask its champion or an admin of its space for edit access. If your company's Operately account is in read-only mode, an administrator needs to renew it.",
        ]
      }
      return [
        'forbidden',
        'The server refused this request. A firewall or proxy in front of Operately may be blocking the app; ask your administrator.',
      ]
    case 404:
      if (!isJson && /^\s*(query|mutation) not found\s*$/i.test(r.text)) {
        return [
          'unsupported_server',
          `This Operately server does not support what the app asked for (it does not know “${r.path}”). It is probably an older version than this app needs: ask your administrator to update Operately.`,
        ]
      }
      if (!isJson && looksLikeHtml(r.text)) {
        return [
          'unsupported_server',
          `No Operately server answered at ${r.host}. Check that the address is the one you open Operately at in your browser.`,
        ]
      }
      return [
        'not_found',
        'This item could not be found in Operately. It may have been deleted, or you may no longer have access to it.',
      ]
    case 400:
      return [
        'bad_request',
        said
          ? `Operately did not accept the request: ${withPeriod(said)}`
          : 'Operately did not accept the request the app sent.',
      ]
    case 405:
    case 406:
      return [
        'unsupported_server',
        `The server at ${r.host} does not answer the way Operately does: it refused the kind of request the app sends. Check the address, or ask your administrator whether a proxy in front of Operately changes requests.`,
      ]
    case 408:
      return [
        'timeout',
        `The server at ${r.host} gave up waiting for the request. ${r.method === 'POST' ? maybeSaved : tryAgain}`,
      ]
    case 413:
      return [
        'bad_request',
        'This is too large for the server to accept. Make it shorter (or remove large images) and try again.',
      ]
    case 429:
      return [
        'server_error',
        `The server is busy and asked the app to slow down.${waitHint || ' Try again in a minute.'}`,
      ]
    case 500:
      return [
        'server_error',
        r.method === 'POST'
          ? `Operately ran into a problem on its side and could not complete this. If it happens again, something in what you wrote may be the cause, such as a mention of a person who is no longer in the company, or a date or target value the server cannot read.${waitHint}`
          : `Operately ran into a problem on its side and could not load this. Try again in a few minutes.${waitHint}`,
      ]
    case 502:
      return [
        'server_error',
        `The Operately server is not reachable right now: the gateway in front of it got no usable answer from it. This usually passes within minutes; try again later.${waitHint}`,
      ]
    case 503:
      return [
        'server_error',
        `The Operately server is temporarily unavailable (it may be restarting or under maintenance). Try again in a few minutes.${waitHint}`,
      ]
    case 504:
      return [
        'server_error',
        `The gateway in front of Operately gave up waiting for the server to answer. ${r.method === 'POST' ? maybeSaved : 'Try again in a few minutes.'}${waitHint}`,
      ]
  }

  if (r.status >= 500) {
    return [
      'server_error',
      `The Operately server had a problem and could not answer. Try again in a few minutes.${waitHint}`,
    ]
  }
  if (r.status >= 400) {
    return [
      'bad_request',
      said
        ? `Operately did not accept the request: ${withPeriod(said)}${waitHint}`
        : `Operately did not accept the request the app sent.${waitHint}`,
    ]
  }
  return [
    'invalid_response',
    `The server at ${r.host} answered in a way Operately never does. Check that the address is the one you open Operately at in your browser.`,
  ]
}

export interface NetworkContext {
  method: HttpMethod
  host: string
  /** Our own deadline fired (as opposed to the connection failing). */
  timedOut: boolean
  timeoutMs: number
}

/** Every `code` found along an error's `cause` chain and inside AggregateErrors. */
/** Every coded error in a failure's chain (causes, and each of an AggregateError's): code and syscall. */
function codedErrors(
  err: unknown,
  seen = new Set<unknown>(),
): Array<{ code: string; syscall: string | null }> {
  if (!isRecord(err) && !(err instanceof Error)) return []
  if (seen.has(err)) return []
  seen.add(err)
  const record = err as Record<string, unknown>
  const own =
    typeof record['code'] === 'string'
      ? [{ code: record['code'], syscall: typeof record['syscall'] === 'string' ? record['syscall'] : null }]
      : []
  const nested = Array.isArray(record['errors']) ? record['errors'].flatMap((e) => codedErrors(e, seen)) : []
  return [...own, ...nested, ...codedErrors(record['cause'], seen)]
}

const errorCodes = (err: unknown): string[] => codedErrors(err).map((e) => e.code)

/** A request that never produced a response: our deadline, or the network. */
export function errorFromNetwork(err: unknown, ctx: NetworkContext): AppError {
  const error = describeNetworkFailure(err, ctx)
  // A change that may have left this computer may have been applied, now or a little later; a connection
  // that never opened (refused, no such host, an untrusted certificate) carried nothing.
  return ctx.method === 'POST' && !neverSent(err) ? { ...error, maybeApplied: 'pending' } : error
}

/** Failures that come before any connection exists: no such name, refused, no connection in time. */
const neverSentCodes = [
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EAI_FAIL',
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
]

/**
 * The network giving up. Also said of a connection that already carried the request (a route lost, a
 * retransmission timing out while the answer was awaited): they prove nothing was sent only when the
 * system call that failed was the connect itself.
 */
const unreachableCodes = ['ETIMEDOUT', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH', 'ENETDOWN']

function neverSent(err: unknown): boolean {
  return codedErrors(err).some(
    ({ code, syscall }) =>
      neverSentCodes.includes(code) ||
      (unreachableCodes.includes(code) && syscall === 'connect') ||
      /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code),
  )
}

function describeNetworkFailure(err: unknown, ctx: NetworkContext): AppError {
  const seconds = Math.round(ctx.timeoutMs / 100) / 10
  // What the person is told to do next: a change that may have left is looked for before anything else.
  const next = ctx.method === 'POST' && !neverSent(err) ? maybeSaved : tryAgain
  if (ctx.timedOut) {
    return appError(
      'timeout',
      `The Operately server at ${ctx.host} did not answer within ${seconds} seconds. ${ctx.method === 'POST' ? maybeSaved : tryAgain}`,
    )
  }
  const codes = errorCodes(err)
  const has = (...wanted: string[]) => codes.some((code) => wanted.includes(code))

  if (has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL')) {
    return appError(
      'offline',
      `The address ${ctx.host} could not be found. Check that it is typed correctly and that this computer is connected to the internet.`,
    )
  }
  if (has('ECONNREFUSED')) {
    return appError(
      'offline',
      `Nothing is answering at ${ctx.host}. The Operately server may be down, or the address or port may be wrong. Nothing was sent.`,
    )
  }
  if (has('ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EHOSTDOWN')) {
    return appError(
      'offline',
      `This computer cannot reach ${ctx.host}. Check that you are connected to the internet (or to your company network).${next === maybeSaved ? ` ${maybeSaved}` : ''}`,
    )
  }
  if (codes.some((code) => /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code))) {
    return appError(
      'offline',
      `A secure connection to ${ctx.host} could not be set up: its certificate is not trusted by this computer. If your company uses its own certificates, ask your administrator. Nothing was sent.`,
    )
  }
  if (has('UND_ERR_CONNECT_TIMEOUT') || (has('ETIMEDOUT') && next === tryAgain)) {
    return appError('offline', `Could not connect to ${ctx.host} in time. ${tryAgain}`)
  }
  if (has('ETIMEDOUT')) {
    return appError('offline', `The connection to ${ctx.host} timed out before the server answered. ${next}`)
  }
  // The connection was lost after the request may already have reached the server
  // (reset, "socket hang up", "other side closed").
  if (has('ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED')) {
    return appError(
      'offline',
      `The connection to ${ctx.host} was lost before the server answered. ${ctx.method === 'POST' ? maybeSaved : tryAgain}`,
    )
  }
  return appError(
    'offline',
    `Could not reach the Operately server at ${ctx.host}. ${ctx.method === 'POST' ? maybeSaved : tryAgain}`,
  )
}
