import { globalShortcut } from 'electron'
import type { Logger } from '../services/log/logger'

export const defaultToggleShortcut = 'CommandOrControl+Shift+O'

/**
 * Registers the system-wide shortcut that toggles the popup. Another app may own the combination, and
 * Wayland desktops may refuse it: that is worth a warning in the log, never a crash — the tray icon and
 * its menu still open the popup.
 */
export function registerToggleShortcut(accelerator: string, onPress: () => void, log: Logger): boolean {
  let registered = false
  let problem: string | undefined
  try {
    registered = globalShortcut.register(accelerator, onPress)
  } catch (err) {
    problem = err instanceof Error ? err.message : String(err)
  }
  if (!registered) {
    log.warn(
      `The keyboard shortcut ${accelerator} could not be set up (another app may be using it). Open Operately Tray from its tray icon instead.`,
      problem ? { error: problem } : {},
    )
  }
  return registered
}
