import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createMainServices } from '../services/create-services'
import { silentLogger } from '../services/log/logger'
import type { PolicyReaders } from '../services/policy/load-policy'
import type { KeytarLike } from '../services/vault/token-vault'
import { startShell } from './start-shell'
import {
  FakeBrowserWindow,
  FakeTray,
  app,
  globalShortcut,
  ipcMain,
  resetFakeElectron,
} from './testing/fake-electron'

vi.mock('electron', () => import('./testing/fake-electron'))

// How the shell uses the managed configuration: the shortcut and the keep-open choice come from settings
// (and so from policy), and follow changes. The services are the real ones; only Electron is faked.

const noKeychain: KeytarLike = {
  getPassword: async () => null,
  setPassword: async () => {},
  deletePassword: async () => false,
}
const mainDir = fileURLToPath(new URL('../../../out/main', import.meta.url))

async function start(policy: object, homeDir?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shell-managed-'))
  const policyReaders: PolicyReaders = { linuxPolicyFile: async () => JSON.stringify(policy) }
  const shell = await startShell({
    mainDir,
    env: {},
    platform: 'linux',
    bootLog: silentLogger,
    createServices: () =>
      createMainServices({
        dataDir,
        keytar: noKeychain,
        log: silentLogger,
        platform: 'linux',
        policyReaders,
      }),
    // An installed copy: its own resources folder (no update feed in it) and a home for the autostart entry.
    ...(homeDir ? { managed: { homeDir }, resourcesPath: mkdtempSync(join(tmpdir(), 'resources-')) } : {}),
  })
  if (!shell) throw new Error('the shell did not start')
  return { shell, dataDir, tray: FakeTray.instances[0] }
}

/** A call from the popup page over IPC, as the renderer makes it. */
function invoke(name: string, input: unknown = {}) {
  const window = FakeBrowserWindow.instances[0]
  const handler = ipcMain.handlers.get(name.replace('.', ':'))
  if (!window || !handler) throw new Error(`no popup or no handler for ${name}`)
  return handler(window.webContents.invokeEvent(), input) as Promise<{ ok: boolean; value?: unknown }>
}

describe('the shell with managed configuration', () => {
  const unregistered: string[] = []
  beforeEach(() => {
    resetFakeElectron()
    unregistered.length = 0
    // Electron's globalShortcut.unregister, which the fake does not model.
    Object.assign(globalShortcut, {
      unregister(accelerator: string) {
        unregistered.push(accelerator)
        globalShortcut.registered.delete(accelerator)
      },
    })
  })

  it('registers the shortcut IT chose instead of the default', async () => {
    await start({ GlobalShortcut: 'Ctrl+Alt+O' })
    expect([...globalShortcut.registered.keys()]).toEqual(['Ctrl+Alt+O'])
  })

  it('registers no shortcut at all when IT turned it off', async () => {
    const { shell } = await start({ GlobalShortcut: '' })
    expect(globalShortcut.registered.size).toBe(0)
    expect(shell.managed.settings.current().locked).toContain('globalShortcut')
  })

  it('moves the shortcut when the user picks another one', async () => {
    const { shell } = await start({})
    expect([...globalShortcut.registered.keys()]).toEqual(['CommandOrControl+Shift+O'])
    await shell.managed.updateSettings({ globalShortcut: 'Alt+Shift+Space' })
    expect(unregistered).toEqual(['CommandOrControl+Shift+O'])
    expect([...globalShortcut.registered.keys()]).toEqual(['Alt+Shift+Space'])
  })

  it('answers the settings screen with its own login item and updater, once installed', async () => {
    app.isPackaged = true
    const homeDir = mkdtempSync(join(tmpdir(), 'home-'))
    const autostart = join(homeDir, '.config', 'autostart', 'operately-tray.desktop')
    await start({}, homeDir)

    expect(await invoke('settings.get')).toMatchObject({ ok: true, value: { startAtLoginAvailable: true } })
    // A .deb/.rpm install: the package manager brings the updates, and the About view says so.
    expect(await invoke('app.about')).toMatchObject({
      ok: true,
      value: { updates: { state: 'disabled', reason: 'linux-package' } },
    })
    // The answer comes once the autostart entry is written.
    expect(await invoke('settings.update', { startAtLogin: true })).toMatchObject({
      ok: true,
      value: { values: { startAtLogin: true } },
    })
    expect(existsSync(autostart)).toBe(true)
  })

  it('follows "Keep the popup open" changed on the settings screen, in the popup and the tray menu', async () => {
    const { shell, tray } = await start({})
    expect(shell.popup.keepOpenOnBlur()).toBe(false)
    expect(await invoke('settings.update', { keepOpenOnBlur: true })).toMatchObject({ ok: true })
    expect(shell.popup.keepOpenOnBlur()).toBe(true)
    expect(tray?.contextMenu?.item('Keep open when it loses focus').checked).toBe(true)
  })

  it('saves "Keep open when it loses focus" from the tray menu, and starts with it next time', async () => {
    const first = await start({})
    const settings = first.shell.managed.settings
    const saved = new Promise<void>((resolve) => {
      const stop = settings.subscribe(() => {
        stop()
        resolve()
      })
    })
    await first.tray?.contextMenu?.click('Keep open when it loses focus')
    await saved
    expect(JSON.parse(readFileSync(join(first.dataDir, 'settings.json'), 'utf8'))).toEqual({
      keepOpenOnBlur: true,
    })

    // A second start on the same data folder.
    resetFakeElectron()
    const again = await startShell({
      mainDir,
      env: {},
      platform: 'linux',
      bootLog: silentLogger,
      createServices: () => Promise.resolve(first.shell.services),
    })
    expect(again?.popup.keepOpenOnBlur()).toBe(true)
    expect(FakeTray.instances[0]?.contextMenu?.item('Keep open when it loses focus').checked).toBe(true)
  })
})
