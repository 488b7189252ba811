import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import keytar from 'keytar'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../../../e2e/emulator'
import { silentLogger } from '../log/logger'
import { createMainServices, type MainServices } from '../create-services'
import { hasSecretService } from '../vault/testing/secret-service'

// Sign-in end to end inside main: real HTTP to the emulator, the real keychain (a throwaway one under
// `npm test`), a real data directory on disk.

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

describe.skipIf(!hasSecretService)('session service', () => {
  let emulator: Emulator
  let services: MainServices
  let dataDir: string
  const vaultService = `Operately Tray test ${randomUUID()}`

  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(async () => {
    emulator.reset()
    await keytar.deletePassword(vaultService, emulator.url)
    dataDir = mkdtempSync(join(tmpdir(), 'session-'))
    services = await createMainServices({ dataDir, keytar, vaultService, requestTimeoutMs: 3000 })
  })

  it('signs in with a write token: names the person, says it can write, keeps the token only in the keychain', async () => {
    const token = emulator.tokens.write
    const result = await services.dispatch('session.signIn', {
      baseUrl: `  ${emulator.url}/acme/goals  `,
      token: `\n${token}\n`,
    })
    expect(result).toMatchObject({
      ok: true,
      value: {
        status: 'signed_in',
        baseUrl: emulator.url,
        canWrite: true,
        person: { fullName: 'Ada Lovelace' },
        // What the server takes, asked of it (capabilities.test.ts has every release and token).
        capabilities: { drafts: true, schedule: true, dueDateRequired: false },
      },
    })
    expect(JSON.stringify(result)).not.toContain(token)
    expect(await keytar.getPassword(vaultService, emulator.url)).toBe(token)
    // The write probe and the questions of what the server takes changed nothing on the server.
    const posts = emulator.state.requests.filter((r) => r.method === 'POST')
    expect(posts.map((r) => [r.endpoint, r.status, r.committed])).toEqual([
      ['projects/update_description', 400, false],
      ['goals/create_check_in', 400, false],
      ['goals/create_check_in', 400, false],
      ['projects/create_check_in', 400, false],
      ['projects/create_check_in', 400, false],
    ])
    // Nothing on disk holds the token, logs included.
    services.log.info('after sign-in')
    for (const file of filesUnder(dataDir)) expect(readFileSync(file, 'utf8'), file).not.toContain(token)
  })

  it('survives a restart: a new set of services on the same data dir is still signed in', async () => {
    await services.dispatch('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    const again = await createMainServices({ dataDir, keytar, vaultService, log: silentLogger })
    expect(await again.dispatch('session.get', {})).toMatchObject({
      ok: true,
      value: { status: 'signed_in' },
    })
    const client = await again.session.client()
    expect((await client.getMe()).full_name).toBe('Ada Lovelace')
  })

  it('reports a read-only token as signed in without write access', async () => {
    const result = await services.dispatch('session.signIn', {
      baseUrl: emulator.url,
      token: emulator.tokens.readOnly,
    })
    expect(result).toMatchObject({ ok: true, value: { status: 'signed_in', canWrite: false } })
  })

  it('refuses a revoked token next to the token field and stores nothing', async () => {
    const result = await services.dispatch('session.signIn', {
      baseUrl: emulator.url,
      token: emulator.tokens.revoked,
    })
    expect(result).toMatchObject({ ok: false, error: { kind: 'unauthorized', field: 'token' } })
    expect(await keytar.getPassword(vaultService, emulator.url)).toBeNull()
    expect(await services.dispatch('session.get', {})).toMatchObject({
      ok: true,
      value: { status: 'signed_out' },
    })
  })

  it('rejects a bad server address next to the URL field without any request', async () => {
    for (const baseUrl of ['ftp://files.example', 'http://operately.example', 'https://user:pw@x.example']) {
      const result = await services.dispatch('session.signIn', { baseUrl, token: emulator.tokens.write })
      expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input', field: 'baseUrl' } })
    }
    expect(emulator.state.requests).toHaveLength(0)
  })

  it('rejects an empty token next to the token field', async () => {
    const result = await services.dispatch('session.signIn', { baseUrl: emulator.url, token: ' \n ' })
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input', field: 'token' } })
  })

  it('says offline when the server cannot be reached', async () => {
    const url = emulator.url
    await emulator.close()
    try {
      const result = await services.dispatch('session.signIn', { baseUrl: url, token: 'opk_whatever' })
      expect(result).toMatchObject({ ok: false, error: { kind: 'offline' } })
    } finally {
      emulator = await startEmulator()
    }
  })

  it('signs out: the keychain entry is gone and the server address is remembered for next time', async () => {
    await services.dispatch('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    const changes: string[] = []
    services.session.subscribe((state) => changes.push(state.status))
    const result = await services.dispatch('session.signOut', {})
    expect(result).toEqual({ ok: true, value: { status: 'signed_out', lastBaseUrl: emulator.url } })
    expect(await keytar.getPassword(vaultService, emulator.url)).toBeNull()
    expect(changes).toEqual(['signed_out'])
  })

  it('notices a token deleted from the keychain behind its back', async () => {
    await services.dispatch('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    await keytar.deletePassword(vaultService, emulator.url)
    const fresh = await createMainServices({ dataDir, keytar, vaultService, log: silentLogger })
    expect(await fresh.dispatch('session.get', {})).toMatchObject({
      ok: true,
      value: { status: 'signed_out' },
    })
  })

  it('keeps what the server takes with the session, and asks again once the server sends another header', async () => {
    await services.dispatch('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    await services.close()
    // As an earlier run kept it, for a build of the server that is gone now (an update since).
    const file = join(dataDir, 'session.json')
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    const older = {
      header: '2026-01-09-0a1b2c3d4',
      drafts: true,
      schedule: false,
      dueDateRequired: false,
      projects: { drafts: true, schedule: false },
    }
    writeFileSync(file, JSON.stringify({ ...stored, capabilities: older }))

    const restarted = await createMainServices({ dataDir, keytar, vaultService, log: silentLogger })
    try {
      const probes = () =>
        emulator.state.requests.filter((r) => r.endpoint === 'goals/create_check_in').length
      const before = probes()
      // Nothing answered yet: nothing says the server changed, and nothing is asked.
      expect(await restarted.dispatch('session.capabilities', {})).toEqual({ ok: true, value: older })
      expect(probes()).toBe(before)
      // A read answers with today's header: asked again, kept, and shown with the session.
      await restarted.dispatch('goals.list', {})
      const now = await restarted.dispatch('session.capabilities', {})
      expect(now).toMatchObject({ ok: true, value: { drafts: true, schedule: true } })
      expect(now.ok && (now.value as { header: string }).header).not.toBe(older.header)
      expect(probes()).toBeGreaterThan(before)
      const session = await restarted.dispatch('session.get', {})
      expect(session).toMatchObject({ ok: true, value: { capabilities: { schedule: true } } })
      // And not again while the header stays.
      const after = probes()
      await restarted.dispatch('session.capabilities', {})
      expect(probes()).toBe(after)
    } finally {
      await restarted.close()
    }
  })
})
