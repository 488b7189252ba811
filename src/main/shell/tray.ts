import { Menu, Tray, type NativeImage, type Rectangle } from 'electron'
import type { SessionState } from '@shared/session'
import type { Logger } from '../services/log/logger'
import { hasBounds } from './popup-position'
import { loadTrayImage, trayIconSpec, type TrayIconVariant } from './tray-icons'
import { trayMenuTemplate, trayTooltip, type TrayMenuActions } from './tray-menu'

export interface TrayActions extends TrayMenuActions {
  /** Left click: show the popup next to the icon, or hide it. */
  toggle(trayBounds: Rectangle | null): void
  keepOpen(): boolean
}

export interface TrayOptions {
  iconDir: string
  platform: NodeJS.Platform
  log: Logger
  actions: TrayActions
  initialState?: SessionState
}

export interface TrayController {
  /** Re-renders tooltip, icon and menu for a session state. */
  update(state: SessionState): void
  /** Re-renders the menu after a setting it shows changed. */
  refresh(): void
  /** The icon's screen bounds, or null where the platform does not report them (Linux). */
  bounds(): Rectangle | null
  destroy(): void
}

/**
 * The tray icon and its menu. Linux and Windows get the menu attached with setContextMenu (some Linux
 * desktops show no icon without one, and deliver no clicks), re-attached after every change. On macOS an
 * attached menu would swallow the left click that toggles the popup, so the menu pops up on right-click.
 */
export function createTray({ iconDir, platform, log, actions, initialState }: TrayOptions): TrayController {
  const images = new Map<TrayIconVariant, NativeImage>()
  const image = (variant: TrayIconVariant) => {
    let found = images.get(variant)
    if (!found) {
      found = loadTrayImage(iconDir, trayIconSpec(platform, variant), log)
      images.set(variant, found)
    }
    return found
  }

  let state: SessionState = initialState ?? { status: 'signed_out', lastBaseUrl: null }
  const tray = new Tray(image(state.status === 'signed_in' ? 'normal' : 'attention'))
  let menu: Menu | null = null
  const popUpMenu = () => {
    if (menu) tray.popUpContextMenu(menu)
  }

  const render = () => {
    menu = Menu.buildFromTemplate(trayMenuTemplate(state, actions.keepOpen(), actions))
    if (platform !== 'darwin') tray.setContextMenu(menu)
  }

  const update = (next: SessionState) => {
    state = next
    tray.setToolTip(trayTooltip(state))
    // Signed out is the state that needs the user: the icon says so.
    tray.setImage(image(state.status === 'signed_in' ? 'normal' : 'attention'))
    render()
  }

  if (platform === 'darwin') {
    // Without this, macOS waits for a possible double click before reporting a single one.
    tray.setIgnoreDoubleClickEvents(true)
    tray.on('right-click', popUpMenu)
  }
  tray.on('click', (event, bounds) => {
    // Control-click is the macOS right-click.
    if (platform === 'darwin' && event.ctrlKey) {
      popUpMenu()
      return
    }
    actions.toggle(hasBounds(bounds) ? bounds : null)
  })

  update(state)

  return {
    update,
    refresh: render,
    bounds: () => {
      if (tray.isDestroyed()) return null
      const bounds = tray.getBounds()
      return hasBounds(bounds) ? bounds : null
    },
    destroy: () => {
      if (!tray.isDestroyed()) tray.destroy()
    },
  }
}
