import { BrowserWindow, app, nativeTheme, screen, type Rectangle, type WebContents } from 'electron'
import type { Logger } from '../services/log/logger'
import { rendererUrl, type RendererTarget } from './app-location'
import { hasBounds, popupPosition } from './popup-position'

export const popupSize = { width: 380, height: 560 } as const

export interface PopupWindowOptions {
  preload: string
  platform: NodeJS.Platform
  /** DevTools are for development builds only. */
  devTools: boolean
  log: Logger
  now?: () => number
  /** Blur events this soon after showing are ignored (Windows sends a spurious one right after show). */
  blurGraceMs?: number
  /**
   * A tray click this soon after the popup hid on blur does not reopen it: the click itself caused the
   * blur, and the user meant "close".
   */
  reopenGuardMs?: number
}

export interface PopupWindow {
  readonly webContents: WebContents
  /** Loads the app page; call once the IPC handlers are registered. */
  load(target: RendererTarget): Promise<void>
  /** Positions the popup next to the tray icon (centred when its bounds are unknown), shows and focuses it. */
  show(trayBounds?: Rectangle | null): void
  hide(): void
  toggle(trayBounds?: Rectangle | null): void
  isVisible(): boolean
  keepOpenOnBlur(): boolean
  setKeepOpenOnBlur(keepOpen: boolean): void
  /** From now on closing really closes (the app is quitting); before that, closing only hides. */
  allowClose(): void
  /**
   * Keeps the popup up while main's link dialog is open over it (shell/link-dialog.ts): the blur the
   * dialog causes, a tray click and the page's hide request would otherwise hide the popup, and a dialog
   * modal to it with it. Returns the release; once every hold is released, blur hides again.
   */
  holdOpen(): () => void
  /** Lowers the popup to an ordinary window while main asks a question over it (question-over-popup.ts). */
  setAlwaysOnTop(onTop: boolean): void
}

/**
 * The popup is created once, hidden, at start-up and then only shown and hidden, so it opens instantly
 * and keeps whatever the user was typing.
 */
export function createPopupWindow(options: PopupWindowOptions): PopupWindow {
  const { platform, log } = options
  const now = options.now ?? Date.now
  const blurGraceMs = options.blurGraceMs ?? 300
  const reopenGuardMs = options.reopenGuardMs ?? 250

  const window = new BrowserWindow({
    width: popupSize.width,
    height: popupSize.height,
    show: false,
    frame: false,
    resizable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    skipTaskbar: true,
    // A popup that drops behind other windows while you look at it is worse than one that covers them.
    alwaysOnTop: true,
    title: 'Operately Tray',
    // Matches the page background so showing never flashes white in dark mode.
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#1f1f1f' : '#ffffff',
    webPreferences: {
      preload: options.preload,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      devTools: options.devTools,
    },
  })
  const { webContents } = window

  if (platform === 'darwin') {
    // Open over full-screen apps and on the current Space; skipTransformProcessType keeps the dock icon away.
    window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true, skipTransformProcessType: true })
  }

  let keepOpen = false
  let closable = false
  let shownAt = Number.NEGATIVE_INFINITY
  let hiddenOnBlurAt = Number.NEGATIVE_INFINITY
  let lastTarget: RendererTarget | null = null
  let crashReloads = 0
  let holds = 0

  const alive = () => !window.isDestroyed()

  const hide = () => {
    if (!alive() || !window.isVisible()) return
    // The dialog held over the popup would vanish with it, unanswered: bring them forward instead.
    if (holds > 0) window.focus()
    else window.hide()
  }

  const show = (trayBounds?: Rectangle | null) => {
    if (!alive()) return
    const [width = popupSize.width, height = popupSize.height] = window.getSize()
    const anchor = hasBounds(trayBounds) ? trayBounds : null
    const display = anchor
      ? screen.getDisplayMatching(anchor)
      : screen.getDisplayNearestPoint(screen.getCursorScreenPoint())
    const { x, y } = popupPosition({
      trayBounds: anchor,
      windowSize: { width, height },
      workArea: display.workArea,
      displayBounds: display.bounds,
      platform,
    })
    // Positioned once per show, never in response to move/resize events, so there is no resize loop.
    window.setPosition(x, y, false)
    shownAt = now()
    // An agent app on macOS is not active by itself: without this the popup would appear unfocused, take
    // no typing, and never receive the blur that hides it.
    if (platform === 'darwin') app.focus({ steal: true })
    window.show()
    window.focus()
  }

  window.on('blur', () => {
    // While main's link dialog is open, the focus went to the dialog, not to another app.
    if (keepOpen || holds > 0 || !window.isVisible()) return
    if (now() - shownAt < blurGraceMs) return
    hiddenOnBlurAt = now()
    window.hide()
  })

  window.on('close', (event) => {
    if (closable) return
    // Alt+F4 and friends hide the popup; only Quit ends the app.
    event.preventDefault()
    hide()
  })

  webContents.on('render-process-gone', (_event, details) => {
    log.error('the popup page stopped', { reason: details.reason, exitCode: details.exitCode })
    // Bring the page back after a crash, but at most three times per run: a page that keeps crashing
    // would otherwise spin the CPU forever.
    if (closable || !lastTarget || details.reason === 'clean-exit' || crashReloads >= 3) return
    crashReloads += 1
    void load(lastTarget)
  })

  const load = async (target: RendererTarget) => {
    lastTarget = target
    const url = rendererUrl(target)
    try {
      await window.loadURL(url)
    } catch (err) {
      log.error('the popup page could not be loaded', {
        url,
        error: err instanceof Error ? err.message : String(err),
      })
    }
  }

  return {
    webContents,
    load,
    show,
    hide,
    toggle: (trayBounds) => {
      if (!alive()) return
      if (window.isVisible()) hide()
      else if (now() - hiddenOnBlurAt < reopenGuardMs) hiddenOnBlurAt = Number.NEGATIVE_INFINITY
      else show(trayBounds)
    },
    isVisible: () => alive() && window.isVisible(),
    keepOpenOnBlur: () => keepOpen,
    setKeepOpenOnBlur: (value) => {
      keepOpen = value
    },
    allowClose: () => {
      closable = true
    },
    holdOpen: () => {
      holds += 1
      let released = false
      return () => {
        if (released) return
        released = true
        holds -= 1
      }
    },
    setAlwaysOnTop: (onTop) => {
      if (alive()) window.setAlwaysOnTop(onTop)
    },
  }
}
