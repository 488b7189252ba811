import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMainServices } from '../create-services'
import { silentLogger } from '../log/logger'
import type { PolicyReaders } from '../policy/load-policy'
import type { UpdateStatus } from '../updates/update-status'
import type { KeytarLike } from '../vault/token-vault'
import { startAtLoginUnavailableMessage } from './handlers'
import { managedMessage } from './settings-service'
import type { SystemIntegration } from './system-integration'

// The settings operations as the renderer meets them: through the dispatcher of the real services, with
// the policy coming from injected OS readers and settings.json in a real folder. No keychain is touched.

const noKeychain: KeytarLike = {
  getPassword: async () => null,
  setPassword: async () => {},
  deletePassword: async () => false,
}

/** macOS has both a machine-wide and a per-user policy, so precedence between them can be shown. */
const macPolicy = (machine: object | null, user: object | null): PolicyReaders => ({
  macManagedPreferences: async (scope) => {
    const policy = scope === 'machine' ? machine : user
    return policy === null ? null : JSON.stringify(policy)
  },
})

async function services(
  policyReaders: PolicyReaders = {},
  dataDir = mkdtempSync(join(tmpdir(), 'settings-')),
) {
  const created = await createMainServices({
    dataDir,
    keytar: noKeychain,
    log: silentLogger,
    platform: 'darwin',
    policyReaders,
    appVersion: '1.4.2',
  })
  const call = async (name: string, input: unknown = {}) => created.dispatch(name, input)
  return { ...created, call, dataDir }
}

const savedSettings = (dataDir: string): unknown => {
  const path = join(dataDir, 'settings.json')
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null
}

describe('settings.get', () => {
  it('shows the defaults, and that this build cannot start at login, when there is no policy', async () => {
    const s = await services()
    expect(await s.call('settings.get')).toEqual({
      ok: true,
      value: {
        values: {
          serverUrl: null,
          autoUpdate: true,
          updateFeedUrl: null,
          startAtLogin: false,
          keepOpenOnBlur: false,
          globalShortcut: 'CommandOrControl+Shift+O',
          reminders: true,
        },
        locked: [],
        sources: {
          serverUrl: 'default',
          autoUpdate: 'default',
          updateFeedUrl: 'default',
          startAtLogin: 'default',
          keepOpenOnBlur: 'default',
          globalShortcut: 'default',
          reminders: 'default',
        },
        startAtLoginAvailable: false,
        policyWarnings: [],
      },
    })
  })

  it('lets the machine policy beat the user policy, and the user policy only recommend what is not enforced', async () => {
    const s = await services(
      macPolicy(
        { AutoUpdate: false, ServerUrl: 'https://operately.acme.example/', LockServerUrl: true },
        { AutoUpdate: true, GlobalShortcut: 'Alt+Shift+K', StartAtLogin: true, Reminders: false },
      ),
    )
    const before = await s.call('settings.get')
    expect(before).toMatchObject({
      ok: true,
      value: {
        values: {
          serverUrl: 'https://operately.acme.example',
          autoUpdate: false,
          globalShortcut: 'Alt+Shift+K',
          startAtLogin: true,
          reminders: false,
        },
        locked: ['serverUrl', 'autoUpdate', 'globalShortcut'],
        sources: {
          serverUrl: 'machine-policy',
          autoUpdate: 'machine-policy',
          globalShortcut: 'user-policy',
          startAtLogin: 'user-policy',
          reminders: 'user-policy',
        },
      },
    })

    // A recommendation is only a default: the person's own choice wins and is theirs from then on.
    expect(await s.call('settings.update', { startAtLogin: false, reminders: true })).toMatchObject({
      ok: true,
      value: {
        values: { startAtLogin: false, reminders: true },
        sources: { startAtLogin: 'user', reminders: 'user' },
      },
    })
  })

  it('lists what was ignored in a malformed policy, and applies the rest', async () => {
    const s = await services(macPolicy({ AutoUpdate: 'sometimes', GlobalShortcut: 'Ctrl+Alt+O' }, null))
    const result = await s.call('settings.get')
    expect(result).toMatchObject({
      ok: true,
      value: { values: { autoUpdate: true, globalShortcut: 'Ctrl+Alt+O' }, locked: ['globalShortcut'] },
    })
    if (!result.ok) return
    const { policyWarnings } = result.value as { policyWarnings: string[] }
    expect(policyWarnings).toHaveLength(1)
    expect(policyWarnings[0]).toContain('AutoUpdate')
    expect(policyWarnings[0]).toContain('ignored')
  })
})

describe('settings.update', () => {
  it('refuses to change a setting the organisation manages, with its message, and saves nothing', async () => {
    const s = await services(macPolicy({ AutoUpdate: false, GlobalShortcut: 'Ctrl+Alt+O' }, null))
    for (const patch of [{ autoUpdate: true }, { globalShortcut: 'Alt+Shift+K', keepOpenOnBlur: true }]) {
      expect(await s.call('settings.update', patch)).toEqual({
        ok: false,
        error: { kind: 'invalid_input', message: managedMessage },
      })
    }
    expect(managedMessage).toContain('managed by your organisation')
    expect(savedSettings(s.dataDir)).toBeNull()
    expect(await s.call('settings.get')).toMatchObject({
      ok: true,
      value: { values: { autoUpdate: false, keepOpenOnBlur: false, globalShortcut: 'Ctrl+Alt+O' } },
    })
  })

  it('keeps "keep the popup open" across a restart', async () => {
    const first = await services()
    expect(await first.call('settings.update', { keepOpenOnBlur: true })).toMatchObject({
      ok: true,
      value: { values: { keepOpenOnBlur: true }, sources: { keepOpenOnBlur: 'user' } },
    })
    const again = await services({}, first.dataDir)
    expect(await again.call('settings.get')).toMatchObject({
      ok: true,
      value: { values: { keepOpenOnBlur: true } },
    })
  })

  it('explains a shortcut that is not a usable key combination, and keeps the old one', async () => {
    const s = await services()
    const result = await s.call('settings.update', { globalShortcut: 'K' })
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
    if (!result.ok) expect(result.error.message).toContain('would take over that key in every app')
    expect(await s.call('settings.update', { globalShortcut: 'ctrl+alt+k' })).toMatchObject({
      ok: true,
      value: { values: { globalShortcut: 'Ctrl+Alt+K' } },
    })
  })

  it('refuses an update that names no setting', async () => {
    const s = await services()
    expect(await s.call('settings.update', {})).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
  })

  it('refuses to turn on start at login where this copy cannot, but lets it be turned off', async () => {
    const s = await services()
    expect(await s.call('settings.update', { startAtLogin: true })).toEqual({
      ok: false,
      error: { kind: 'invalid_input', message: startAtLoginUnavailableMessage },
    })
    expect(await s.call('settings.update', { startAtLogin: false })).toMatchObject({ ok: true })
  })

  it('once the shell attaches the login item, answers only after the OS has been brought in line', async () => {
    const s = await services()
    const order: string[] = []
    let applied: Promise<void> = Promise.resolve()
    s.settings.subscribe(() => {
      // The shell writes the login item when the settings change; here, after a turn of the event loop.
      applied = new Promise((resolve) =>
        setImmediate(() => {
          order.push('login item written')
          resolve()
        }),
      )
    })
    s.system.attach({
      ...installedIntegration({ state: 'idle', lastCheckedAt: null }),
      settled: () => applied,
    })
    const result = await s.call('settings.update', { startAtLogin: true })
    order.push('answered')
    expect(result).toMatchObject({ ok: true, value: { values: { startAtLogin: true } } })
    expect(order).toEqual(['login item written', 'answered'])
    expect(await s.call('settings.get')).toMatchObject({ ok: true, value: { startAtLoginAvailable: true } })
  })
})

/** An installed copy's integration whose updater is in `status`. */
function installedIntegration(status: UpdateStatus, restart = false): SystemIntegration {
  return {
    startAtLoginAvailable: true,
    updates: {
      status: () => status,
      checkNow: async () => status,
      restartToUpdate: () => restart,
    },
    settled: async () => {},
  }
}

describe('the About view', () => {
  it('gives the version and data folder, and says a development build does not update itself', async () => {
    const s = await services()
    const development = {
      state: 'disabled',
      reason: 'development',
      message: 'Development builds do not update themselves.',
    }
    expect(await s.call('app.about')).toEqual({
      ok: true,
      value: { version: '1.4.2', dataFolder: s.dataDir, updates: development },
    })
    expect(await s.call('updates.check')).toEqual({ ok: true, value: development })
    expect(await s.call('updates.restart')).toEqual({ ok: true, value: { restarting: false } })
  })

  it('reports the updater the shell attached: a downloaded update, and restarting to install it', async () => {
    const s = await services()
    const ready: UpdateStatus = {
      state: 'downloaded',
      version: '1.5.0',
      lastCheckedAt: '2026-03-10T10:42:00.000Z',
    }
    s.system.attach(installedIntegration(ready, true))
    expect(await s.call('app.about')).toMatchObject({ ok: true, value: { updates: ready } })
    expect(await s.call('updates.check')).toEqual({ ok: true, value: ready })
    expect(await s.call('updates.restart')).toEqual({ ok: true, value: { restarting: true } })
  })
})
