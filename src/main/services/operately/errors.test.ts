import { describe, expect, it } from 'vitest'
import { expectHumanMessage } from './test-support/human-message'
import {
  errorFromNetwork,
  errorFromResponse,
  parseRetryAfter,
  serverMessage,
  type FailedResponse,
} from './errors'

const response = (status: number, text: string, extra: Partial<FailedResponse> = {}): FailedResponse => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return {
    status,
    text,
    json,
    method: 'POST',
    path: 'goals/create_check_in',
    host: 'app.operately.com',
    ...extra,
  }
}

describe('errorFromResponse follows the status table of operately-api.md §3', () => {
  it.each([
    [401, 'Unauthorized', 'unauthorized', /did not accept this API token/],
    [403, 'Read-only API tokens cannot execute mutations', 'read_only_token', /can only read.*not read-only/],
    [
      403,
      '{"error":"Forbidden","message":"You don\'t have permission to perform this action"}',
      'forbidden',
      /not allowed to change it/,
    ],
    [403, '<html><body><h1>403 Forbidden</h1></body></html>', 'forbidden', /firewall or proxy/],
    [404, 'Query not found', 'unsupported_server', /does not know “goals\/create_check_in”.*older version/],
    [404, 'Mutation not found', 'unsupported_server', /update Operately/],
    [
      404,
      '<!doctype html><title>Not Found</title>',
      'unsupported_server',
      /No Operately server answered at app\.operately\.com/,
    ],
    [
      404,
      '{"error":"Not found","message":"The requested resource was not found"}',
      'not_found',
      /could not be found/,
    ],
    [404, 'Goal not found', 'not_found', /could not be found/],
    [
      400,
      '{"error":"Bad request","message":"Missing required fields: goal_id, content"}',
      'bad_request',
      /: Missing required fields: goal_id, content\.$/,
    ],
    [
      400,
      '{"error":"Bad request","message":"Unknown input field: foo"}',
      'bad_request',
      /Unknown input field: foo/,
    ],
    [
      400,
      '{"error":"Bad request","message":"Field \'content\' cannot be null"}',
      'bad_request',
      /Field 'content' cannot be null/,
    ],
    [
      400,
      '{"error":"Bad request","message":"Invalid value for enum goal_check_in_status: green. Allowed values: on_track, caution, off_track"}',
      'bad_request',
      /Allowed values: on_track, caution, off_track\.$/,
    ],
    [400, '{"errors":{"detail":"Bad Request"}}', 'bad_request', /did not accept the request: Bad Request\./],
    [400, 'Bad Request', 'bad_request', /did not accept the request: Bad Request\./],
    [
      500,
      '{"error":"Internal server error","message":"An unexpected error occurred"}',
      'server_error',
      /problem on its side/,
    ],
    [500, '{"error":"Internal server error"}', 'server_error', /mention of a person/],
    [500, '{"errors":{"detail":"Internal Server Error"}}', 'server_error', /problem on its side/],
    [
      502,
      '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
      'server_error',
      /gateway in front of it/,
    ],
    [503, '<html><body>Service Unavailable</body></html>', 'server_error', /temporarily unavailable/],
    [504, '<html><body>Gateway Time-out</body></html>', 'server_error', /may or may not have been saved/],
    [405, 'Method Not Allowed', 'unsupported_server', /does not answer the way Operately does/],
    [406, 'Not Acceptable', 'unsupported_server', /does not answer the way Operately does/],
    [413, '<html>Request Entity Too Large</html>', 'bad_request', /too large/],
    [418, '', 'bad_request', /did not accept the request the app sent/],
  ] as const)('%i %s → %s', (status, body, kind, message) => {
    const error = errorFromResponse(response(status, body))
    expect(error.kind).toBe(kind)
    expect(error.status).toBe(status)
    expect(error.message).toMatch(message)
    expectHumanMessage(error)
  })

  it('tells a reader (GET) to try again but warns a writer (POST) that the change may have been saved', () => {
    expect(errorFromResponse(response(504, '<html/>', { method: 'GET' })).message).toMatch(
      /Try again in a few minutes/,
    )
    expect(errorFromResponse(response(504, '<html/>', { method: 'POST' })).message).toMatch(
      /may or may not have been saved/,
    )
  })

  it('carries Retry-After on any status, and says how long to wait', () => {
    const busy = errorFromResponse(response(429, 'Too Many Requests', { retryAfterSeconds: 30 }))
    expect(busy).toMatchObject({ kind: 'server_error', status: 429, retryAfterSeconds: 30 })
    expect(busy.message).toMatch(/wait 30 seconds/)
    const unavailable = errorFromResponse(response(503, '<html/>', { retryAfterSeconds: 120 }))
    expect(unavailable).toMatchObject({ kind: 'server_error', retryAfterSeconds: 120 })
    expect(errorFromResponse(response(500, '{}'))).not.toHaveProperty('retryAfterSeconds')
  })
})

describe('serverMessage', () => {
  it.each([
    ['{"message":"Scheduled time must be in the future"}', 'Scheduled time must be in the future'],
    ['{"errors":{"detail":"Bad Request"}}', 'Bad Request'],
    ['{"error":"Forbidden"}', 'Forbidden'],
    ['Read-only API tokens cannot execute mutations\n', 'Read-only API tokens cannot execute mutations'],
  ])('takes the server’s own words from %s', (body, expected) => {
    expect(serverMessage(body, JSON.parse(body.startsWith('{') ? body : 'null') ?? undefined)).toBe(expected)
  })

  it.each([
    ['<html><body>oops</body></html>'],
    [''],
    ['x'.repeat(400)],
    ['{"message":"<script>alert(1)</script>"}'],
    ['{"message":{"nested":true}}'],
    ['[1,2]'],
  ])('keeps markup, JSON and walls of text out (%s)', (body) => {
    let json: unknown
    try {
      json = JSON.parse(body)
    } catch {
      json = undefined
    }
    expect(serverMessage(body, json)).toBeUndefined()
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-01T12:00:00Z')
  it.each([
    [null, undefined],
    ['120', 120],
    [' 5 ', 5],
    ['Sun, 01 Mar 2026 12:00:30 GMT', 30],
    ['Sun, 01 Mar 2026 11:00:00 GMT', 0],
    ['soon', undefined],
  ])('%j → %j', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected)
  })
})

describe('errorFromNetwork', () => {
  const ctx = { method: 'GET' as const, host: 'ops.example.com', timedOut: false, timeoutMs: 15_000 }
  const fetchFailed = (cause: unknown) => Object.assign(new TypeError('fetch failed'), { cause })
  const coded = (code: string) => Object.assign(new Error(code), { code })

  it('says a timed-out change may or may not have been saved', () => {
    const error = errorFromNetwork(new DOMException('aborted', 'AbortError'), {
      ...ctx,
      method: 'POST',
      timedOut: true,
    })
    expect(error.kind).toBe('timeout')
    expect(error.message).toMatch(
      /did not answer within 15 seconds\. Your change may or may not have been saved/,
    )
  })

  it.each([
    ['ENOTFOUND', /ops\.example\.com could not be found/],
    ['EAI_AGAIN', /could not be found/],
    ['ECONNREFUSED', /Nothing is answering at ops\.example\.com/],
    ['EHOSTUNREACH', /cannot reach ops\.example\.com/],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', /certificate is not trusted/],
    ['ERR_TLS_CERT_ALTNAME_INVALID', /certificate is not trusted/],
    ['UND_ERR_CONNECT_TIMEOUT', /Could not connect to ops\.example\.com in time/],
    ['UND_ERR_SOCKET', /connection to ops\.example\.com was lost/],
    ['ECONNRESET', /connection to ops\.example\.com was lost/],
  ])('%s → offline with a message saying what to check', (code, message) => {
    const error = errorFromNetwork(fetchFailed(coded(code)), ctx)
    expect(error.kind).toBe('offline')
    expect(error.message).toMatch(message)
    expectHumanMessage(error)
  })

  it('finds the code inside an AggregateError (IPv4 and IPv6 both refused)', () => {
    const error = errorFromNetwork(
      fetchFailed(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')])),
      ctx,
    )
    expect(error.message).toMatch(/Nothing is answering/)
  })

  // Issue 38: these codes also come from a connection that already carried the POST (a route lost, a
  // retransmission timeout mid-answer). Only a failure to connect proves nothing left this computer.
  it.each(['ETIMEDOUT', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH', 'ENETDOWN'])(
    '%s on a connection that was open: a change may have been saved, and is looked for before it is sent again',
    (code) => {
      for (const syscall of [undefined, 'read', 'write']) {
        const error = errorFromNetwork(fetchFailed(Object.assign(coded(code), { syscall })), {
          ...ctx,
          method: 'POST',
        })
        expect(error.maybeApplied, `${code} (${syscall ?? 'no syscall'})`).toBe('pending')
        expect(error.message).toMatch(/may or may not have been saved/)
        expectHumanMessage(error)
      }
    },
  )

  it.each(['ETIMEDOUT', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH', 'ENETDOWN'])(
    '%s while connecting: nothing left this computer, so it is sent again without a look',
    (code) => {
      const error = errorFromNetwork(fetchFailed(Object.assign(coded(code), { syscall: 'connect' })), {
        ...ctx,
        method: 'POST',
      })
      expect(error.maybeApplied).toBeUndefined()
      expect(error.message).not.toMatch(/may or may not have been saved/)
    },
  )

  it('a connect refused or a name not found never carried a change, and a connect timeout neither', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'UND_ERR_CONNECT_TIMEOUT']) {
      expect(
        errorFromNetwork(fetchFailed(coded(code)), { ...ctx, method: 'POST' }).maybeApplied,
      ).toBeUndefined()
    }
  })

  it('warns that a change may have been saved when the connection dropped mid-request', () => {
    const error = errorFromNetwork(fetchFailed(coded('UND_ERR_SOCKET')), { ...ctx, method: 'POST' })
    expect(error.message).toMatch(/may or may not have been saved/)
  })
})
