import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../services/log/logger'
import { emptyPolicy, type Policy } from '../services/policy/load-policy'
import { createSettingsService } from '../services/settings/settings-service'
import { applyStartAtLogin, createStartAtLogin, type LoginItemApi } from './start-at-login'

vi.mock('electron', () => import('./testing/fake-electron'))

/** Electron's login items as the OS keeps them: one entry, remembered with its arguments. */
function fakeLoginItems() {
  const calls: Electron.Settings[] = []
  let entry: Electron.Settings | null = null
  const api = {
    calls,
    setLoginItemSettings(settings: Electron.Settings) {
      calls.push(settings)
      entry = settings.openAtLogin ? settings : null
    },
    getLoginItemSettings(options?: Electron.LoginItemSettingsOptions) {
      const matches =
        entry !== null && JSON.stringify(entry.args ?? []) === JSON.stringify(options?.args ?? [])
      return { openAtLogin: matches } as Electron.LoginItemSettings
    },
  }
  return api satisfies LoginItemApi
}

describe('start at login on macOS and Windows', () => {
  for (const platform of ['darwin', 'win32'] as const) {
    it(`${platform}: registers a login item that starts hidden, and removes it`, async () => {
      const loginItems = fakeLoginItems()
      const login = createStartAtLogin({ platform, execPath: '/x', env: {}, homeDir: '/home/x', loginItems })
      await login.setEnabled(true)
      expect(loginItems.calls).toEqual([{ openAtLogin: true, args: ['--hidden'] }])
      expect(await login.isEnabled()).toBe(true)
      await login.setEnabled(false)
      expect(loginItems.calls.at(-1)).toMatchObject({ openAtLogin: false })
      expect(await login.isEnabled()).toBe(false)
    })
  }
})

// XDG autostart is Linux's own; its folders are POSIX paths, which a Windows runner's temp folder is not.
describe.skipIf(process.platform === 'win32')('start at login on Linux', () => {
  it('writes an XDG autostart entry that starts the app hidden, and removes it', async () => {
    const configHome = mkdtempSync(join(tmpdir(), 'xdg-'))
    const login = createStartAtLogin({
      platform: 'linux',
      execPath: '/opt/Operately Tray/operately-tray',
      env: { XDG_CONFIG_HOME: configHome },
      homeDir: '/nonexistent',
    })
    const file = join(configHome, 'autostart', 'operately-tray.desktop')
    expect(await login.isEnabled()).toBe(false)
    await login.setEnabled(true)
    expect(readFileSync(file, 'utf8')).toContain('Exec="/opt/Operately Tray/operately-tray" --hidden\n')
    expect(await login.isEnabled()).toBe(true)
    await login.setEnabled(false)
    expect(existsSync(file)).toBe(false)
    // Removing twice is not an error.
    await login.setEnabled(false)
  })

  it('starts the AppImage file, not its temporary mount', async () => {
    const configHome = mkdtempSync(join(tmpdir(), 'xdg-'))
    const login = createStartAtLogin({
      platform: 'linux',
      execPath: '/tmp/.mount_OperaXYZ/operately-tray',
      env: { XDG_CONFIG_HOME: configHome, APPIMAGE: '/home/ana/Apps/Operately-Tray.AppImage' },
      homeDir: '/nonexistent',
    })
    await login.setEnabled(true)
    const entry = readFileSync(join(configHome, 'autostart', 'operately-tray.desktop'), 'utf8')
    expect(entry).toContain('Exec=/home/ana/Apps/Operately-Tray.AppImage --hidden\n')
  })
})

describe('applyStartAtLogin', () => {
  const setup = async (policy: Policy = emptyPolicy) => {
    const settings = await createSettingsService({
      dataDir: mkdtempSync(join(tmpdir(), 'login-')),
      policy,
      log: silentLogger,
    })
    const loginItems = fakeLoginItems()
    const login = createStartAtLogin({
      platform: 'win32',
      execPath: 'C:\\x.exe',
      env: {},
      homeDir: '',
      loginItems,
    })
    return { settings, loginItems, login }
  }

  it('leaves the OS alone when start at login was never wanted', async () => {
    const { settings, loginItems, login } = await setup()
    await applyStartAtLogin(settings, login, silentLogger)
    expect(loginItems.calls).toEqual([])
  })

  it('registers the login item when IT makes it the default', async () => {
    const { settings, loginItems, login } = await setup({ ...emptyPolicy, machine: { startAtLogin: true } })
    await applyStartAtLogin(settings, login, silentLogger)
    expect(loginItems.calls).toEqual([{ openAtLogin: true, args: ['--hidden'] }])
    expect(settings.appliedStartAtLogin()).toBe(true)
    // The next start finds it already applied and does not touch the OS again.
    await applyStartAtLogin(settings, login, silentLogger)
    expect(loginItems.calls).toHaveLength(1)
  })

  it('follows the user turning it off', async () => {
    const { settings, loginItems, login } = await setup({ ...emptyPolicy, machine: { startAtLogin: true } })
    await applyStartAtLogin(settings, login, silentLogger)
    await settings.update({ startAtLogin: false })
    await applyStartAtLogin(settings, login, silentLogger)
    expect(loginItems.calls.map((call) => call.openAtLogin)).toEqual([true, false])
    expect(await login.isEnabled()).toBe(false)
  })

  it('logs and carries on when the OS refuses', async () => {
    const { settings } = await setup({ ...emptyPolicy, machine: { startAtLogin: true } })
    const warnings: string[] = []
    await applyStartAtLogin(
      settings,
      {
        isEnabled: async () => false,
        setEnabled: async () => {
          throw new Error('Operation not permitted')
        },
      },
      { ...silentLogger, warn: (message) => warnings.push(message) },
    )
    expect(warnings).toEqual(['could not change whether Operately Tray starts at login'])
    // Not recorded: the next start tries again.
    expect(settings.appliedStartAtLogin()).toBeUndefined()
  })
})
