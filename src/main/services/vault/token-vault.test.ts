import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import keytar from 'keytar'
import { afterEach, describe, expect, it } from 'vitest'
import { AppFailure } from '@shared/errors'
import { createTokenVault } from './token-vault'
import { hasSecretService } from './testing/secret-service'

// These tests talk to a real Secret Service. `npm test` runs them inside a private D-Bus session with a
// throwaway, unlocked gnome-keyring (scripts/with-keyring.sh), so a developer's own keyring is never touched.
const service = `Operately Tray test ${randomUUID()}`
const vault = createTokenVault({ keytar, service })
const origins = ['https://a.example', 'https://b.example']

describe.skipIf(!hasSecretService)('token vault on a real Secret Service', () => {
  afterEach(async () => {
    for (const origin of origins) await keytar.deletePassword(service, origin)
  })

  it('stores, reads back and deletes a token', async () => {
    await vault.set('https://a.example', 'opk_secret_a')
    expect(await vault.get('https://a.example')).toBe('opk_secret_a')
    expect(await vault.delete('https://a.example')).toBe(true)
    expect(await vault.get('https://a.example')).toBeNull()
  })

  it('keeps two servers apart', async () => {
    await vault.set('https://a.example', 'opk_secret_a')
    await vault.set('https://b.example', 'opk_secret_b')
    expect(await vault.get('https://a.example')).toBe('opk_secret_a')
    expect(await vault.get('https://b.example')).toBe('opk_secret_b')
    await vault.delete('https://a.example')
    expect(await vault.get('https://b.example')).toBe('opk_secret_b')
  })

  it('replaces the token of a server instead of adding a second one', async () => {
    await vault.set('https://a.example', 'opk_old')
    await vault.set('https://a.example', 'opk_new')
    expect(await vault.get('https://a.example')).toBe('opk_new')
    const all = await keytar.findCredentials(service)
    expect(all.filter((c) => c.account === 'https://a.example')).toHaveLength(1)
  })
})

describe('token vault without a Secret Service', () => {
  it('reports keychain_unavailable with a fix, and never falls back to a file', () => {
    // libsecret keeps its D-Bus connection per process, so the "no keychain" case runs in a child
    // process whose session bus address points nowhere.
    const probe = fileURLToPath(new URL('./vault-probe.fixture.ts', import.meta.url))
    const run = spawnSync(process.execPath, ['--import', 'tsx', probe], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', DISPLAY: '' },
      encoding: 'utf8',
      timeout: 15_000,
    })
    expect(run.status, run.stderr).toBe(0)
    const outcome = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}')
    expect(outcome.set).toMatchObject({ kind: 'keychain_unavailable' })
    expect(outcome.set.message).toMatch(/GNOME Keyring|KWallet/)
    expect(outcome.get).toMatchObject({ kind: 'keychain_unavailable' })
  })

  it('passes through our own failures untouched', async () => {
    const broken = createTokenVault({
      keytar: {
        getPassword: () => Promise.reject(new Error('org.freedesktop.DBus.Error.ServiceUnknown')),
        setPassword: () => Promise.resolve(),
        deletePassword: () => Promise.resolve(false),
      },
      platform: 'darwin',
    })
    const error = await broken.get('https://a.example').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppFailure)
    expect((error as AppFailure).error.message).toMatch(/Keychain Access/)
  })
})
