import { systemNumberSettings } from './number-settings-source'
import { app, net, shell } from 'electron'
import { createMainServices, type MainServices } from '../services/create-services'
import type { AskBeforeOpening } from '../services/app/link-service'
import type { PolicyReaders } from '../services/policy/load-policy'
import type { KeytarLike } from '../services/vault/token-vault'
import { loadKeytar as loadRealKeytar } from './load-keytar'
import { systemPolicyReaders } from './policy-sources'

export interface AppServicesInput {
  /** Electron's userData folder (redirected to OPERATELY_TRAY_DATA_DIR when that is set, except when packaged). */
  dataDir: string
  loadKeytar?: () => Promise<KeytarLike>
  platform?: NodeJS.Platform
  /** Where IT's policy is read from; the OS's own places (registry, managed preferences, /etc) by default. */
  policyReaders?: PolicyReaders
  /** Hides the popup; the services call it when the page asks (an Escape nothing on the page used). */
  hidePopup?: () => void
  /** Main's dialog before a link leaves the app (shell/link-dialog.ts); without it such links are refused. */
  askBeforeOpening?: AskBeforeOpening
}

/**
 * The services with their real dependencies: the OS keychain through keytar, global fetch, and the
 * managed configuration IT set for this computer.
 */
export async function createAppServices({
  dataDir,
  loadKeytar = loadRealKeytar,
  platform = process.platform,
  policyReaders,
  hidePopup,
  askBeforeOpening,
}: AppServicesInput): Promise<MainServices> {
  return createMainServices({
    dataDir,
    keytar: await loadKeytar(),
    openExternal: (url) => shell.openExternal(url),
    hidePopup,
    askBeforeOpening,
    platform,
    policyReaders: policyReaders ?? systemPolicyReaders({ platform, env: process.env }),
    appVersion: app.getVersion(),
    // Windows' regional format, macOS's region: how the person writes numbers, whatever the app's language.
    numberLocale: () => app.getSystemLocale(),
    // The decimal sign and separator the person chose there, which win over the locale's.
    numberSettings: systemNumberSettings({ platform, env: process.env }),
    // Only says whether there is a network at all; the app is online once the server has answered.
    isOsOnline: () => net.isOnline(),
  })
}
