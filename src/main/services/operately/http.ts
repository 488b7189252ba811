import { AppFailure, appError } from '@shared/errors'
import { redact, silentLogger, type Logger } from '../log/logger'
import { normalizeBaseUrl } from './base-url'
import {
  errorFromNetwork,
  errorFromResponse,
  parseRetryAfter,
  serverMessage,
  type HttpMethod,
} from './errors'
import { isSendableToken } from './token'

export const apiBasePath = '/api/external/v1'
export const defaultTimeoutMs = 15_000
/**
 * A poor uplink (256 kbit/s: tethering, hotel Wi-Fi). A request body gets the time it would take to send
 * at this rate on top of the timeout, so a large description is not cut off while it is still going up,
 * and then retried to be cut off again; a dead server is still noticed once that time is over.
 */
export const slowestUploadBytesPerSecond = 32_000
const maxRedirects = 5

export type QueryValue = string | number | boolean | readonly string[] | null | undefined

export interface ApiRequest {
  /** GET for queries, POST for mutations (operately-api.md §1). */
  method: HttpMethod
  /** `<namespace>/<name>`, e.g. `projects/get`. */
  path: string
  /** Query-string inputs of a GET; null/undefined values and empty lists are left out. */
  query?: Record<string, QueryValue>
  /** JSON body of a POST. */
  body?: unknown
  /** A POST body sent exactly as given, for tests that need a malformed one. Wins over `body`. */
  rawBody?: string
}

export interface HttpOptions {
  baseUrl: string
  getToken: () => Promise<string | null> | string | null
  fetch?: typeof fetch
  timeoutMs?: number
  /** The upload rate a body's extra time is counted at (see slowestUploadBytesPerSecond). */
  slowestUploadBytesPerSecond?: number
  log?: Logger
}

export interface Http {
  /** Sends one API call; resolves to the parsed JSON object of a 2xx answer, throws AppFailure otherwise. */
  request(req: ApiRequest): Promise<Record<string, unknown>>
  /**
   * Sends a request the server is expected to refuse (a capability probe) and says how it answered,
   * without turning the answer into an error: the status, the server's own words, and whether the server
   * itself answered (its version header) rather than a proxy. A failure to reach it still throws.
   */
  answerOf(req: ApiRequest): Promise<RawAnswer>
  /** The last `x-operately-version` header seen, if any. */
  serverVersion(): string | null
}

export interface RawAnswer {
  status: number
  /** The server's explanation (JSON `message`, or a short plain-text body); null when it gave none. */
  said: string | null
  fromServer: boolean
}

const endpointPath = /^[a-z_]+\/[a-z_0-9]+$/

export function buildApiUrl(origin: string, req: Pick<ApiRequest, 'path' | 'query'>): URL {
  if (!endpointPath.test(req.path)) {
    throw new AppFailure(
      appError(
        'internal',
        `The app tried to call an endpoint with an impossible name (${req.path.slice(0, 60)}).`,
      ),
    )
  }
  const url = new URL(`${apiBasePath}/${req.path}`, origin)
  const parts: string[] = []
  for (const [key, value] of Object.entries(req.query ?? {})) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) {
      for (const item of value as readonly string[])
        parts.push(`${encodeURIComponent(key)}[]=${encodeURIComponent(item)}`)
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    }
  }
  url.search = parts.join('&')
  return url
}

const isRedirect = (status: number): boolean => [301, 302, 303, 307, 308].includes(status)

/**
 * Where a redirect may take a request that carries the user's token. We follow redirects ourselves
 * (`redirect: 'manual'`) because fetch would otherwise send the Authorization header wherever the
 * server points, including another host. Allowed: the same origin, or the same host name upgraded
 * from http to https (a self-hosted server moving plain HTTP to TLS). Never another host, never a
 * downgrade to http, never an address with embedded credentials.
 */
export function isSafeRedirect(from: URL, to: URL): boolean {
  if (to.username !== '' || to.password !== '') return false
  if (to.hostname !== from.hostname) return false
  if (to.protocol === from.protocol) return to.port === from.port
  return from.protocol === 'http:' && to.protocol === 'https:'
}

/** The body as UTF-8 text, calling `arrived` for each piece as it comes. */
async function readText(response: Response, arrived: () => void): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const pieces: Uint8Array[] = []
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return Buffer.concat(pieces).toString('utf8')
    arrived()
    pieces.push(value)
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function createHttp(options: HttpOptions): Http {
  const origin = normalizeBaseUrl(options.baseUrl)
  const host = new URL(origin).host
  const fetchImpl = options.fetch ?? globalThis.fetch
  const baseTimeoutMs = options.timeoutMs ?? defaultTimeoutMs
  const uploadRate = options.slowestUploadBytesPerSecond ?? slowestUploadBytesPerSecond
  const log = options.log ?? silentLogger
  let version: string | null = null

  const refuseRedirect = (status: number, message: string): AppFailure =>
    new AppFailure(appError('invalid_input', message, { field: 'baseUrl', status }))

  /** The next URL of a redirect chain, or an AppFailure saying why it is not followed. */
  function followRedirect(current: URL, response: Response, method: HttpMethod, hop: number): URL {
    const location = response.headers.get('location')
    let next: URL | undefined
    try {
      next = location ? new URL(location, current) : undefined
    } catch {
      next = undefined
    }
    if (!next) {
      throw new AppFailure(
        appError(
          'invalid_response',
          `The server at ${host} sent the app elsewhere without saying where. Check the address.`,
          {
            status: response.status,
          },
        ),
      )
    }
    if (!isSafeRedirect(current, next)) {
      throw refuseRedirect(
        response.status,
        `The server at ${host} sends the app on to ${next.host}. To keep your token safe the app only talks to the address you signed in with. If ${next.host} is your Operately server, sign in with https://${next.host} instead.`,
      )
    }
    // 301/302/303 turn a POST into a GET, which would silently drop the change being sent.
    if (method === 'POST' && [301, 302, 303].includes(response.status)) {
      throw refuseRedirect(
        response.status,
        `The server at ${host} redirected a change in a way that would lose it. Nothing was saved. Sign in with the address your browser shows for Operately (probably https://${next.host}).`,
      )
    }
    if (hop >= maxRedirects) {
      throw refuseRedirect(
        response.status,
        `The server at ${host} keeps redirecting the app. Check the address.`,
      )
    }
    return next
  }

  /** One exchange with the server, redirects followed: the answer as it came, whatever its status. */
  async function exchange(req: ApiRequest, token: string): Promise<{ response: Response; text: string }> {
    let current = buildApiUrl(origin, req)
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` }
    let body: string | undefined
    if (req.method === 'POST') {
      headers['Content-Type'] = 'application/json'
      body = req.rawBody ?? JSON.stringify(req.body ?? {})
    }

    // Bytes, not characters: a description in another script is up to three times its length in UTF-8.
    const bodyBytes = body === undefined ? 0 : Buffer.byteLength(body)
    let timeoutMs = baseTimeoutMs + Math.ceil((bodyBytes * 1000) / uploadRate)
    const controller = new AbortController()
    let timer = setTimeout(() => controller.abort(), timeoutMs)
    // Once the answer has begun, the server is silent only when nothing arrives for the base timeout: a
    // large description coming down a slow line keeps arriving, however long it takes in all.
    const stillArriving = () => {
      clearTimeout(timer)
      timeoutMs = baseTimeoutMs
      timer = setTimeout(() => controller.abort(), timeoutMs)
    }
    const started = Date.now()
    let response: Response
    let text: string
    try {
      for (let hop = 0; ; hop++) {
        response = await fetchImpl(current, {
          method: req.method,
          headers,
          body,
          redirect: 'manual',
          signal: controller.signal,
        })
        if (!isRedirect(response.status)) break
        await response.body?.cancel()
        current = followRedirect(current, response, req.method, hop)
      }
      // Read as text first: several JSON bodies arrive without a JSON content type, several are plain text.
      text = await readText(response, stillArriving)
    } catch (err) {
      if (err instanceof AppFailure) throw err
      throw new AppFailure(
        errorFromNetwork(err, { method: req.method, host, timedOut: controller.signal.aborted, timeoutMs }),
      )
    } finally {
      clearTimeout(timer)
    }

    version = response.headers.get('x-operately-version') ?? version
    log.debug('operately request', {
      method: req.method,
      path: req.path,
      status: response.status,
      ms: Date.now() - started,
    })
    return { response, text }
  }

  async function send(req: ApiRequest, token: string): Promise<Record<string, unknown>> {
    const { response, text } = await exchange(req, token)
    const json = parseJson(text)
    const status = response.status

    if (status >= 200 && status < 300) {
      if (isRecord(json)) return json
      throw new AppFailure(
        appError(
          'invalid_response',
          `The server at ${host} answered, but not with Operately data. Check that the address is the one you open Operately at in your browser.`,
          // A change answered with success, however garbled, may well have been applied: look before
          // sending it again.
          req.method === 'POST' ? { status, maybeApplied: 'answered' } : { status },
        ),
      )
    }
    const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'))
    throw new AppFailure(
      errorFromResponse({
        status,
        text,
        json,
        method: req.method,
        path: req.path,
        host,
        fromServer: response.headers.has('x-operately-version'),
        ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
      }),
    )
  }

  async function usableToken(): Promise<string> {
    const token = await options.getToken()
    if (token === null || token === undefined || token === '') {
      throw new AppFailure(
        appError(
          'not_signed_in',
          'You are not signed in. Sign in with your Operately address and an API token.',
        ),
      )
    }
    if (!isSendableToken(token)) {
      throw new AppFailure(
        appError(
          'unauthorized',
          'The saved API token is damaged. Sign in again with a token from Operately (Account → API tokens).',
        ),
      )
    }
    return token
  }

  async function request(req: ApiRequest): Promise<Record<string, unknown>> {
    const token = await usableToken()
    try {
      return await send(req, token)
    } catch (err) {
      if (!(err instanceof AppFailure)) throw err
      // Whatever the server echoed back, the token must never reach a message, a log or the renderer.
      const error = { ...err.error, message: redact(err.error.message, [token]) }
      log.warn('operately request failed', {
        method: req.method,
        path: req.path,
        kind: error.kind,
        status: error.status,
      })
      throw new AppFailure(error)
    }
  }

  async function answerOf(req: ApiRequest): Promise<RawAnswer> {
    const token = await usableToken()
    const { response, text } = await exchange(req, token)
    const said = serverMessage(text, parseJson(text))
    return {
      status: response.status,
      said: said === undefined ? null : redact(said, [token]),
      fromServer: response.headers.has('x-operately-version'),
    }
  }

  return { request, answerOf, serverVersion: () => version }
}
