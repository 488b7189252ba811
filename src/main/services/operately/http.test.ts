import { afterEach, describe, expect, it } from 'vitest'
import { AppFailure, type AppError } from '@shared/errors'
import type { Logger } from '../log/logger'
import { createHttp, isSafeRedirect, type ApiRequest, type HttpOptions } from './http'
import { expectHumanMessage } from './test-support/human-message'
import {
  closedPort,
  sendJson,
  startLocalServer,
  type LocalHandler,
  type LocalServer,
} from './test-support/local-server'

const token = 'opk_c2VjcmV0LXRva2VuLWZvci10ZXN0cy1vbmx5LTAxMjM0NTY3ODk'

const servers: LocalServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function serve(handler: LocalHandler): Promise<LocalServer> {
  const server = await startLocalServer(handler)
  servers.push(server)
  return server
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (err) {
    if (err instanceof AppFailure) return err.error
    throw err
  }
  throw new Error('expected the request to fail')
}

const http = (baseUrl: string, extra: Partial<HttpOptions> = {}) =>
  createHttp({ baseUrl, getToken: () => token, ...extra })
const getMe: ApiRequest = { method: 'GET', path: 'people/get_me' }

describe('request: what goes out', () => {
  it('sends a query as GET with the inputs in the query string and the token as a Bearer header', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, { people: [] }))
    const client = http(server.url)
    await client.request({
      method: 'GET',
      path: 'people/search',
      query: {
        query: 'Ada L',
        ignored_ids: ['a-1', 'b 2'],
        include_manager: true,
        archived: false,
        scope: null,
        empty: [],
      },
    })
    const [req] = server.requests
    expect(req?.method).toBe('GET')
    expect(req?.url).toBe(
      '/api/external/v1/people/search?query=Ada%20L&ignored_ids[]=a-1&ignored_ids[]=b%202&include_manager=true&archived=false',
    )
    expect(req?.headers['authorization']).toBe(`Bearer ${token}`)
    expect(req?.headers['accept']).toBe('application/json')
    expect(req?.body).toBe('')
    expect(client.serverVersion()).toBe('2026-07-16-cff38bbea')
  })

  it('sends a mutation as POST with a JSON body', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, { project: { id: 'p-1' } }))
    await http(server.url).request({
      method: 'POST',
      path: 'projects/update_description',
      body: { project_id: 'p-1', description: '{}' },
    })
    const [req] = server.requests
    expect(req?.method).toBe('POST')
    expect(req?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(req?.body ?? '')).toEqual({ project_id: 'p-1', description: '{}' })
  })

  it('asks for the token on every call, so a new sign-in takes effect at once', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, { me: { id: 'x', full_name: 'X' } }))
    let current = 'opk_first'
    const client = http(server.url, { getToken: async () => current })
    await client.request(getMe)
    current = 'opk_second'
    await client.request(getMe)
    expect(server.requests.map((r) => r.headers['authorization'])).toEqual([
      'Bearer opk_first',
      'Bearer opk_second',
    ])
  })

  it('refuses to call without a token, and sends nothing', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, {}))
    const error = await failureOf(http(server.url, { getToken: () => null }).request(getMe))
    expect(error.kind).toBe('not_signed_in')
    expect(server.requests).toHaveLength(0)
  })
})

describe('request: what comes back', () => {
  it('reads JSON even when it arrives labelled as plain text', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(403, { 'content-type': 'text/plain' })
      res.end('{"error":"Forbidden","message":"You don\'t have permission to perform this action"}')
    })
    expect((await failureOf(http(server.url).request(getMe))).kind).toBe('forbidden')
  })

  it('calls a 2xx web page (a wrong address) an invalid response, without showing the page', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<!doctype html><html><body>Welcome to Acme</body></html>')
    })
    const error = await failureOf(http(server.url).request(getMe))
    expect(error).toMatchObject({ kind: 'invalid_response', status: 200 })
    expect(error.message).toMatch(/not with Operately data/)
    expectHumanMessage(error)
  })

  it('names the proxy when a gateway answers 502 with an HTML page', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>')
    })
    const error = await failureOf(http(server.url).request(getMe))
    expect(error).toMatchObject({ kind: 'server_error', status: 502 })
    expect(error.message).not.toMatch(/nginx|html/i)
    expectHumanMessage(error)
  })

  it('passes Retry-After on to the caller', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(503, { 'retry-after': '90' })
      res.end('<html>down for maintenance</html>')
    })
    expect(await failureOf(http(server.url).request(getMe))).toMatchObject({
      kind: 'server_error',
      retryAfterSeconds: 90,
    })
  })

  it('never repeats the token, even when the server echoes it back', async () => {
    const lines: string[] = []
    const capture = (line: string, fields?: object) => lines.push(line + JSON.stringify(fields ?? {}))
    const log: Logger = { debug: capture, info: capture, warn: capture, error: capture }
    const server = await serve((_req, res) =>
      sendJson(res, 400, { error: 'Bad request', message: `Unknown input field: ${token}` }),
    )
    const error = await failureOf(http(server.url, { log }).request(getMe))
    expect(error.kind).toBe('bad_request')
    expect(error.message).not.toContain(token)
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.join('\n')).not.toContain(token)
  })
})

describe('request: redirects never carry the token to another place', () => {
  it('follows a same-origin 307 for a mutation, keeping its body', async () => {
    const server = await serve((req, res) => {
      if (req.url.startsWith('/api/external/v1/')) {
        res.writeHead(307, { location: `/moved${req.url}` })
        res.end()
      } else sendJson(res, 200, { project: { id: 'p-1' } })
    })
    await http(server.url).request({
      method: 'POST',
      path: 'projects/update_description',
      body: { project_id: 'p-1', description: 'd' },
    })
    expect(server.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/api/external/v1/projects/update_description', '{"project_id":"p-1","description":"d"}'],
      [
        'POST',
        '/moved/api/external/v1/projects/update_description',
        '{"project_id":"p-1","description":"d"}',
      ],
    ])
  })

  it('follows a same-origin 301 for a query', async () => {
    const server = await serve((req, res) => {
      if (req.url.startsWith('/api/')) {
        res.writeHead(301, { location: `/v2${req.url}` })
        res.end()
      } else sendJson(res, 200, { me: { id: 'x' } })
    })
    await http(server.url).request(getMe)
    expect(server.requests[1]?.headers['authorization']).toBe(`Bearer ${token}`)
  })

  it('does not follow a redirect to another host, so the token is never sent there', async () => {
    // `localhost` on the same port is the same listening socket under another host name: if the client
    // followed, this very server would record a second request.
    const server = await serve((req, res) => {
      if (req.url.startsWith('/elsewhere')) return sendJson(res, 200, { me: { id: 'x' } })
      res.writeHead(301, { location: `${server.url.replace('127.0.0.1', 'localhost')}/elsewhere` })
      res.end()
    })
    const error = await failureOf(http(server.url).request(getMe))
    expect(error).toMatchObject({ kind: 'invalid_input', field: 'baseUrl', status: 301 })
    expect(error.message).toMatch(/sign in with https:\/\/localhost:\d+ instead/)
    // windows: a URL path the server received, not a file path.
    expect(server.requests.map((r) => r.url)).toEqual(['/api/external/v1/people/get_me'])
  })

  it('does not replay a change as a GET after a 301', async () => {
    const server = await serve((req, res) => {
      res.writeHead(301, { location: `/other${req.url}` })
      res.end()
    })
    const error = await failureOf(
      http(server.url).request({ method: 'POST', path: 'goals/create_check_in', body: {} }),
    )
    expect(error.message).toMatch(/Nothing was saved/)
    expect(server.requests).toHaveLength(1)
  })

  it('gives up on a redirect loop', async () => {
    const server = await serve((req, res) => {
      res.writeHead(302, { location: req.url })
      res.end()
    })
    expect((await failureOf(http(server.url).request(getMe))).message).toMatch(/keeps redirecting/)
  })

  it.each([
    ['http://127.0.0.1:4000/a', 'http://127.0.0.1:4000/b', true],
    ['http://localhost:4000/a', 'https://localhost/a', true],
    ['https://ops.example.com/a', 'https://ops.example.com:8443/a', false],
    ['https://ops.example.com/a', 'http://ops.example.com/a', false],
    ['https://ops.example.com/a', 'https://evil.example.com/a', false],
    ['https://ops.example.com/a', 'https://user:pw@ops.example.com/a', false],
  ])('isSafeRedirect(%s → %s) = %s', (from, to, expected) => {
    expect(isSafeRedirect(new URL(from), new URL(to))).toBe(expected)
  })
})

describe('request: network failures', () => {
  it('times out a server that never answers, saying a change may or may not have been saved', async () => {
    const server = await serve(() => {
      /* never answer */
    })
    const error = await failureOf(
      http(server.url, { timeoutMs: 200 }).request({
        method: 'POST',
        path: 'goals/create_check_in',
        body: {},
      }),
    )
    expect(error.kind).toBe('timeout')
    expect(error.message).toMatch(/may or may not have been saved/)
    expectHumanMessage(error, token)
  })

  it('gives a large body time to go up a slow connection before calling the server silent', async () => {
    // As a slow uplink looks from here: the answer comes 700 ms after the request went out, far past the
    // 200 ms a small request gets (the local server has the body at once, then waits). At 250 kB/s the
    // 1 MB body is given 4 s more: room enough for a loaded machine.
    const server = await serve((_req, res) => {
      setTimeout(() => sendJson(res, 200, { project: {} }), 700)
    })
    const client = http(server.url, { timeoutMs: 200, slowestUploadBytesPerSecond: 250_000 })
    const description = 'x'.repeat(1_000_000)
    const answer = await client.request({
      method: 'POST',
      path: 'projects/update_description',
      body: { project_id: 'p', description },
    })
    expect(answer).toEqual({ project: {} })
    // A small request to the same server still times out after its 200 ms, saying how long it waited.
    const error = await failureOf(
      client.request({ method: 'POST', path: 'projects/update_description', body: {} }),
    )
    expect(error.kind).toBe('timeout')
    expect(error.message).toMatch(/did not answer within 0\.2 seconds/)
  })

  it('reads a large answer that keeps coming down a slow line, however long it takes in all', async () => {
    // 12 pieces of a description, 150 ms apart: over 1.6 s in all, past the 1 s timeout, but never
    // silent for anything like that long.
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const pieces = ['{"project":{"description":"', ...Array<string>(10).fill('x'.repeat(60_000)), '"}}']
      const next = () => {
        const piece = pieces.shift()
        if (piece === undefined) return void res.end()
        res.write(piece)
        setTimeout(next, 150)
      }
      next()
    })
    const answer = await http(server.url, { timeoutMs: 1000 }).request(getMe)
    expect((answer.project as { description: string }).description).toHaveLength(600_000)
  })

  it('times out a server that stops in the middle of its answer', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"me":')
    })
    expect((await failureOf(http(server.url, { timeoutMs: 200 }).request(getMe))).kind).toBe('timeout')
  })

  it('reports a server that is not running as offline', async () => {
    const port = await closedPort()
    const error = await failureOf(http(`http://127.0.0.1:${port}`).request(getMe))
    expect(error.kind).toBe('offline')
    expect(error.message).toMatch(/Nothing is answering at 127\.0\.0\.1:\d+/)
    expectHumanMessage(error, token)
  })

  it('reports a connection dropped mid-request as offline', async () => {
    const server = await serve((_req, _res, raw) => raw.socket.destroy())
    const error = await failureOf(
      http(server.url).request({ method: 'POST', path: 'goals/create_check_in', body: {} }),
    )
    expect(error.kind).toBe('offline')
    expect(error.message).toMatch(
      /was lost before the server answered\. Your change may or may not have been saved/,
    )
  })
})
