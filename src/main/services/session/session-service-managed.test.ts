import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../../../e2e/emulator'
import { createMainServices } from '../create-services'
import { silentLogger } from '../log/logger'
import { defaultVaultService, type KeytarLike } from '../vault/token-vault'

// Signing in when IT has locked the server address: real HTTP to the emulator; the keychain is kept in
// memory because what is tested is which server main agrees to talk to, not where the token is stored.

function memoryKeychain(): KeytarLike {
  const entries = new Map<string, string>()
  return {
    getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => void entries.set(`${service}/${account}`, password),
    deletePassword: async (service, account) => entries.delete(`${service}/${account}`),
  }
}

describe('signing in with a managed server address', () => {
  let emulator: Emulator
  let other: Emulator
  beforeAll(async () => {
    emulator = await startEmulator()
    other = await startEmulator()
  })
  afterAll(async () => {
    await emulator.close()
    await other.close()
  })
  beforeEach(() => {
    emulator.reset()
    other.reset()
  })

  const servicesWithPolicy = (policy: object) =>
    createMainServices({
      dataDir: mkdtempSync(join(tmpdir(), 'session-managed-')),
      keytar: memoryKeychain(),
      log: silentLogger,
      platform: 'linux',
      policyReaders: { linuxPolicyFile: async () => JSON.stringify(policy) },
      requestTimeoutMs: 3000,
    })

  it('refuses another server next to the address field, without contacting it', async () => {
    const services = await servicesWithPolicy({ ServerUrl: emulator.url, LockServerUrl: true })
    const result = await services.dispatch('session.signIn', {
      baseUrl: other.url,
      token: other.tokens.write,
    })
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'invalid_input',
        field: 'baseUrl',
        message: `Your organisation has set the server to ${emulator.url}. Sign in there instead.`,
      },
    })
    expect(other.state.requests).toEqual([])
    expect(await services.dispatch('session.get', {})).toEqual({
      ok: true,
      value: { status: 'signed_out', lastBaseUrl: null },
    })
  })

  it('signs in to the locked server, however its address is typed', async () => {
    const services = await servicesWithPolicy({ ServerUrl: emulator.url, LockServerUrl: true })
    const result = await services.dispatch('session.signIn', {
      baseUrl: `  ${emulator.url}/acme/goals `,
      token: emulator.tokens.write,
    })
    expect(result).toMatchObject({ ok: true, value: { status: 'signed_in', baseUrl: emulator.url } })
  })

  it('ends a session on another server once IT locks the address, and forgets its token', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'session-managed-'))
    const keychain = memoryKeychain()
    const withPolicy = (policy: object) =>
      createMainServices({
        dataDir,
        keytar: keychain,
        log: silentLogger,
        platform: 'linux',
        policyReaders: { linuxPolicyFile: async () => JSON.stringify(policy) },
        requestTimeoutMs: 3000,
      })
    const before = await withPolicy({})
    await before.dispatch('session.signIn', { baseUrl: other.url, token: other.tokens.write })
    await before.close()

    const after = await withPolicy({ ServerUrl: emulator.url, LockServerUrl: true })
    expect(await after.dispatch('session.get', {})).toEqual({
      ok: true,
      value: { status: 'signed_out', lastBaseUrl: other.url },
    })
    expect(await keychain.getPassword(defaultVaultService, other.url)).toBeNull()
    await after.close()
  })

  it('lets people sign in elsewhere when the address is only prefilled, not locked', async () => {
    const services = await servicesWithPolicy({ ServerUrl: emulator.url })
    const result = await services.dispatch('session.signIn', {
      baseUrl: other.url,
      token: other.tokens.write,
    })
    expect(result).toMatchObject({ ok: true, value: { status: 'signed_in', baseUrl: other.url } })
  })
})
