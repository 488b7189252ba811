import { win32 } from 'node:path'
import type { EffectiveSettings } from '../policy/effective-settings'

/**
 * Whether this copy of the app may update itself, and from where. Only installs electron-updater can
 * replace safely are updated: the per-user NSIS install on Windows, the AppImage on Linux and the app in a
 * writable folder on macOS (from the zip). Everything IT or a package manager owns is left alone:
 *
 * - MSI (per-machine) installs: an NSIS update would install a second, per-user copy beside IT's. An MSI
 *   install is recognised by what it lacks: the NSIS installer always puts "Uninstall Operately Tray.exe"
 *   beside the executable, the MSI never does. (No marker file is needed, and a copy that is neither — an
 *   unpacked folder, say — is not updated either.)
 * - .deb and .rpm installs: apt/dnf own the files; only an AppImage run sets $APPIMAGE.
 * - An app still inside the mounted disk image (or translocated by Gatekeeper) cannot be replaced.
 */

export type UpdateKind = 'nsis' | 'appimage' | 'mac-zip'

export type UpdateBlockedReason =
  'development' | 'msi' | 'not-installed' | 'linux-package' | 'disk-image' | 'unsupported-platform'

/** `unverifiable`: the feed is not HTTPS, or a Windows copy knows no publisher to demand (update-config.ts). */
export type UpdateDisabledReason = UpdateBlockedReason | 'policy' | 'user' | 'no-feed' | 'unverifiable'

export type UpdateSupport =
  { supported: true; kind: UpdateKind } | { supported: false; reason: UpdateBlockedReason }

export interface InstallFacts {
  platform: NodeJS.Platform
  isPackaged: boolean
  /** process.execPath of the running app. */
  execPath: string
  env: NodeJS.ProcessEnv
  exists(path: string): boolean
  /** The installer's product file name; "Operately Tray" unless electron-builder.yml changes it. */
  productFilename?: string
}

const underAny = (path: string, folders: (string | undefined)[]) => {
  const lower = path.toLowerCase()
  return folders.some(
    (folder) => folder && lower.startsWith(folder.toLowerCase().replace(/[\\/]+$/, '') + '\\'),
  )
}

export function updateSupport(facts: InstallFacts): UpdateSupport {
  const { platform, execPath, env } = facts
  if (!facts.isPackaged) return { supported: false, reason: 'development' }
  switch (platform) {
    case 'win32': {
      // path.win32 explicitly: the rules are about Windows paths wherever they are evaluated (tests run on Linux).
      const uninstaller = win32.join(
        win32.dirname(execPath),
        `Uninstall ${facts.productFilename ?? 'Operately Tray'}.exe`,
      )
      if (facts.exists(uninstaller)) return { supported: true, kind: 'nsis' }
      const programFiles = [env['ProgramFiles'], env['ProgramFiles(x86)'], env['ProgramW6432']]
      return { supported: false, reason: underAny(execPath, programFiles) ? 'msi' : 'not-installed' }
    }
    case 'linux':
      return env['APPIMAGE']
        ? { supported: true, kind: 'appimage' }
        : { supported: false, reason: 'linux-package' }
    case 'darwin':
      if (execPath.startsWith('/Volumes/') || execPath.includes('/AppTranslocation/')) {
        return { supported: false, reason: 'disk-image' }
      }
      return { supported: true, kind: 'mac-zip' }
    default:
      return { supported: false, reason: 'unsupported-platform' }
  }
}

export type UpdatePlan =
  { enabled: true; feedUrl: string | null } | { enabled: false; reason: UpdateDisabledReason }

/**
 * Puts together what the install allows, what policy and the user say, and whether there is a feed at
 * all: the one IT set by policy, else the one built into the installer (resources/app-update.yml).
 */
export function updatePlan(
  support: UpdateSupport,
  settings: EffectiveSettings,
  hasBuiltInFeed: boolean,
): UpdatePlan {
  if (!support.supported) return { enabled: false, reason: support.reason }
  if (!settings.values.autoUpdate) {
    return { enabled: false, reason: settings.locked.includes('autoUpdate') ? 'policy' : 'user' }
  }
  const feedUrl = settings.values.updateFeedUrl
  if (feedUrl === null && !hasBuiltInFeed) return { enabled: false, reason: 'no-feed' }
  return { enabled: true, feedUrl }
}

export const updateDisabledMessages: Record<UpdateDisabledReason, string> = {
  policy: 'Automatic updates are turned off by your organisation.',
  user: 'Automatic updates are turned off.',
  'no-feed': 'No update server is set for this copy of Operately Tray, so it does not look for updates.',
  unverifiable:
    'This copy of Operately Tray cannot check who published an update, so it installs none. Ask your IT team for a build that names its publisher.',
  development: 'Development builds do not update themselves.',
  msi: 'This copy was installed for all users by your organisation, which also installs its updates.',
  'not-installed':
    'This copy was not installed with the Operately Tray installer, so it cannot update itself.',
  'linux-package': 'Updates for this copy come through your system’s package manager.',
  'disk-image': 'Operately Tray is running from its disk image. Move it to Applications to receive updates.',
  'unsupported-platform': 'Operately Tray cannot update itself on this system.',
}
