import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMainServices } from '../../src/main/services/create-services'
import { silentLogger } from '../../src/main/services/log/logger'
import { browserHarnessPolicy } from '../../src/main/shell/content-security-policy'
import { harnessKeyHeader } from './bridge-script'
import { OPERATELY_MAX_BODY_BYTES, startHarness, type Harness } from './index'

const indexHtml = `<!doctype html><html lang="en"><head>
<script type="module" crossorigin src="./assets/app.js"></script>
<link rel="stylesheet" href="./assets/app.css"></head><body><div id="root"></div></body></html>`

interface Reply {
  status: number
  type: string | undefined
  csp: string | undefined
  body: string
}

/** Raw HTTP, so paths and headers reach the server exactly as written (fetch would normalise them). */
function send(
  url: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; chunked?: boolean } = {},
): Promise<Reply> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers['content-type'],
            csp: res.headers['content-security-policy'] as string | undefined,
            body: Buffer.concat(chunks).toString(),
          }),
        )
      },
    )
    req.on('error', reject)
    // Written first, the body goes out chunked, without a Content-Length; given to end(), with one.
    if (options.chunked && options.body !== undefined) req.write(options.body)
    req.end(options.chunked ? undefined : options.body)
  })
}

// Signed out, session.get never reaches the keychain: any keytar will do, so these tests need none.
const noKeychain = {
  getPassword: () => Promise.reject(new Error('no keychain in this test')),
  setPassword: () => Promise.reject(new Error('no keychain in this test')),
  deletePassword: () => Promise.reject(new Error('no keychain in this test')),
}

describe('browser harness', () => {
  let root: string
  let harness: Harness
  let own: Record<string, string>

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'harness-test-'))
    const rendererDir = join(root, 'renderer')
    await mkdir(join(rendererDir, 'assets'), { recursive: true })
    await writeFile(join(rendererDir, 'index.html'), indexHtml)
    await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log("app")')
    await writeFile(join(rendererDir, 'assets', 'app.css'), 'body{}')
    await writeFile(join(root, 'secret.txt'), 'outside the renderer')
    await symlink(join(root, 'secret.txt'), join(rendererDir, 'assets', 'link.txt'))
    const dataDir = join(root, 'data')
    const services = await createMainServices({ dataDir, keytar: noKeychain, log: silentLogger })
    harness = await startHarness({ dataDir, rendererDir, services })
    const { host, origin, searchParams } = new URL(harness.url)
    own = {
      host,
      origin,
      'content-type': 'application/json',
      [harnessKeyHeader]: searchParams.get('key') ?? '',
    }
  })

  afterAll(async () => {
    await harness.close()
    await rm(root, { recursive: true, force: true })
  })

  it('takes request bodies as large as Operately does (256 MB), well over a 1 MB description', async () => {
    expect(OPERATELY_MAX_BODY_BYTES).toBe(256_000_000)
    const body = JSON.stringify({ pad: 'x'.repeat(3_000_000) })
    const reply = await send(harness.url, '/__harness/call/session.get', {
      method: 'POST',
      headers: own,
      body,
    })
    // The dispatcher read it (and refused the unknown key), rather than the harness refusing its size.
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
  })

  it('answers a body over its limit with 413, saying "too large" and how large', async () => {
    const small = await startHarness({
      dataDir: join(root, 'data'),
      rendererDir: join(root, 'renderer'),
      services: harness.services,
      maxBodyBytes: 2_000_000,
    })
    try {
      const { host, origin, searchParams } = new URL(small.url)
      const reply = await send(small.url, '/__harness/call/session.get', {
        method: 'POST',
        headers: {
          host,
          origin,
          'content-type': 'application/json',
          [harnessKeyHeader]: searchParams.get('key') ?? '',
        },
        body: JSON.stringify({ pad: 'x'.repeat(3_000_000) }),
      })
      expect(reply.status).toBe(413)
      const answer = JSON.parse(reply.body) as { ok: boolean; error: { kind: string; message: string } }
      expect(answer.ok).toBe(false)
      expect(answer.error.message).toContain('too large')
      expect(answer.error.message).toContain('3.0 MB')
      expect(answer.error.message).toContain('at most 2.0 MB')
    } finally {
      await small.close()
    }
  })

  it('takes a body of exactly its limit and refuses one byte more, with or without a Content-Length', async () => {
    const limit = 2_000_000
    const small = await startHarness({
      dataDir: join(root, 'data'),
      rendererDir: join(root, 'renderer'),
      services: harness.services,
      maxBodyBytes: limit,
    })
    try {
      const { host, origin, searchParams } = new URL(small.url)
      const headers = {
        host,
        origin,
        'content-type': 'application/json',
        [harnessKeyHeader]: searchParams.get('key') ?? '',
      }
      const body = (bytes: number) => JSON.stringify({ pad: 'x'.repeat(bytes - '{"pad":""}'.length) })
      for (const chunked of [false, true]) {
        const atLimit = await send(small.url, '/__harness/call/session.get', {
          method: 'POST',
          headers,
          body: body(limit),
          chunked,
        })
        // Read whole by the dispatcher (which refuses the unknown key), not refused for its size.
        expect(atLimit.status).toBe(200)
        expect(JSON.parse(atLimit.body)).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })

        const over = await send(small.url, '/__harness/call/session.get', {
          method: 'POST',
          headers,
          body: body(limit + 1),
          chunked,
        })
        expect(over.status).toBe(413)
        const answer = JSON.parse(over.body) as { ok: boolean; error: { kind: string; message: string } }
        expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
        // One byte over: in MB both sizes would read "2.0 MB", so it says the bytes.
        expect(answer.error.message).toBe(
          'This request is too large for the app: 2,000,001 bytes, and Operately accepts at most 2,000,000 bytes. Nothing was saved or sent.',
        )
      }
    } finally {
      await small.close()
    }
  })

  it('listens on 127.0.0.1 only', () => {
    expect(new URL(harness.url).hostname).toBe('127.0.0.1')
  })

  it('hands out its page with a long random key, a new one per harness', async () => {
    const key = new URL(harness.url).searchParams.get('key') ?? ''
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const other = await startHarness({
      dataDir: join(root, 'data'),
      rendererDir: join(root, 'renderer'),
      services: harness.services,
    })
    try {
      expect(new URL(other.url).searchParams.get('key')).not.toBe(key)
    } finally {
      await other.close()
    }
  })

  it('serves the page with the bridge added, and the key nowhere in what it serves', async () => {
    const page = await send(harness.url, '/')
    expect(page.status).toBe(200)
    expect(page.type).toMatch(/^text\/html/)
    expect(page.body.indexOf('/__harness/bridge.js')).toBeLessThan(page.body.indexOf('./assets/app.js'))
    const key = own[harnessKeyHeader] ?? ''
    for (const path of ['/', '/__harness/bridge.js', '/assets/app.js'])
      expect((await send(harness.url, path)).body).not.toContain(key)
  })

  it.each([
    '/',
    '/index.html',
    '/assets/app.js',
    '/__harness/bridge.js',
    '/nope.js',
    '/__harness/call/session.get',
  ])('sends the CSP header the app:// scheme sends (plus connect-src for the bridge) on %s', async (path) => {
    const reply = await send(harness.url, path)
    expect(reply.csp).toBe(browserHarnessPolicy())
  })

  it('serves assets with their MIME types', async () => {
    expect((await send(harness.url, '/assets/app.js')).type).toMatch(/^text\/javascript/)
    expect((await send(harness.url, '/assets/app.css')).type).toMatch(/^text\/css/)
    expect((await send(harness.url, '/__harness/bridge.js')).type).toMatch(/^text\/javascript/)
  })

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/link.txt',
    '/assets',
    '/nope.js',
  ])('answers 404 for %s instead of a file outside the build', async (path) => {
    const reply = await send(harness.url, path)
    expect(reply.status).toBe(404)
    expect(reply.body).not.toContain('outside the renderer')
  })

  it('forwards a call from its own page to the dispatcher', async () => {
    const reply = await send(harness.url, '/__harness/call/session.get', {
      method: 'POST',
      headers: own,
      body: '{}',
    })
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.body)).toEqual({ ok: true, value: { status: 'signed_out', lastBaseUrl: null } })
  })

  it('refuses a call without the key, with a wrong one, or with a forged Origin even when the key is right', async () => {
    const call = (headers: Record<string, string>) =>
      send(harness.url, '/__harness/call/session.signOut', { method: 'POST', headers, body: '{}' })
    const { [harnessKeyHeader]: key = '', ...withoutKey } = own
    const refused: Record<string, string>[] = [
      withoutKey,
      { ...own, [harnessKeyHeader]: '' },
      { ...own, [harnessKeyHeader]: 'x'.repeat(key.length) },
      { ...own, [harnessKeyHeader]: key.slice(0, -1) },
      { ...own, [harnessKeyHeader]: `${key}x` },
      { ...own, origin: 'https://evil.example' },
      { ...own, origin: 'null' },
      { host: own.host!, 'content-type': 'application/json', [harnessKeyHeader]: key },
      { ...own, 'sec-fetch-site': 'cross-site' },
    ]
    for (const headers of refused) {
      const reply = await call(headers)
      expect(reply.status).toBe(403)
      expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { kind: 'forbidden' } })
    }
  })

  it('refuses requests addressed to another host name (DNS rebinding)', async () => {
    const reply = await send(harness.url, '/', {
      headers: { host: `evil.example:${new URL(harness.url).port}` },
    })
    expect(reply.status).toBe(421)
  })

  it.each([
    ['a non-JSON body', 'text/plain', 'baseUrl=x&token=y'],
    ['malformed JSON', 'application/json', '{"baseUrl":'],
    ['the wrong fields', 'application/json', '{"url":"x"}'],
  ])('answers %s with invalid_input and keeps serving', async (_what, type, body) => {
    const reply = await send(harness.url, '/__harness/call/session.signIn', {
      method: 'POST',
      headers: { ...own, 'content-type': type },
      body,
    })
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
    expect((await send(harness.url, '/')).status).toBe(200)
  })

  it('answers an unknown operation and a GET to the call endpoint without crashing', async () => {
    const unknown = await send(harness.url, '/__harness/call/vault.read', {
      method: 'POST',
      headers: own,
      body: '{}',
    })
    expect(JSON.parse(unknown.body)).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
    const get = await send(harness.url, '/__harness/call/session.get', { headers: own })
    expect(get.status).toBe(405)
  })

  it('never writes its key into the log, even when the page cannot be served', async () => {
    const rendererDir = join(root, 'renderer-gone')
    await mkdir(rendererDir)
    await writeFile(join(rendererDir, 'index.html'), indexHtml)
    const lines: string[] = []
    const capture = (message: string, fields?: Record<string, unknown>) =>
      void lines.push(JSON.stringify({ message, ...fields }))
    const services = await createMainServices({
      dataDir: join(root, 'data-gone'),
      keytar: noKeychain,
      log: { debug: capture, info: capture, warn: capture, error: capture },
    })
    const other = await startHarness({ dataDir: join(root, 'data-gone'), rendererDir, services })
    try {
      const { pathname, search, searchParams } = new URL(other.url)
      // A rebuild in progress: the page the harness reads on every request is not there.
      await rm(join(rendererDir, 'index.html'))
      const reply = await send(other.url, pathname + search)
      expect(reply.status).toBe(500)
      expect(lines.join('\n')).toContain('harness request failed')
      expect(lines.join('\n')).not.toContain(searchParams.get('key'))
    } finally {
      await other.close()
      await services.close()
    }
  })

  it("keeps an idle connection open past Node's 5 s default, as the IPC it stands in for never drops", async () => {
    // A page reuses its connection for the next call; a server closing it idle at that moment fails the
    // call ("did not answer") on a busy machine. Electron's IPC has no such moment.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const { hostname, port } = new URL(harness.url)
    const get = () =>
      new Promise<boolean>((resolve, reject) => {
        const req = request({ hostname, port, path: '/', agent, headers: { host: own.host! } }, (res) => {
          res.resume()
          res.on('end', () => resolve(req.reusedSocket))
        })
        req.on('error', reject)
        req.end()
      })
    try {
      expect(await get()).toBe(false)
      await new Promise((resolve) => setTimeout(resolve, 6_000))
      expect(await get()).toBe(true)
    } finally {
      agent.destroy()
    }
  }, 20_000)

  it('says how to build the renderer when there is none', async () => {
    await expect(
      startHarness({ dataDir: join(root, 'data'), rendererDir: join(root, 'missing') }),
    ).rejects.toThrow(/npx electron-vite build/)
  })
})
