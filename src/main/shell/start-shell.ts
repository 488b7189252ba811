import { BrowserWindow, app, dialog, globalShortcut, session } from 'electron'
import type { SessionState } from '@shared/session'
import type { MainServices } from '../services/create-services'
import { createLogger, type Logger } from '../services/log/logger'
import { addressForLog } from '../services/app/link-policy'
import type { AskBeforeOpening, LinkService } from '../services/app/link-service'
import { appPaths, isAppUrl, rendererTarget, type RendererTarget } from './app-location'
import { registerAppScheme, serveAppScheme } from './app-scheme'
import { installApplicationMenu } from './application-menu'
import { contentSecurityPolicy } from './content-security-policy'
import { dataDirOverride, dataDirVariable } from './data-dir-override'
import { registerToggleShortcut } from './global-shortcut'
import { registerIpcHandlers } from './ipc-handlers'
import { createLinkDialog } from './link-dialog'
import {
  startManagedConfiguration,
  type ManagedConfiguration,
  type ManagedConfigurationOptions,
} from './managed-configuration'
import { createPopupWindow, type PopupWindow } from './popup-window'
import { applyDevServerPolicy, hardenSession, installWebContentsGuard } from './security'
import { createTray, type TrayController } from './tray'
import { connectReminderNotifications, connectSyncNotifications } from './notifications'
import { watchNetwork } from './network-watch'
import { syncBadge } from './sync-signals'
import { watchPowerEvents } from './power-events'
import { connectTrayBadge } from './tray-badge'
import { holdQuitUntilFinished } from './quit-gate'

/** Must match the installer's appId, or Windows notifications and taskbar grouping break. */
export const appUserModelId = 'com.operately.tray'

export interface ShellOptions {
  /**
   * Builds the main-process services once Electron is ready; `dataDir` is the app's userData folder, and
   * `askBeforeOpening` main's own dialog before a link leaves the app (the link service asks it).
   */
  createServices(context: {
    dataDir: string
    hidePopup: () => void
    askBeforeOpening: AskBeforeOpening
  }): Promise<MainServices>
  /** Directory of the main-process bundle (`out/main`), from which the preload, page and icons are found. */
  mainDir: string
  env?: NodeJS.ProcessEnv
  platform?: NodeJS.Platform
  resourcesPath?: string
  shortcut?: string
  now?: () => number
  /** Where to log until the services' own log exists; the console by default. */
  bootLog?: Logger
  /** How long quitting waits for work in flight to be recorded (5 s by default). */
  quitWaitMs?: number
  /**
   * Managed configuration: tests replace the login items and updater here. (The policy itself is read by
   * the services: pass policy readers to createMainServices.)
   */
  managed?: Partial<
    Pick<ManagedConfigurationOptions, 'loginItems' | 'loadUpdater' | 'askToRestart' | 'timers' | 'homeDir'>
  >
}

export interface RunningShell {
  services: MainServices
  popup: PopupWindow
  tray: TrayController
  /** Policy, settings, start at login and updates (the About view's data). */
  managed: ManagedConfiguration
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * Starts the tray app: one instance only, no dock icon, a hidden pre-built popup, the tray icon, the
 * global shortcut, and the IPC bridge to the services. Resolves to null when this process is not going
 * to run the app (another instance already does, or start-up failed and the user was told why).
 */
export async function startShell(options: ShellOptions): Promise<RunningShell | null> {
  const platform = options.platform ?? process.platform
  const env = options.env ?? process.env

  // Until the services exist (and with them the log file), log to the console.
  let current: Logger = options.bootLog ?? createLogger({ console: true })
  const log: Logger = {
    debug: (m, f) => current.debug(m, f),
    info: (m, f) => current.info(m, f),
    warn: (m, f) => current.warn(m, f),
    error: (m, f) => current.error(m, f),
  }

  const fail = (title: string, err: unknown): null => {
    log.error(title, { error: message(err) })
    dialog.showErrorBox(title, message(err))
    app.exit(1)
    return null
  }

  // Tests and side-by-side profiles get their own folder; this also scopes the single-instance lock.
  // A packaged build keeps its data where the OS says (data-dir-override.ts); the log says so once the
  // services' log file exists.
  const dataDir = dataDirOverride(env, app.isPackaged)
  if (dataDir.kind === 'use') app.setPath('userData', dataDir.dir)

  if (!app.requestSingleInstanceLock()) {
    // The running instance receives 'second-instance' and shows its popup.
    app.quit()
    return null
  }

  if (platform === 'win32') app.setAppUserModelId(appUserModelId)
  // Lets Wayland desktops offer the global shortcut through the XDG portal.
  if (platform === 'linux') app.commandLine.appendSwitch('enable-features', 'GlobalShortcutsPortal')

  const paths = appPaths({
    mainDir: options.mainDir,
    isPackaged: app.isPackaged,
    resourcesPath: options.resourcesPath ?? process.resourcesPath,
  })
  let target: RendererTarget
  try {
    target = rendererTarget(env, app.isPackaged, paths.rendererDir)
  } catch (err) {
    return fail('Operately Tray could not start', err)
  }
  const isOwnPage = (url: string) => isAppUrl(url, target)
  // Both must happen before 'ready': every renderer sandboxed (whatever a window's own options say), and
  // app:// declared a standard, secure scheme for the page to be served from.
  app.enableSandbox()
  registerAppScheme()
  // Links leaving any window go through the services' link policy; until the services exist, nowhere.
  let links: LinkService | null = null
  installWebContentsGuard(app, {
    isAppUrl: isOwnPage,
    log,
    leave: (url, via) => {
      if (!links) {
        log.warn('refused a link before the app was ready', { via, url: addressForLog(url) })
        return
      }
      links.request(url, via).catch((err: unknown) => {
        log.warn('a link could not be opened', { via, error: message(err) })
      })
    },
  })

  let popup: PopupWindow | null = null
  let tray: TrayController | null = null
  let managed: ManagedConfiguration | null = null
  let started = false
  let showWhenReady = false
  let cleanup: (() => void)[] = []

  // A second launch (from a menu, a dock, a desktop file) means "show me the app", even mid-start-up.
  app.on('second-instance', () => {
    if (started && popup) popup.show(tray?.bounds() ?? null)
    else showWhenReady = true
  })
  // macOS: opening the app again from Finder or Spotlight. macOS may also send this at launch, which
  // must not open the popup (start at login starts hidden), hence only once running.
  app.on('activate', () => {
    if (started && popup) popup.show(tray?.bounds() ?? null)
  })
  // The popup only hides; should every window close anyway, the tray keeps the app alive.
  app.on('window-all-closed', () => {})
  app.on('before-quit', () => popup?.allowClose())
  app.on('will-quit', () => {
    managed?.stop()
    globalShortcut.unregisterAll()
    for (const dispose of cleanup) dispose()
    cleanup = []
    tray?.destroy()
  })

  await app.whenReady()
  // A tray-only app is an agent app; the installer also sets LSUIElement so the icon never flashes.
  if (platform === 'darwin') app.dock?.hide()

  hardenSession(session.defaultSession, { log })
  if (target.kind === 'bundle') {
    serveAppScheme(session.defaultSession, { root: target.root, policy: contentSecurityPolicy(target), log })
  } else {
    applyDevServerPolicy(session.defaultSession, {
      isAppUrl: isOwnPage,
      contentSecurityPolicy: contentSecurityPolicy(target),
    })
  }
  installApplicationMenu(platform)

  let services: MainServices
  try {
    // The popup is created after the services; by the time the page can ask to hide it, it exists.
    services = await options.createServices({
      dataDir: app.getPath('userData'),
      hidePopup: () => popup?.hide(),
      askBeforeOpening: createLinkDialog(() => popup),
    })
  } catch (err) {
    return fail('Operately Tray could not start', err)
  }
  current = services.log
  if (dataDir.kind === 'ignored') {
    log.warn(`${dataDirVariable} is ignored: a packaged build keeps its data in its own folder`, {
      given: dataDir.given,
    })
  }
  links = services.links

  // ── Managed configuration (issue 5): start at login and updates, following the services' settings ──
  try {
    managed = await startManagedConfiguration({
      platform,
      env,
      settings: services.settings,
      log,
      isPackaged: app.isPackaged,
      execPath: process.execPath,
      resourcesPath: options.resourcesPath ?? process.resourcesPath,
      dataDir: services.dataDir,
      // The popup must really close for the installer to replace the app.
      beforeRestart: () => popup?.allowClose(),
      ...options.managed,
    })
  } catch (err) {
    return fail('Operately Tray could not start', err)
  }
  // The settings screen and the About view now answer with the real login item and updater.
  services.system.attach(managed)
  const settings = services.settings
  // ────────────────────────────────────────────────────────────────────────────────────────────────

  const window = createPopupWindow({
    preload: paths.preload,
    platform,
    devTools: !app.isPackaged,
    log,
    ...(options.now ? { now: options.now } : {}),
  })
  popup = window
  window.setKeepOpenOnBlur(settings.current().values.keepOpenOnBlur)
  // The settings screen can change it too; the tray menu's tick follows.
  cleanup.push(
    settings.subscribe((next) => {
      if (next.values.keepOpenOnBlur === window.keepOpenOnBlur()) return
      window.setKeepOpenOnBlur(next.values.keepOpenOnBlur)
      tray?.refresh()
    }),
  )
  // Handlers first, page second: the page asks for the session as soon as it loads.
  cleanup.push(
    registerIpcHandlers({
      dispatch: services.dispatch,
      popupContents: () => window.webContents,
      isAppUrl: isOwnPage,
      log,
    }),
  )
  void window.load(target)

  const controller = createTray({
    iconDir: paths.trayIcons,
    platform,
    log,
    actions: {
      open: () => window.show(controller.bounds()),
      toggle: (bounds) => window.toggle(bounds ?? controller.bounds()),
      keepOpen: () => window.keepOpenOnBlur(),
      setKeepOpen: (keepOpen) => {
        window.setKeepOpenOnBlur(keepOpen)
        controller.refresh()
        settings.update({ keepOpenOnBlur: keepOpen }).catch((err: unknown) => {
          log.warn('could not save the keep-open setting', { error: message(err) })
        })
      },
      signOut: () =>
        services.session
          .signOut()
          .then(
            () => undefined,
            (err: unknown) => {
              // Still signed in (the token could not be removed from the keychain): say so and why.
              log.error('signing out from the tray failed', { error: message(err) })
              dialog.showErrorBox('Operately Tray could not sign out', message(err))
            },
          )
          // The popup opens on its sign-in screen (the page re-reads the session when it becomes visible).
          .finally(() => window.show(controller.bounds())),
      quit: () => app.quit(),
    },
  })
  tray = controller

  // Subscribe before reading, so a change that lands in between is not lost.
  let sawUpdate = false
  cleanup.push(
    services.session.subscribe((state) => {
      sawUpdate = true
      controller.update(state)
    }),
  )
  const initial: SessionState = await services.session.get().catch((err: unknown) => {
    log.warn('could not read the saved session; showing signed out', { error: message(err) })
    return { status: 'signed_out', lastBaseUrl: null }
  })
  if (!sawUpdate) controller.update(initial)

  // The shortcut comes from settings (policy, the user, the default); "" means none. It follows changes.
  const toggle = () => window.toggle(controller.bounds())
  let shortcut = options.shortcut ?? settings.current().values.globalShortcut
  if (shortcut !== '') registerToggleShortcut(shortcut, toggle, log)
  cleanup.push(
    settings.subscribe((next) => {
      if (options.shortcut || next.values.globalShortcut === shortcut) return
      if (shortcut !== '') globalShortcut.unregister(shortcut)
      shortcut = next.values.globalShortcut
      if (shortcut !== '') registerToggleShortcut(shortcut, toggle, log)
    }),
  )

  // ── Due check-ins inbox (issue 7): tray badge, reminders, fresh lists on popup open and wake ─────
  cleanup.push(connectTrayBadge(controller, services.assignments))
  BrowserWindow.fromWebContents(window.webContents)?.on('show', () => services.assignments.onPopupShown())
  cleanup.push(
    connectReminderNotifications({
      reminders: services.reminders,
      navigation: services.navigation,
      showPopup: () => window.show(controller.bounds()),
      log,
    }),
  )
  cleanup.push(
    watchPowerEvents(
      {
        onResume: () => {
          services.assignments.onWake()
          services.reminders.check()
          // The network may be another one after sleep: online only once the server answers again.
          services.connectivity.osChanged()
          network.update()
        },
        onSuspend: () => services.assignments.onSuspend(),
      },
      log,
    ),
  )
  // One on/off switch for reminders: the app's `reminders` setting, whose default policy may recommend.
  services.reminders.useEnabledSwitch({
    get: () => settings.current().values.reminders,
    set: async (enabled) => {
      await settings.update({ reminders: enabled })
    },
  })
  cleanup.push(settings.subscribe(() => services.reminders.check()))
  // Polling starts here, not in the services, so the browser harness and service tests stay quiet.
  services.assignments.start()
  cleanup.push(() => services.assignments.stop())
  // ────────────────────────────────────────────────────────────────────────────────────────────────

  // ── Offline-first (issue 4): the tray shows offline and queued work; notifications when it lands ──
  const engine = services.sync.engine
  controller.setBadge(syncBadge(engine.status()))
  cleanup.push(engine.subscribe((status) => controller.setBadge(syncBadge(status))))
  cleanup.push(
    connectSyncNotifications({
      onEvent: (listener) => engine.onEvent(listener),
      showPopup: () => window.show(controller.bounds()),
      log,
    }),
  )
  // The OS's network flag is read only while someone waits on the network: queued work, the popup open
  // (every 5 s), or the app offline (pauses growing to 5 minutes); never while online and idle.
  let popupShown = false
  const network = watchNetwork(services.connectivity, () => popupShown || engine.status().pending > 0, log)
  const popupBrowserWindow = BrowserWindow.fromWebContents(window.webContents)
  popupBrowserWindow?.on('show', () => {
    popupShown = true
    network.update()
  })
  popupBrowserWindow?.on('hide', () => {
    popupShown = false
    network.update()
  })
  cleanup.push(engine.subscribe(() => network.update()))
  cleanup.push(services.connectivity.subscribe(() => network.update()))
  network.update()
  cleanup.push(() => network.stop())
  // Back online, the inbox asks again too (its polling pauses while the OS reports no network).
  cleanup.push(services.connectivity.subscribe((online) => online && services.assignments.onOnline()))
  // Quitting waits (bounded) for what is being sent and written to be recorded; see quit-gate.ts.
  holdQuitUntilFinished(app, () => services.close(), { boundMs: options.quitWaitMs ?? 5_000, log })
  // ────────────────────────────────────────────────────────────────────────────────────────────────

  started = true
  if (showWhenReady) window.show(controller.bounds())
  return { services, popup: window, tray: controller, managed }
}
