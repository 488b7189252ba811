import { posix } from 'node:path'

/**
 * Start at login on Linux: desktops that follow the XDG Autostart specification (GNOME, KDE, Xfce, …)
 * launch every `.desktop` file in `$XDG_CONFIG_HOME/autostart` when the user logs in. Electron's
 * setLoginItemSettings does nothing on Linux, so the shell writes this file itself. Pure: the text and the
 * path are computed here, the shell only writes and removes the file.
 */

export const autostartFileName = 'operately-tray.desktop'
/** The flag that says "started by the system at login": the app starts hidden in the tray. */
export const hiddenArg = '--hidden'

export function autostartPath(env: NodeJS.ProcessEnv, homeDir: string): string {
  const configHome = env['XDG_CONFIG_HOME']
  // The specification says to ignore a relative XDG_CONFIG_HOME. A Linux path, joined the POSIX way on
  // every system (the unit tests also run on the Windows job).
  const base = configHome && configHome.startsWith('/') ? configHome : posix.join(homeDir, '.config')
  return posix.join(base, 'autostart', autostartFileName)
}

/**
 * Quotes one argument of an Exec line. The Desktop Entry specification reserves spaces and shell
 * characters, which need double quotes, inside which `"`, `` ` ``, `$` and `\` take a backslash; then the
 * whole value is a desktop-file string, in which a backslash is itself escaped, and `%` starts a field
 * code unless doubled. The .deb installs to "/opt/Operately Tray/", so the quoting is not theoretical.
 */
export function execArgument(arg: string): string {
  const reserved = /[\s"'\\><~|&;$*?#()`]/
  const quoted = reserved.test(arg) || arg === '' ? `"${arg.replace(/["`$\\]/g, (c) => `\\${c}`)}"` : arg
  return quoted.replace(/\\/g, '\\\\').replace(/%/g, '%%')
}

export interface AutostartEntryInput {
  /** The program to start: the AppImage file for AppImages, the installed executable otherwise. */
  executable: string
  /** The icon name the .deb/.rpm install (the executable name); harmless when missing. */
  icon?: string
}

export function autostartEntry({ executable, icon = 'operately-tray' }: AutostartEntryInput): string {
  if (/[\r\n]/.test(executable)) throw new Error('The path of the app contains a line break.')
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.0',
    'Name=Operately Tray',
    'Comment=Starts Operately Tray in the tray when you log in',
    `Exec=${[executable, hiddenArg].map(execArgument).join(' ')}`,
    `Icon=${icon}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n')
}
