import { Menu } from 'electron'

/**
 * Electron's default menu carries Reload and DevTools accelerators that would reset the popup under the
 * user's fingers. Windows and Linux need no menu at all (the popup is frameless). macOS keeps an Edit
 * menu, because there copy, paste and undo shortcuts are delivered through the menu.
 */
export function installApplicationMenu(platform: NodeJS.Platform): void {
  Menu.setApplicationMenu(
    platform === 'darwin' ? Menu.buildFromTemplate([{ role: 'appMenu' }, { role: 'editMenu' }]) : null,
  )
}
