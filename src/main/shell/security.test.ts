import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionState } from '@shared/session'
import { createAppHandlers } from '../services/app/handlers'
import { createLinkService } from '../services/app/link-service'
import { silentLogger } from '../services/log/logger'
import { appPageUrl, isAppUrl } from './app-location'
import { contentSecurityPolicy } from './content-security-policy'
import { createLinkDialog } from './link-dialog'
import type { PopupWindow } from './popup-window'
import { applyDevServerPolicy, hardenSession, hardenWebContents, installWebContentsGuard } from './security'
import {
  FakeWebContents,
  app,
  dialog,
  preventable,
  resetFakeElectron,
  session,
  shell,
} from './testing/fake-electron'

vi.mock('electron', () => import('./testing/fake-electron'))

const target = { kind: 'bundle', root: '/opt/operately-tray/out/renderer' } as const
const isOwnPage = (url: string) => isAppUrl(url, target)
const signedIn: SessionState = {
  status: 'signed_in',
  baseUrl: 'https://app.operately.com',
  person: { id: 'ada', fullName: 'Ada Lovelace', email: null, title: null, avatarUrl: null },
  canWrite: true,
  serverVersion: '1.8.0',
  capabilities: null,
}

/**
 * The shell's guard wired to the real link policy and main's real link dialog (on the fake Electron's
 * message boxes), as start-shell.ts wires them, with the popup on screen: where links are clicked.
 */
function setup() {
  const contents = new FakeWebContents()
  const popupOnScreen = {
    isVisible: () => true,
    webContents: contents,
    holdOpen: () => () => {},
    setAlwaysOnTop: () => {},
  } as unknown as PopupWindow
  const refusals: Record<string, unknown>[] = []
  const log = {
    ...silentLogger,
    warn: (_m: string, fields?: Record<string, unknown>) => void refusals.push(fields ?? {}),
  }
  const links = createLinkService({
    session: { get: async () => signedIn },
    openExternal: (url) => shell.openExternal(url),
    ask: createLinkDialog(() => popupOnScreen),
    log,
  })
  const pending: Promise<unknown>[] = []
  const policy = {
    isAppUrl: isOwnPage,
    log,
    leave: (url: string, via: Parameters<typeof links.request>[1]) =>
      void pending.push(links.request(url, via)),
  }
  contents.mainFrame.url = appPageUrl
  hardenWebContents(contents as never, policy)
  const handlers = createAppHandlers({ links, hidePopup: () => {} })
  return {
    contents,
    policy,
    links,
    refusals,
    settled: () => Promise.allSettled(pending),
    openExternal: (url: string) => void pending.push(handlers['app.openExternal']({ url })),
  }
}

type Setup = ReturnType<typeof setup>

// Every way a link can leave the window, each driven as Electron (or the page) would drive it.
const paths: [string, (s: Setup, url: string) => Promise<unknown>][] = [
  ['navigation of the page', async (s, url) => expect(s.contents.navigate(url)).toBe(true)],
  ['navigation in a frame', async (s, url) => expect(s.contents.navigateFrame(url)).toBe(true)],
  [
    'window.open / target=_blank',
    async (s, url) => expect(s.contents.openWindow(url)).toEqual({ action: 'deny' }),
  ],
  ["the page's app.openExternal call", async (s, url) => s.openExternal(url)],
]

describe('one link policy for every way out of the window', () => {
  beforeEach(() => resetFakeElectron())

  it.each(paths)(
    "%s: a page of the signed-in server is asked about once in main's dialog, then opens at once",
    async (_path, leave) => {
      const s = setup()
      await leave(s, 'https://app.operately.com/acme/goals/1')
      await vi.waitFor(() => expect(dialog.messageBoxes).toHaveLength(1))
      expect(dialog.messageBoxes[0]?.options).toMatchObject({
        message: 'Open app.operately.com in your browser?',
      })
      expect(shell.opened).toEqual([])
      dialog.messageBoxes[0]?.answer(0)
      await s.settled()
      await leave(s, 'https://app.operately.com/acme/goals/2')
      await s.settled()
      expect(shell.opened).toEqual([
        'https://app.operately.com/acme/goals/1',
        'https://app.operately.com/acme/goals/2',
      ])
      expect(dialog.messageBoxes).toHaveLength(1)
      expect(s.contents.getURL()).toBe(appPageUrl)
    },
  )

  it.each(paths)(
    "%s: another site is asked about in main's dialog, and opened only on Open",
    async (_path, leave) => {
      const s = setup()
      await leave(s, 'https://example.com/phish')
      await vi.waitFor(() => expect(dialog.messageBoxes).toHaveLength(1))
      expect(dialog.messageBoxes[0]?.options).toMatchObject({
        message: 'Open example.com in your browser?',
        detail: 'https://example.com/phish',
      })
      expect(shell.opened).toEqual([])
      expect(s.contents.getURL()).toBe(appPageUrl)
      dialog.messageBoxes[0]?.answer(0)
      await s.settled()
      expect(shell.opened).toEqual(['https://example.com/phish'])
    },
  )

  it.each(paths)("%s: Cancel in main's dialog opens nothing", async (_path, leave) => {
    const s = setup()
    await leave(s, 'https://example.com/phish')
    await vi.waitFor(() => expect(dialog.messageBoxes).toHaveLength(1))
    dialog.messageBoxes[0]?.answer(1)
    await s.settled()
    expect(shell.opened).toEqual([])
    expect(s.contents.getURL()).toBe(appPageUrl)
  })

  it.each(
    paths.flatMap(([path, leave]) => [
      [path, leave, 'javascript:alert(1)'] as const,
      [path, leave, 'file:///etc/passwd'] as const,
    ]),
  )('%s: %s… is refused and logged, never handed to the OS', async (_path, leave, url) => {
    const s = setup()
    await leave(s, url)
    await s.settled()
    expect(shell.opened).toEqual([])
    expect(dialog.messageBoxes).toEqual([])
    expect(s.contents.getURL()).toBe(appPageUrl)
    expect(s.refusals).toMatchObject([{ url }])
  })

  it('still lets the app navigate within its own page', () => {
    const s = setup()
    expect(s.contents.navigate(`${appPageUrl}#/settings`)).toBe(false)
  })

  it('stops any frame from navigating, even to the app page, and leaves main-frame navigations to will-navigate', () => {
    const s = setup()
    expect(s.contents.navigateFrame(appPageUrl)).toBe(true)
    expect(s.contents.navigateFrame('https://example.com/', true)).toBe(false)
  })

  it('blocks redirects away from the app and embedded web views', () => {
    const { contents } = setup()
    const redirect = preventable({ url: 'https://evil.example/' })
    contents.emit('will-redirect', redirect)
    expect(redirect.defaultPrevented).toBe(true)
    const webview = preventable()
    contents.emit('will-attach-webview', webview, {}, {})
    expect(webview.defaultPrevented).toBe(true)
  })
})

describe('installWebContentsGuard', () => {
  beforeEach(() => resetFakeElectron())

  it('hardens every webContents the app creates, not only the popup', () => {
    const { policy } = setup()
    installWebContentsGuard(app as never, policy)
    const stray = new FakeWebContents()
    app.emit('web-contents-created', preventable(), stray)
    expect(stray.navigate('https://evil.example/')).toBe(true)
    expect(stray.navigateFrame('https://evil.example/')).toBe(true)
    expect(stray.openWindow('https://evil.example/')).toEqual({ action: 'deny' })
  })
})

describe('hardenSession', () => {
  beforeEach(() => {
    resetFakeElectron()
    hardenSession(session.defaultSession as never, { log: silentLogger })
  })

  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'display-capture'])(
    'denies a %s permission request',
    (permission) => {
      const answers: boolean[] = []
      session.defaultSession.permissionRequestHandler?.(
        new FakeWebContents(),
        permission,
        (granted) => answers.push(granted),
        {},
      )
      expect(answers).toEqual([false])
    },
  )

  it.each(['media', 'clipboard-sanitized-write', 'notifications', 'geolocation', 'fullscreen'])(
    'answers a %s permission check from the app page with no',
    (permission) => {
      expect(session.defaultSession.permissionCheckHandler?.(null, permission, appPageUrl, {})).toBe(false)
    },
  )

  it('answers every device request with no', () => {
    expect(session.defaultSession.devicePermissionHandler?.({ deviceType: 'usb', origin: appPageUrl })).toBe(
      false,
    )
  })

  it('lets the page download nothing: a download is refused and logged, like any other way out', () => {
    const warnings: Record<string, unknown>[] = []
    resetFakeElectron()
    hardenSession(session.defaultSession as never, {
      log: { ...silentLogger, warn: (_m, fields) => void warnings.push(fields ?? {}) },
    })
    const event = preventable()
    const item = { getURL: () => 'blob:app://operately-tray/5b6e?token=s3cret', cancel: () => {} }
    session.defaultSession.emit('will-download', event, item, new FakeWebContents())
    expect(event.defaultPrevented).toBe(true)
    expect(warnings).toEqual([{ url: 'blob:app://operately-tray/5b6e' }])
  })

  it('leaves responses alone: app:// pages get their CSP from the scheme handler, not from webRequest', () => {
    expect(session.defaultSession.headersListener).toBeNull()
  })
})

describe('applyDevServerPolicy', () => {
  const dev = { kind: 'dev-server', url: 'http://localhost:5173/' } as const
  beforeEach(() => {
    resetFakeElectron()
    applyDevServerPolicy(session.defaultSession as never, {
      isAppUrl: (url) => isAppUrl(url, dev),
      contentSecurityPolicy: contentSecurityPolicy(dev),
    })
  })

  it("puts the development CSP on the dev server's pages", () => {
    let response: { responseHeaders?: Record<string, string[]> } | undefined
    session.defaultSession.headersListener?.(
      { url: 'http://localhost:5173/', responseHeaders: { 'content-type': ['text/html'] } },
      (r) => (response = r),
    )
    expect(response?.responseHeaders?.['Content-Security-Policy']).toEqual([contentSecurityPolicy(dev)])
    expect(response?.responseHeaders?.['content-type']).toEqual(['text/html'])
  })

  it('leaves responses for other URLs untouched', () => {
    let response: unknown
    session.defaultSession.headersListener?.(
      { url: 'https://example.com/', responseHeaders: { a: ['b'] } },
      (r) => (response = r),
    )
    expect(response).toEqual({})
  })
})
