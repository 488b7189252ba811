import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { KeytarLike } from '../services/vault/token-vault'
import { createAppServices } from './app-services'

vi.mock('electron', () => import('./testing/fake-electron'))

const keychain: KeytarLike = {
  getPassword: async () => null,
  setPassword: async () => {},
  deletePassword: async () => false,
}

describe('createAppServices', () => {
  it('builds the real services in the given data folder, with the keychain it loaded', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'app-services-')), 'profile')
    const services = await createAppServices({ dataDir, loadKeytar: async () => keychain })
    expect(services.dataDir).toBe(dataDir)
    expect(existsSync(dataDir)).toBe(true)
    expect(await services.dispatch('session.get', {})).toEqual({
      ok: true,
      value: { status: 'signed_out', lastBaseUrl: null },
    })
  })

  it('applies the policy it is given and reports the app version in the About view', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'app-services-'))
    const services = await createAppServices({
      dataDir,
      loadKeytar: async () => keychain,
      platform: 'linux',
      policyReaders: { linuxPolicyFile: async () => '{"AutoUpdate": false}' },
    })
    const settings = await services.dispatch('settings.get', {})
    expect(settings).toMatchObject({
      ok: true,
      value: { values: { autoUpdate: false }, locked: ['autoUpdate'] },
    })
    expect(await services.dispatch('app.about', {})).toMatchObject({
      ok: true,
      value: { version: '0.1.0', dataFolder: dataDir },
    })
  })

  it('tells the page the locale the OS writes numbers in, which can differ from the language of the app', async () => {
    // English Windows with the regional format of Germany: "1,200" is one point two to this person.
    const { app } = await import('./testing/fake-electron')
    app.systemLocale = 'en-DE'
    const services = await createAppServices({
      dataDir: mkdtempSync(join(tmpdir(), 'app-services-')),
      loadKeytar: async () => keychain,
    })
    expect(await services.dispatch('app.numberLocale', {})).toEqual({
      ok: true,
      value: { locale: 'en-DE', settings: { decimal: null, group: null, digits: null } },
    })
  })

  it('fails with the keychain message when the keychain module cannot be loaded, before touching disk', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'app-services-')), 'profile')
    const failing = createAppServices({
      dataDir,
      loadKeytar: () => Promise.reject(new Error('Operately Tray cannot use the system keychain.')),
    })
    await expect(failing).rejects.toThrow('Operately Tray cannot use the system keychain.')
    expect(existsSync(dataDir)).toBe(false)
  })
})
