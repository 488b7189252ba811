import { EventEmitter } from 'node:events'
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

/**
 * Small stand-ins for the Electron main-process APIs the shell uses, for `vi.mock('electron', …)`.
 * They record what the shell asked for and let a test fire the events Electron would fire. They only
 * model what the shell relies on; where Electron has a rule that matters (one handler per IPC channel,
 * preventable events, a window's webContents announced through 'web-contents-created'), they follow it.
 */

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface FakeDisplay {
  id: number
  bounds: Rect
  workArea: Rect
}

/** An Electron event with preventDefault, plus whatever fields the event carries. */
export function preventable<T extends object>(
  fields: T = {} as T,
): T & { defaultPrevented: boolean; preventDefault(): void } {
  return {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true
    },
  }
}

let nextContentsId = 1

export class FakeWebFrame {
  parent: FakeWebFrame | null = null
  detached = false
  constructor(
    public url: string,
    public processId: number,
    public frameToken: string,
  ) {}
}

export class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++
  mainFrame = new FakeWebFrame('', 100 + this.id, `frame-${this.id}`)
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null
  destroyed = false

  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }) {
    this.windowOpenHandler = handler
  }
  isDestroyed() {
    return this.destroyed
  }
  getURL() {
    return this.mainFrame.url
  }

  /** What the page would cause by setting location or clicking a link; true when the shell blocked it. */
  navigate(url: string): boolean {
    const event = preventable({ url, isMainFrame: true, isSameDocument: false, frame: this.mainFrame })
    this.emit('will-navigate', event, url)
    if (!event.defaultPrevented) this.mainFrame.url = url
    return event.defaultPrevented
  }
  /** A navigation inside a frame (an iframe, or the main frame); true when the shell blocked it. */
  navigateFrame(url: string, isMainFrame = false): boolean {
    const event = preventable({ url, isMainFrame, isSameDocument: false, frame: null })
    this.emit('will-frame-navigate', event)
    return event.defaultPrevented
  }
  /** Messages main sent to the page (webContents.send), in order. */
  sent: { channel: string; args: unknown[] }[] = []
  send(channel: string, ...args: unknown[]) {
    this.sent.push({ channel, args })
  }
  /** What window.open or a target=_blank link would cause. */
  openWindow(url: string) {
    if (!this.windowOpenHandler) return { action: 'allow' as const }
    return this.windowOpenHandler({ url })
  }
  /** A key press as Electron reports it to 'before-input-event'. */
  press(
    key: string,
    extra: Partial<
      Record<'isComposing' | 'isAutoRepeat' | 'control' | 'alt' | 'meta' | 'shift', boolean>
    > = {},
  ) {
    const input = {
      type: 'keyDown',
      key,
      code: key,
      isAutoRepeat: false,
      isComposing: false,
      shift: false,
      control: false,
      alt: false,
      meta: false,
      ...extra,
    }
    const event = preventable()
    this.emit('before-input-event', event, input)
    this.emit('before-input-event', preventable(), { ...input, type: 'keyUp' })
    return event
  }
  /** An IPC invoke event as ipcMain hands it to a handler. */
  invokeEvent(frame: FakeWebFrame | null = this.mainFrame): {
    sender: FakeWebContents
    senderFrame: FakeWebFrame | null
    processId: number
    frameId: number
  } {
    return { sender: this, senderFrame: frame, processId: frame?.processId ?? 0, frameId: 1 }
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = []
  // -- due check-ins inbox (issue 7): the shell finds the popup's window to hear its 'show' event --
  static fromWebContents(contents: unknown): FakeBrowserWindow | null {
    return FakeBrowserWindow.instances.find((window) => window.webContents === contents) ?? null
  }
  // -- end of the inbox addition --
  readonly webContents = new FakeWebContents()
  visible = false
  focused = false
  destroyed = false
  position: [number, number] = [0, 0]
  visibleOnAllWorkspaces: { visible: boolean; options: unknown } | null = null
  loaded: { kind: 'url' | 'file'; target: string }[] = []

  constructor(
    public readonly options: Record<string, unknown> & { width?: number; height?: number; show?: boolean },
  ) {
    super()
    FakeBrowserWindow.instances.push(this)
    app.emit('web-contents-created', preventable(), this.webContents)
    if (options.show !== false) this.show()
  }
  async loadURL(url: string) {
    this.loaded.push({ kind: 'url', target: url })
    this.webContents.mainFrame.url = url
  }
  async loadFile(path: string) {
    this.loaded.push({ kind: 'file', target: path })
    this.webContents.mainFrame.url = pathToFileURL(path).href
  }
  /** From the constructor's alwaysOnTop, then setAlwaysOnTop (the popup steps down under main's questions). */
  get alwaysOnTop(): boolean {
    return this.onTop ?? this.options['alwaysOnTop'] === true
  }
  private onTop: boolean | undefined
  setAlwaysOnTop(flag: boolean) {
    this.onTop = flag
  }
  show() {
    this.visible = true
    this.focused = true
    this.emit('show')
  }
  hide() {
    this.visible = false
    this.focused = false
    this.emit('hide')
  }
  focus() {
    this.focused = true
  }
  /** The user clicked elsewhere. */
  blur() {
    this.focused = false
    this.emit('blur')
  }
  isVisible() {
    return this.visible
  }
  isDestroyed() {
    return this.destroyed
  }
  getSize() {
    return [this.options.width ?? 800, this.options.height ?? 600]
  }
  setPosition(x: number, y: number) {
    this.position = [x, y]
  }
  setVisibleOnAllWorkspaces(visible: boolean, options?: unknown) {
    this.visibleOnAllWorkspaces = { visible, options }
  }
  /** Alt+F4 or the window manager's close button; true when the shell kept the window. */
  close(): boolean {
    const event = preventable()
    this.emit('close', event)
    if (event.defaultPrevented) return true
    this.destroyed = true
    this.webContents.destroyed = true
    this.emit('closed')
    return false
  }
}

export interface FakeMenuItem {
  id?: string
  label?: string
  type?: string
  role?: string
  enabled?: boolean
  checked?: boolean
  click?: (item: FakeMenuItem, window?: unknown, event?: unknown) => unknown
}

export class FakeMenu {
  readonly items: FakeMenuItem[]
  constructor(template: FakeMenuItem[]) {
    this.items = template.map((item) => ({ ...item }))
  }
  labels() {
    return this.items.filter((item) => item.type !== 'separator').map((item) => item.label ?? item.role)
  }
  item(label: string): FakeMenuItem {
    const found = this.items.find((item) => item.label === label)
    if (!found) throw new Error(`no menu item "${label}" in ${JSON.stringify(this.labels())}`)
    return found
  }
  /**
   * Clicks an item the way Electron does: disabled items do nothing, checkboxes flip first. Returns what
   * the click handler returned (Electron ignores it) so a test can wait for an async action to finish.
   */
  async click(label: string): Promise<void> {
    const item = this.item(label)
    if (item.enabled === false) return
    if (item.type === 'checkbox') item.checked = !item.checked
    await item.click?.(item, undefined, {})
  }
}

export class FakeNativeImage {
  template = false
  representations: { scaleFactor: number; buffer?: Buffer }[] = []
  constructor(readonly path: string | null) {}
  isEmpty() {
    return this.path === null || !existsSync(this.path)
  }
  setTemplateImage(template: boolean) {
    this.template = template
  }
  isTemplateImage() {
    return this.template
  }
  addRepresentation(options: { scaleFactor: number; buffer?: Buffer }) {
    this.representations.push(options)
  }
}

export class FakeTray extends EventEmitter {
  static instances: FakeTray[] = []
  tooltip = ''
  contextMenu: FakeMenu | null = null
  setContextMenuCalls = 0
  poppedUp: FakeMenu[] = []
  bounds: Rect = { x: 0, y: 0, width: 0, height: 0 }
  ignoreDoubleClick = false
  destroyed = false
  constructor(public image: FakeNativeImage) {
    super()
    FakeTray.instances.push(this)
  }
  setToolTip(tooltip: string) {
    this.tooltip = tooltip
  }
  setImage(image: FakeNativeImage) {
    this.image = image
  }
  setContextMenu(menu: FakeMenu | null) {
    this.contextMenu = menu
    this.setContextMenuCalls += 1
  }
  popUpContextMenu(menu?: FakeMenu) {
    if (menu) this.poppedUp.push(menu)
  }
  setIgnoreDoubleClickEvents(ignore: boolean) {
    this.ignoreDoubleClick = ignore
  }
  getBounds() {
    return this.bounds
  }
  isDestroyed() {
    return this.destroyed
  }
  destroy() {
    this.destroyed = true
  }
  // -- due check-ins badge (issue 7): macOS shows the count as title text beside the icon --
  title = ''
  setTitleCalls = 0
  setTitle(title: string) {
    this.title = title
    this.setTitleCalls += 1
  }
  // -- end of the badge addition --
  /** A left click on the icon, as the OS reports it. */
  click(modifiers: { ctrlKey?: boolean } = {}) {
    this.emit(
      'click',
      { ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...modifiers },
      this.bounds,
      { x: 0, y: 0 },
    )
  }
  rightClick() {
    this.emit('right-click', { ctrlKey: false }, this.bounds)
  }
}

class FakeApp extends EventEmitter {
  isPackaged = false
  singleInstanceLock = true
  paths = new Map<string, string>([['userData', '/tmp/operately-tray-fake-user-data']])
  quitCalls = 0
  exitCode: number | null = null
  appUserModelId: string | null = null
  switches: [string, string | undefined][] = []
  dockHidden = false
  focusCalls: unknown[] = []
  /** Whether app.enableSandbox() was called, and whether the app was ready by then (Electron throws). */
  sandboxEnabled: { beforeReady: boolean } | null = null
  ready = false
  readonly dock = {
    hide: () => {
      this.dockHidden = true
    },
  }
  readonly commandLine = {
    appendSwitch: (name: string, value?: string) => {
      this.switches.push([name, value])
    },
  }
  requestSingleInstanceLock() {
    return this.singleInstanceLock
  }
  whenReady() {
    this.ready = true
    return Promise.resolve()
  }
  enableSandbox() {
    this.sandboxEnabled = { beforeReady: !this.ready }
  }
  /** What app.getVersion() answers (package.json's version in the real app). */
  version = '0.1.0'
  getVersion() {
    return this.version
  }
  /** What app.getSystemLocale() answers: the OS's regional format (Windows), region (macOS) or LANG. */
  systemLocale = 'en-US'
  getSystemLocale() {
    return this.systemLocale
  }
  getPath(name: string) {
    const path = this.paths.get(name)
    if (!path) throw new Error(`fake app has no path "${name}"`)
    return path
  }
  setPath(name: string, path: string) {
    this.paths.set(name, path)
  }
  focus(options?: unknown) {
    this.focusCalls.push(options)
  }
  setAppUserModelId(id: string) {
    this.appUserModelId = id
  }
  quit() {
    this.quitCalls += 1
    const event = preventable()
    this.emit('before-quit', event)
    if (!event.defaultPrevented) this.emit('will-quit', preventable())
  }
  exit(code = 0) {
    this.exitCode = code
  }
}

export const app = new FakeApp()

type IpcHandler = (event: unknown, ...args: unknown[]) => unknown

export const ipcMain = {
  handlers: new Map<string, IpcHandler>(),
  handle(channel: string, handler: IpcHandler) {
    // Electron throws on a second handler for the same channel; so do we.
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, handler)
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel)
  },
}

export const globalShortcut = {
  registered: new Map<string, () => void>(),
  /** Accelerators another app holds: registering them fails. */
  taken: new Set<string>(),
  register(accelerator: string, callback: () => void) {
    if (this.taken.has(accelerator)) return false
    this.registered.set(accelerator, callback)
    return true
  },
  unregisterAll() {
    this.registered.clear()
  },
}

const fullHd: FakeDisplay = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
}

export const screen = {
  displays: [fullHd],
  cursor: { x: 100, y: 100 },
  getCursorScreenPoint() {
    return this.cursor
  },
  displayAt(point: { x: number; y: number }): FakeDisplay {
    const inside = this.displays.find(
      ({ bounds: b }) =>
        point.x >= b.x && point.x < b.x + b.width && point.y >= b.y && point.y < b.y + b.height,
    )
    return inside ?? this.displays[0] ?? fullHd
  },
  getDisplayNearestPoint(point: { x: number; y: number }) {
    return this.displayAt(point)
  },
  getDisplayMatching(rect: Rect) {
    return this.displayAt({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 })
  },
  getPrimaryDisplay() {
    return this.displays[0] ?? fullHd
  },
}

export const shell = {
  opened: [] as string[],
  async openExternal(url: string) {
    this.opened.push(url)
  },
}

type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: unknown,
) => void
type HeadersListener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string[]>; cancel?: boolean }) => void,
) => void

type ProtocolHandler = (request: Request) => Promise<Response>

/** protocol: the schemes declared privileged (before ready) and the handlers serving them. */
export const protocol = {
  privileged: [] as { scheme: string; privileges?: Record<string, boolean> }[],
  registeredBeforeReady: true,
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges?: Record<string, boolean> }[]) {
    if (app.ready) this.registeredBeforeReady = false
    this.privileged.push(...schemes)
  },
}

export const session = {
  defaultSession: {
    protocolHandlers: new Map<string, ProtocolHandler>(),
    protocol: {
      handle(scheme: string, handler: ProtocolHandler) {
        // Electron throws when a scheme already has a handler; so do we.
        if (session.defaultSession.protocolHandlers.has(scheme))
          throw new Error(`The scheme has been registered: ${scheme}`)
        session.defaultSession.protocolHandlers.set(scheme, handler)
      },
    },
    permissionRequestHandler: null as PermissionRequestHandler | null,
    permissionCheckHandler: null as ((...args: unknown[]) => boolean) | null,
    devicePermissionHandler: null as ((...args: unknown[]) => boolean) | null,
    headersListener: null as HeadersListener | null,
    /** Listeners by event name, as session.on registers them ('will-download'). */
    listeners: new Map<string, ((...args: unknown[]) => void)[]>(),
    on(event: string, listener: (...args: unknown[]) => void) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
      return this
    },
    emit(event: string, ...args: unknown[]) {
      for (const listener of this.listeners.get(event) ?? []) listener(...args)
    },
    setPermissionRequestHandler(handler: PermissionRequestHandler | null) {
      this.permissionRequestHandler = handler
    },
    setPermissionCheckHandler(handler: ((...args: unknown[]) => boolean) | null) {
      this.permissionCheckHandler = handler
    },
    setDevicePermissionHandler(handler: ((...args: unknown[]) => boolean) | null) {
      this.devicePermissionHandler = handler
    },
    webRequest: {
      onHeadersReceived(filterOrListener: unknown, maybeListener?: HeadersListener | null) {
        const listener = (
          typeof filterOrListener === 'function' ? filterOrListener : maybeListener
        ) as HeadersListener | null
        session.defaultSession.headersListener = listener ?? null
      },
    },
  },
}

export const nativeImage = {
  createFromPath: (path: string) => new FakeNativeImage(path),
  createEmpty: () => new FakeNativeImage(null),
}

export const nativeTheme = { shouldUseDarkColors: false }

export interface FakeMessageBox {
  parent: FakeBrowserWindow | null
  options: Record<string, unknown>
  /** The person clicks the button at this index (or closes the box: its cancelId). */
  answer(response: number): void
}

export const dialog = {
  errors: [] as { title: string; content: string }[],
  showErrorBox(title: string, content: string) {
    this.errors.push({ title, content })
  },
  /** Message boxes shown with showMessageBox, oldest first; each waits until its answer(). */
  messageBoxes: [] as FakeMessageBox[],
  showMessageBox(
    parentOrOptions: FakeBrowserWindow | Record<string, unknown>,
    maybeOptions?: Record<string, unknown>,
  ): Promise<{ response: number; checkboxChecked: boolean }> {
    const parent = parentOrOptions instanceof FakeBrowserWindow ? parentOrOptions : null
    const options = parent ? (maybeOptions ?? {}) : (parentOrOptions as Record<string, unknown>)
    return new Promise((resolve) => {
      this.messageBoxes.push({
        parent,
        options,
        answer(response) {
          // As the OS does: closing a modal box gives the focus back to the window it belongs to.
          if (parent && !parent.isDestroyed() && parent.isVisible()) parent.focus()
          resolve({ response, checkboxChecked: false })
        },
      })
      // As the OS does: the box takes the focus, so whichever window had it gets a blur.
      for (const window of FakeBrowserWindow.instances) if (window.focused) window.blur()
    })
  },
}

export const Menu = {
  applicationMenu: undefined as FakeMenu | null | undefined,
  buildFromTemplate: (template: FakeMenuItem[]) => new FakeMenu(template),
  setApplicationMenu(menu: FakeMenu | null) {
    this.applicationMenu = menu
  },
}

export const Tray = FakeTray
export const BrowserWindow = FakeBrowserWindow

/** Puts every fake back to its starting state; call in beforeEach. */
export function resetFakeElectron() {
  app.removeAllListeners()
  app.isPackaged = false
  app.singleInstanceLock = true
  app.paths = new Map([['userData', '/tmp/operately-tray-fake-user-data']])
  app.quitCalls = 0
  app.exitCode = null
  app.appUserModelId = null
  app.switches = []
  app.dockHidden = false
  app.focusCalls = []
  app.sandboxEnabled = null
  app.ready = false
  protocol.privileged = []
  protocol.registeredBeforeReady = true
  ipcMain.handlers.clear()
  globalShortcut.registered.clear()
  globalShortcut.taken.clear()
  screen.displays = [fullHd]
  screen.cursor = { x: 100, y: 100 }
  shell.opened = []
  const s = session.defaultSession
  s.permissionRequestHandler = null
  s.permissionCheckHandler = null
  s.devicePermissionHandler = null
  s.headersListener = null
  s.listeners.clear()
  s.protocolHandlers.clear()
  nativeTheme.shouldUseDarkColors = false
  dialog.errors = []
  dialog.messageBoxes = []
  Menu.applicationMenu = undefined
  FakeBrowserWindow.instances = []
  FakeTray.instances = []
  resetInboxFakes()
}

// ---------------------------------------------------------------------------------------------------
// Due check-ins inbox (issue 7): OS notifications for reminders, and the power monitor that reports a
// wake from sleep. Added in this separate block (plus the marked lines in FakeTray and FakeBrowserWindow
// above) so the rest of the fake stays as it was.

export class FakeNotification extends EventEmitter {
  /** Whether this system can show notifications (some Linux desktops cannot). */
  static supported = true
  /** Every notification the shell put on screen, oldest first. */
  static shown: FakeNotification[] = []
  static isSupported() {
    return FakeNotification.supported
  }
  visible = false
  constructor(readonly options: { title?: string; body?: string; silent?: boolean; [key: string]: unknown }) {
    super()
  }
  show() {
    this.visible = true
    FakeNotification.shown.push(this)
    this.emit('show', preventable())
  }
  close() {
    this.visible = false
    this.emit('close', preventable())
  }
  /** The user clicked the notification. */
  click() {
    this.visible = false
    this.emit('click', preventable())
  }
}

export const Notification = FakeNotification

class FakePowerMonitor extends EventEmitter {
  /** The computer woke from sleep. */
  resume() {
    this.emit('resume')
  }
  suspend() {
    this.emit('suspend')
  }
}

export const powerMonitor = new FakePowerMonitor()

/** Electron's `net`: only whether the OS says there is a network (issue 4). */
export const net = {
  online: true,
  isOnline(): boolean {
    return net.online
  },
}

function resetInboxFakes() {
  FakeNotification.supported = true
  FakeNotification.shown = []
  powerMonitor.removeAllListeners()
  net.online = true
}
