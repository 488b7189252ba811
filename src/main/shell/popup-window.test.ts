import { beforeEach, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../services/log/logger'
import { createPopupWindow, popupSize } from './popup-window'
import { FakeBrowserWindow, app, resetFakeElectron, screen } from './testing/fake-electron'

vi.mock('electron', () => import('./testing/fake-electron'))

function setup(platform: NodeJS.Platform = 'win32') {
  const clock = { now: 10_000 }
  const popup = createPopupWindow({
    preload: '/app/out/preload/index.cjs',
    platform,
    devTools: false,
    log: silentLogger,
    now: () => clock.now,
  })
  const window = FakeBrowserWindow.instances.at(-1)
  if (!window) throw new Error('no window was created')
  return { popup, window, clock }
}

const trayAtBottomRight = { x: 1700, y: 1040, width: 24, height: 40 }

describe('createPopupWindow', () => {
  beforeEach(() => resetFakeElectron())

  it('creates the popup hidden, frameless, fixed-size and off the taskbar', () => {
    const { window, popup } = setup()
    expect(window.isVisible()).toBe(false)
    expect(popup.isVisible()).toBe(false)
    expect(window.options).toMatchObject({
      show: false,
      frame: false,
      resizable: false,
      skipTaskbar: true,
      width: popupSize.width,
      height: popupSize.height,
    })
  })

  it('locks the page down: sandbox, context isolation, no Node, web security, our preload', () => {
    const { window } = setup()
    const prefs = window.options['webPreferences'] as Record<string, unknown>
    expect(prefs['sandbox']).toBe(true)
    expect(prefs['contextIsolation']).toBe(true)
    expect(prefs['nodeIntegration']).toBe(false)
    expect(prefs['nodeIntegrationInWorker']).toBe(false)
    expect(prefs['nodeIntegrationInSubFrames']).toBe(false)
    expect(prefs['webSecurity']).toBe(true)
    expect(prefs['webviewTag']).toBe(false)
    expect(prefs['allowRunningInsecureContent']).toBe(false)
    expect(prefs['preload']).toBe('/app/out/preload/index.cjs')
    expect(prefs['devTools']).toBe(false)
  })

  it('shows above the tray icon on a bottom taskbar, focused', () => {
    const { popup, window } = setup()
    popup.show(trayAtBottomRight)
    expect(window.isVisible()).toBe(true)
    expect(window.focused).toBe(true)
    expect(window.position).toEqual([1712 - 190, 1040 - 560])
  })

  it('centres on the display under the cursor when the tray gives no bounds (Wayland)', () => {
    screen.displays = [
      {
        id: 1,
        bounds: { x: 0, y: 0, width: 1920, height: 1080 },
        workArea: { x: 0, y: 0, width: 1920, height: 1040 },
      },
      {
        id: 2,
        bounds: { x: -1280, y: 0, width: 1280, height: 1024 },
        workArea: { x: -1280, y: 0, width: 1280, height: 1024 },
      },
    ]
    screen.cursor = { x: -600, y: 500 }
    const { popup, window } = setup('linux')
    popup.show({ x: 0, y: 0, width: 0, height: 0 })
    expect(window.position).toEqual([-1280 + 450, 232])
  })

  it('hides when it loses focus', () => {
    const { popup, window, clock } = setup()
    popup.show(trayAtBottomRight)
    clock.now += 1000
    window.blur()
    expect(window.isVisible()).toBe(false)
  })

  it('ignores a blur right after showing (Windows sends a spurious one), and hides on a later one', () => {
    const { popup, window, clock } = setup()
    popup.show(trayAtBottomRight)
    clock.now += 100
    window.blur()
    expect(window.isVisible()).toBe(true)
    clock.now += 400
    window.blur()
    expect(window.isVisible()).toBe(false)
  })

  it('stays open on blur while "keep open when it loses focus" is on', () => {
    const { popup, window, clock } = setup()
    popup.setKeepOpenOnBlur(true)
    expect(popup.keepOpenOnBlur()).toBe(true)
    popup.show(trayAtBottomRight)
    clock.now += 5000
    window.blur()
    expect(window.isVisible()).toBe(true)
    popup.setKeepOpenOnBlur(false)
    window.blur()
    expect(window.isVisible()).toBe(false)
  })

  it('stays up while held open (a dialog over it), until every hold is released; a release counts once', () => {
    const { popup, window, clock } = setup()
    popup.show(trayAtBottomRight)
    clock.now += 1000
    const first = popup.holdOpen()
    const second = popup.holdOpen()
    window.blur()
    popup.hide()
    expect(window.isVisible()).toBe(true)
    first()
    first()
    window.blur()
    expect(window.isVisible()).toBe(true)
    second()
    window.blur()
    expect(window.isVisible()).toBe(false)
  })

  it('leaves Escape to the page, which asks to hide only when nothing on it used the key', () => {
    const { popup, window } = setup()
    popup.show(trayAtBottomRight)
    window.webContents.press('Escape')
    expect(window.isVisible()).toBe(true)
  })

  it('toggles: a tray click shows it, the next one hides it', () => {
    const { popup, window, clock } = setup()
    popup.toggle(trayAtBottomRight)
    expect(window.isVisible()).toBe(true)
    clock.now += 2000
    popup.toggle(trayAtBottomRight)
    expect(window.isVisible()).toBe(false)
  })

  it('does not reopen when the tray click that closes it arrives just after the blur it caused', () => {
    const { popup, window, clock } = setup()
    popup.show(trayAtBottomRight)
    clock.now += 2000
    window.blur() // mouse down on the tray icon
    clock.now += 50
    popup.toggle(trayAtBottomRight) // mouse up: the click
    expect(window.isVisible()).toBe(false)
    clock.now += 2000
    popup.toggle(trayAtBottomRight)
    expect(window.isVisible()).toBe(true)
  })

  it('hides instead of closing on Alt+F4, and closes for real once the app quits', () => {
    const { popup, window } = setup()
    popup.show(trayAtBottomRight)
    expect(window.close()).toBe(true)
    expect(window.isVisible()).toBe(false)
    expect(window.isDestroyed()).toBe(false)
    popup.allowClose()
    expect(window.close()).toBe(false)
    expect(window.isDestroyed()).toBe(true)
    expect(() => popup.show(trayAtBottomRight)).not.toThrow()
  })

  it('loads the bundled page from app://, never from file://, or the dev server URL in development', async () => {
    const { popup, window } = setup()
    await popup.load({ kind: 'bundle', root: '/app/out/renderer' })
    await popup.load({ kind: 'dev-server', url: 'http://localhost:5173/' })
    expect(window.loaded).toEqual([
      { kind: 'url', target: 'app://operately-tray/index.html' },
      { kind: 'url', target: 'http://localhost:5173/' },
    ])
  })

  it('reloads the page when its process crashes, but stops after three reloads', async () => {
    const { popup, window } = setup()
    await popup.load({ kind: 'bundle', root: '/app/out/renderer' })
    for (let i = 0; i < 5; i++)
      window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 })
    expect(window.loaded).toHaveLength(1 + 3)
  })

  it('activates the app on macOS when showing, so the popup takes typing (an agent app is not active by itself)', () => {
    const { popup } = setup('darwin')
    popup.show({ x: 1200, y: 0, width: 22, height: 24 })
    expect(app.focusCalls).toEqual([{ steal: true }])
  })

  it('does not steal focus for the whole app on Windows and Linux', () => {
    const { popup } = setup('win32')
    popup.show(trayAtBottomRight)
    expect(app.focusCalls).toEqual([])
  })

  it('follows the user to the current Space and over full-screen apps on macOS, without a dock icon', () => {
    const { window } = setup('darwin')
    expect(window.visibleOnAllWorkspaces).toEqual({
      visible: true,
      options: { visibleOnFullScreen: true, skipTransformProcessType: true },
    })
  })
})
