import type { settingsOperations } from '@shared/contract/settings'
import { AppFailure, appError } from '@shared/errors'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { SettingsPatch, SettingsService } from './settings-service'
import type { SystemIntegrationSlot } from './system-integration'

export const startAtLoginUnavailableMessage =
  'Starting at login is only possible for an installed copy of Operately Tray, not this development build.'

export interface SettingsHandlerDeps {
  settings: SettingsService
  system: SystemIntegrationSlot
  /** The app's version, as the About view shows it. */
  version: string
  /** The folder the app keeps its files in. */
  dataDir: string
}

/** Only the keys the person actually sent: the contract lets a key through as `undefined`. */
function sentKeys(input: SettingsPatch): SettingsPatch {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
}

export function createSettingsHandlers(deps: SettingsHandlerDeps): AreaHandlers<typeof settingsOperations> {
  const { settings, system } = deps
  return {
    'settings.get': async () => ({
      ...settings.current(),
      startAtLoginAvailable: system.current().startAtLoginAvailable,
      policyWarnings: settings.policy.warnings,
    }),

    'settings.update': async (input) => {
      const patch = sentKeys(input)
      const integration = system.current()
      // Turning it on where it cannot work would show a switch that lies; turning it off is always fine.
      if (patch.startAtLogin === true && !integration.startAtLoginAvailable) {
        throw new AppFailure(appError('invalid_input', startAtLoginUnavailableMessage))
      }
      await settings.update(patch)
      // Answer once the OS agrees (the login item is written), so the switch never runs ahead of it.
      await integration.settled()
      return settings.current()
    },

    'app.about': async () => ({
      version: deps.version,
      dataFolder: deps.dataDir,
      updates: system.current().updates.status(),
    }),

    'updates.check': () => system.current().updates.checkNow(),

    'updates.restart': async () => ({ restarting: system.current().updates.restartToUpdate() }),
  }
}
