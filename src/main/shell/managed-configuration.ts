import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { Logger } from '../services/log/logger'
import type { EffectiveSettings } from '../services/policy/effective-settings'
import type { SettingsPatch, SettingsService } from '../services/settings/settings-service'
import type { SystemIntegration } from '../services/settings/system-integration'
import { parseBuiltInFeed, type BuiltInFeed } from '../services/updates/update-config'
import type { Timers } from '../services/updates/update-schedule'
import { updateSupport } from '../services/updates/update-support'
import { builtInPublisherNames } from '../services/updates/windows-publisher'
import { startAutoUpdate, type AutoUpdater, type UpdaterLike } from './auto-update'
import { applyStartAtLogin, createStartAtLogin, type LoginItemApi } from './start-at-login'

/**
 * The OS side of what IT configures, started once the services exist: start at login and automatic
 * updates, both following the settings the services built from the policy and the user's choices
 * (createMainServices reads the policy; app-services.ts hands it the OS readers). start-shell.ts calls
 * this, attaches the result to the services (the settings handlers and the About view read
 * `updates`, `startAtLoginAvailable` and `settled`), and uses the settings for the shortcut and the popup.
 */

export interface ManagedConfigurationOptions {
  platform: NodeJS.Platform
  env: NodeJS.ProcessEnv
  /** The services' settings (policy merged with the user's choices). */
  settings: SettingsService
  log: Logger
  isPackaged: boolean
  execPath: string
  /** process.resourcesPath; undefined outside Electron. */
  resourcesPath: string | undefined
  /** The app's data folder, where the updater's configuration is written. */
  dataDir: string
  /** Windows signer names an update's installer must carry; the ones built into the app by default. */
  publisherNames?: readonly string[]
  homeDir?: string
  loginItems?: LoginItemApi
  loadUpdater?: () => Promise<UpdaterLike>
  askToRestart?: (version: string) => Promise<boolean>
  beforeRestart?: () => void
  timers?: Timers
}

export interface ManagedConfiguration extends SystemIntegration {
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
  const { platform, env, log, settings } = options
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
    platform,
    builtInFeed: readBuiltInFeed(options.resourcesPath),
    publisherNames: options.publisherNames ?? builtInPublisherNames,
    configPath: join(options.dataDir, 'update-config.yml'),
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
    settled: () => applying,
    stop: () => {
      for (const dispose of cleanup.splice(0)) dispose()
    },
  }
}

/** The installer's built-in feed (resources/app-update.yml), or null when the build has none. */
function readBuiltInFeed(resourcesPath: string | undefined): BuiltInFeed | null {
  if (resourcesPath === undefined) return null
  const file = join(resourcesPath, 'app-update.yml')
  return existsSync(file) ? parseBuiltInFeed(readFileSync(file, 'utf8')) : null
}
