import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { app } from 'electron'
import type { Logger } from '../services/log/logger'
import { autostartEntry, autostartPath, hiddenArg } from '../services/settings/autostart-entry'
import type { SettingsService } from '../services/settings/settings-service'

/**
 * Starting at login, hidden in the tray. macOS and Windows through Electron's login items (Windows gets
 * `--hidden` on the command line; the app starts hidden anyway — the popup only opens when asked); Linux
 * through an XDG autostart file, because Electron has no login items there.
 */

export interface StartAtLogin {
  isEnabled(): Promise<boolean>
  setEnabled(enabled: boolean): Promise<void>
}

export type LoginItemApi = Pick<Electron.App, 'setLoginItemSettings' | 'getLoginItemSettings'>

export interface StartAtLoginOptions {
  platform: NodeJS.Platform
  /** process.execPath. */
  execPath: string
  env: NodeJS.ProcessEnv
  homeDir: string
  /** Electron's app by default. */
  loginItems?: LoginItemApi
}

export function createStartAtLogin(options: StartAtLoginOptions): StartAtLogin {
  const { platform, env } = options
  if (platform === 'linux') {
    const path = autostartPath(env, options.homeDir)
    // Inside an AppImage, execPath is a temporary mount that is gone after logout: start the AppImage.
    const executable = env['APPIMAGE'] || options.execPath
    return {
      isEnabled: () =>
        stat(path).then(
          () => true,
          () => false,
        ),
      async setEnabled(enabled) {
        if (!enabled) {
          await rm(path, { force: true })
          return
        }
        await mkdir(dirname(path), { recursive: true })
        await writeFile(path, autostartEntry({ executable }), { mode: 0o644 })
      },
    }
  }
  const loginItems = options.loginItems ?? app
  // Windows stores the arguments with the entry and matches on them when asked whether it exists.
  const args = [hiddenArg]
  return {
    isEnabled: async () => loginItems.getLoginItemSettings({ args }).openAtLogin,
    async setEnabled(enabled) {
      // Electron 45 no longer has openAsHidden (macOS 13 dropped it); hidden is the app's own default.
      loginItems.setLoginItemSettings({ openAtLogin: enabled, args })
    },
  }
}

/**
 * Brings the OS in line with the setting, but only when the setting changed since the app last did so:
 * someone who removed the app from their login items in the OS's own settings is not overruled at every
 * start. Failures are logged, never thrown: start-up must not depend on it.
 */
export async function applyStartAtLogin(
  settings: Pick<SettingsService, 'current' | 'appliedStartAtLogin' | 'recordAppliedStartAtLogin'>,
  login: StartAtLogin,
  log: Logger,
): Promise<void> {
  const desired = settings.current().values.startAtLogin
  const applied = settings.appliedStartAtLogin()
  // Never registered and not wanted: there is nothing to undo, and nothing to touch.
  if (applied === desired || (applied === undefined && !desired)) return
  try {
    await login.setEnabled(desired)
    await settings.recordAppliedStartAtLogin(desired)
    log.info(desired ? 'Operately Tray will start at login' : 'Operately Tray will no longer start at login')
  } catch (err) {
    log.warn('could not change whether Operately Tray starts at login', {
      error: err instanceof Error ? err.message : String(err),
    })
  }
}
