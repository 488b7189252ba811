import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { Logger } from '../services/log/logger'
import { loadPolicy, type PolicyReaders } from '../services/policy/load-policy'
import type { EffectiveSettings } from '../services/policy/effective-settings'
import {
  createSettingsService,
  type SettingsPatch,
  type SettingsService,
} from '../services/settings/settings-service'
import type { Timers } from '../services/updates/update-schedule'
import { updateSupport } from '../services/updates/update-support'
import { startAutoUpdate, type AutoUpdater, type UpdaterLike } from './auto-update'
import { systemPolicyReaders } from './policy-sources'
import { applyStartAtLogin, createStartAtLogin, type LoginItemApi } from './start-at-login'

/**
 * Everything IT configures, started once the services exist: the policy (read once), the user's settings
 * merged with it, start at login and automatic updates. start-shell.ts calls this and uses the settings
 * for the shortcut and the popup; the About view reads `settings`, `updates` and `startAtLoginAvailable`.
 */

export interface ManagedConfigurationOptions {
  platform: NodeJS.Platform
  env: NodeJS.ProcessEnv
  /** Where settings.json lives (the services' data folder). */
  dataDir: string
  log: Logger
  isPackaged: boolean
  execPath: string
  /** process.resourcesPath; undefined outside Electron. */
  resourcesPath: string | undefined
  homeDir?: string
  /** The OS policy readers by default; tests pass their own. */
  policyReaders?: PolicyReaders
  loginItems?: LoginItemApi
  loadUpdater?: () => Promise<UpdaterLike>
  askToRestart?: (version: string) => Promise<boolean>
  beforeRestart?: () => void
  timers?: Timers
}

export interface ManagedConfiguration {
  settings: SettingsService
  /**
   * Saves the user's choices (see SettingsService.update) and resolves once the OS has been brought in
   * line (the login item): what the settings.update IPC handler should call.
   */
  updateSettings(patch: SettingsPatch): Promise<EffectiveSettings>
  updates: AutoUpdater
  /** Login items only make sense for the installed app: in development they would start a bare Electron. */
  startAtLoginAvailable: boolean
  stop(): void
}

export async function startManagedConfiguration(
  options: ManagedConfigurationOptions,
): Promise<ManagedConfiguration> {
  const { platform, env, log } = options
  const policy = await loadPolicy({
    platform,
    readers: options.policyReaders ?? systemPolicyReaders({ platform, env }),
    log,
  })
  const settings = await createSettingsService({ dataDir: options.dataDir, policy, log })
  const cleanup: (() => void)[] = []

  const startAtLoginAvailable = options.isPackaged
  // Changes are applied one after another; `applying` is the latest, for updateSettings to wait on.
  let applying: Promise<void> = Promise.resolve()
  if (startAtLoginAvailable) {
    const login = createStartAtLogin({
      platform,
      execPath: options.execPath,
      env,
      homeDir: options.homeDir ?? homedir(),
      ...(options.loginItems ? { loginItems: options.loginItems } : {}),
    })
    await applyStartAtLogin(settings, login, log)
    cleanup.push(
      settings.subscribe(() => {
        applying = applying.then(() => applyStartAtLogin(settings, login, log))
      }),
    )
  }

  const updates = startAutoUpdate({
    support: updateSupport({
      platform,
      isPackaged: options.isPackaged,
      execPath: options.execPath,
      env,
      exists: existsSync,
    }),
    settings,
    hasBuiltInFeed:
      options.resourcesPath !== undefined && existsSync(join(options.resourcesPath, 'app-update.yml')),
    log,
    ...(options.loadUpdater ? { loadUpdater: options.loadUpdater } : {}),
    ...(options.askToRestart ? { askToRestart: options.askToRestart } : {}),
    ...(options.beforeRestart ? { beforeRestart: options.beforeRestart } : {}),
    ...(options.timers ? { timers: options.timers } : {}),
  })
  cleanup.push(() => updates.stop())

  return {
    settings,
    updateSettings: async (patch) => {
      await settings.update(patch)
      await applying
      return settings.current()
    },
    updates,
    startAtLoginAvailable,
    stop: () => {
      for (const dispose of cleanup.splice(0)) dispose()
    },
  }
}
