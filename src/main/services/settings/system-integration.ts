import type { UpdateStatus } from '../updates/update-status'
import { updateDisabledMessages } from '../updates/update-support'

/**
 * The parts of the settings screen that only the Electron shell can provide: the OS login item and the
 * auto-updater. The services are built before the shell has a popup or an updater, so the shell attaches
 * its implementation once it has started them (src/main/shell/managed-configuration.ts), before the page
 * can ask anything. Until then — and for good in the browser harness and in tests, where there is no
 * installed app — the development stand-in answers: no login item, no updates, and it says so.
 */

export interface UpdatesControl {
  status(): UpdateStatus
  /** "Check for updates": resolves with the status once the check is over. */
  checkNow(): Promise<UpdateStatus>
  /** Installs a downloaded update now; false when none is ready. */
  restartToUpdate(): boolean
}

export interface SystemIntegration {
  /** Whether the app can add itself to the OS's login items (only an installed copy can). */
  startAtLoginAvailable: boolean
  updates: UpdatesControl
  /** Resolves once the OS reflects the latest settings change (the login item has been written). */
  settled(): Promise<void>
}

const developmentStatus: UpdateStatus = {
  state: 'disabled',
  reason: 'development',
  message: updateDisabledMessages.development,
}

export const developmentIntegration: SystemIntegration = {
  startAtLoginAvailable: false,
  updates: {
    status: () => developmentStatus,
    checkNow: () => Promise.resolve(developmentStatus),
    restartToUpdate: () => false,
  },
  settled: () => Promise.resolve(),
}

export interface SystemIntegrationSlot {
  current(): SystemIntegration
  /** The shell's login item and updater; replaces the development stand-in. */
  attach(integration: SystemIntegration): void
}

export function createSystemIntegrationSlot(): SystemIntegrationSlot {
  let integration = developmentIntegration
  return {
    current: () => integration,
    attach: (next) => {
      integration = next
    },
  }
}
