import { Menu, Tray, type NativeImage, type Rectangle } from 'electron'
import type { SessionState } from '@shared/session'
import type { Logger } from '../services/log/logger'
import { hasBounds } from './popup-position'
import { noBadge, trayAppearance, type TrayBadge } from './tray-badge'
import { loadTrayImage, trayIconSpec, type TrayIconVariant } from './tray-icons'
import { trayMenuTemplate, type TrayMenuActions } from './tray-menu'

/** Where the tray icon and its current menu are found in the main process (see createTray). */
export const trayHandleKey = Symbol.for('operately-tray:tray')

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
  /** Check-ins due now, offline, queued work needing attention: icon, title (macOS) and tooltip follow. */
  setBadge(badge: Partial<TrayBadge>): void
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
  let badge: TrayBadge = noBadge
  const appearance = () =>
    trayAppearance({
      platform,
      signedIn: state.status === 'signed_in',
      personName: state.status === 'signed_in' ? state.person.fullName : null,
      ...badge,
    })
  const tray = new Tray(image(appearance().icon))
  // Set only when it changes: macOS re-lays out the menu bar on every setTitle.
  let shownTitle = ''
  let menu: Menu | null = null
  const popUpMenu = () => {
    if (menu) tray.popUpContextMenu(menu)
  }

  const render = () => {
    menu = Menu.buildFromTemplate(trayMenuTemplate(state, actions.keepOpen(), actions))
    if (platform !== 'darwin') tray.setContextMenu(menu)
  }

  /** Tooltip, icon and (macOS) title from the session and the badge; see trayAppearance. */
  const applyAppearance = () => {
    const look = appearance()
    tray.setToolTip(look.tooltip)
    tray.setImage(image(look.icon))
    if (platform === 'darwin' && look.title !== shownTitle) {
      tray.setTitle(look.title)
      shownTitle = look.title
    }
  }

  const update = (next: SessionState) => {
    state = next
    applyAppearance()
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
  // Electron keeps no list of tray icons: this is how the Electron end-to-end spec (e2e/electron.spec.ts)
  // reaches the real one from the main process, to read its menu and click it. Main-process only; the
  // page cannot see it.
  Object.assign(globalThis, { [trayHandleKey]: { tray, menu: () => menu } })

  return {
    update,
    refresh: render,
    setBadge: (next) => {
      badge = { ...badge, ...next }
      if (tray.isDestroyed()) return
      applyAppearance()
      // Some Linux panels drop the menu when the icon changes: re-attach it, as after any change.
      if (platform === 'linux') render()
    },
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
