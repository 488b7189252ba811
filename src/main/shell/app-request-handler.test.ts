import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../services/log/logger'
import { createAppRequestHandler } from './app-request-handler'
import { contentSecurityPolicy } from './content-security-policy'

// The handler protocol.handle('app', …) runs, fed the Requests Chromium would send, against a real
// folder laid out like out/renderer with a secret file beside it.

let root: string
let handle: (request: Request) => Promise<Response>
const policy = contentSecurityPolicy({ kind: 'bundle', root: '/unused' })

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'app-scheme-'))
  const renderer = join(root, 'renderer')
  await mkdir(join(renderer, 'assets'), { recursive: true })
  await writeFile(join(renderer, 'index.html'), '<!doctype html><title>Operately Tray</title>')
  await writeFile(join(renderer, 'assets', 'index.js'), 'console.log("app")')
  await writeFile(join(renderer, 'assets', 'index.css'), 'body{}')
  await writeFile(join(renderer, 'assets', 'data.bin'), 'opaque')
  await writeFile(join(root, 'secret.txt'), 'outside the renderer')
  await symlink(join(root, 'secret.txt'), join(renderer, 'assets', 'link.txt'))
  handle = createAppRequestHandler({ root: renderer, policy, log: silentLogger })
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const get = (url: string, init?: RequestInit) => handle(new Request(url, init))
/** An absolute path outside the build, percent-encoded into the URL path. */
const absoluteOutside = encodeURIComponent(join(tmpdir(), 'secret.txt'))

describe('the app:// scheme', () => {
  it.each([
    ['app://operately-tray/index.html', /^text\/html/, 'Operately Tray'],
    ['app://operately-tray/', /^text\/html/, 'Operately Tray'],
    ['app://operately-tray/assets/index.js', /^text\/javascript/, 'console.log'],
    ['app://operately-tray/assets/index.css', /^text\/css/, 'body{}'],
    ['app://operately-tray/assets/data.bin', /^application\/octet-stream$/, 'opaque'],
  ])('serves %s with its type', async (url, type, body) => {
    const response = await get(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(type)
    expect(await response.text()).toContain(body)
  })

  it.each([
    ['the page', 'app://operately-tray/index.html'],
    ['a script', 'app://operately-tray/assets/index.js'],
    ['a missing file', 'app://operately-tray/nope.js'],
    ['a traversal', 'app://operately-tray/%2e%2e/secret.txt'],
    ['another host', 'app://elsewhere/index.html'],
  ])('puts the CSP and the other protective headers on every answer: %s', async (_what, url) => {
    const response = await get(url)
    expect(response.headers.get('content-security-policy')).toBe(policy)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
  })

  it('puts the CSP on a refused method too', async () => {
    const response = await get('app://operately-tray/index.html', { method: 'POST', body: 'x' })
    expect(response.status).toBe(405)
    expect(response.headers.get('content-security-policy')).toBe(policy)
  })

  it.each([
    'app://operately-tray/../secret.txt',
    'app://operately-tray/%2e%2e/secret.txt',
    'app://operately-tray/assets/..%2f..%2fsecret.txt',
    'app://operately-tray/assets/%2E%2E%5C%2E%2E%5Csecret.txt',
    'app://operately-tray/assets/%00index.js',
    'app://operately-tray/assets/link.txt',
    'app://operately-tray/%252e%252e/secret.txt',
    'app://operately-tray/assets/..;/..;/secret.txt',
    'app://operately-tray/%2fsecret.txt',
    `app://operately-tray/${absoluteOutside}`,
    'app://operately-tray/C:%5CWindows%5Cwin.ini',
    'app://operately-tray/%5C%5Cserver%5Cshare%5Csecret.txt',
    `app://operately-tray/${'a/'.repeat(5000)}secret.txt`,
    'app://operately-tray/assets/index.js%3F/../../secret.txt',
  ])('refuses the traversal %s with a 404, never the file outside', async (url) => {
    const response = await get(url)
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('outside the renderer')
  })

  it.each([
    'app://operately-tray/nope.js',
    'app://operately-tray/assets',
    'app://operately-tray/assets/',
    'app://elsewhere/index.html',
    'app://operately-tray.evil/index.html',
  ])('answers %s, which is not a file of the build, with a 404', async (url) => {
    expect((await get(url)).status).toBe(404)
  })

  it('answers a file it cannot read with a 500 that still carries the CSP, and logs why', async () => {
    const renderer = join(root, 'renderer-unreadable')
    await mkdir(renderer)
    // Node will not read a file over 2 GiB into memory: a sparse one costs no disk.
    await writeFile(join(renderer, 'huge.js'), '')
    await truncate(join(renderer, 'huge.js'), 3 * 2 ** 30)
    const errors: unknown[] = []
    const unreadable = createAppRequestHandler({
      root: renderer,
      policy,
      log: { ...silentLogger, error: (message, fields) => void errors.push([message, fields]) },
    })
    const response = await unreadable(new Request('app://operately-tray/huge.js'))
    expect(response.status).toBe(500)
    expect(response.headers.get('content-security-policy')).toBe(policy)
    expect(errors).toEqual([['could not read an app:// file', expect.objectContaining({ path: '/huge.js' })]])
  })

  it('answers HEAD without a body', async () => {
    const response = await get('app://operately-tray/assets/index.js', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })
})
