import { pathToFileURL } from 'node:url'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../services/log/logger'
import { isAppUrl } from './app-location'
import { contentSecurityPolicy } from './content-security-policy'
import { createLinkOpener } from './external-links'
import { hardenSession, hardenWebContents, installWebContentsGuard } from './security'
import { FakeWebContents, app, preventable, resetFakeElectron, session, shell } from './testing/fake-electron'

vi.mock('electron', () => import('./testing/fake-electron'))

const page = '/opt/operately-tray/out/renderer/index.html'
const pageUrl = pathToFileURL(page).href
const target = { kind: 'file', path: page } as const
const isOwnPage = (url: string) => isAppUrl(url, target, 'linux')
const policy = () => ({
  isAppUrl: isOwnPage,
  openLink: createLinkOpener((url) => shell.openExternal(url), silentLogger),
  log: silentLogger,
})

function hardened() {
  const contents = new FakeWebContents()
  contents.mainFrame.url = pageUrl
  hardenWebContents(contents as never, policy())
  return contents
}

describe('hardenWebContents', () => {
  beforeEach(() => resetFakeElectron())

  it('keeps the window on the app: navigating to another site is prevented and the page stays', () => {
    const contents = hardened()
    expect(contents.navigate('https://evil.example/')).toBe(true)
    expect(contents.getURL()).toBe(pageUrl)
  })

  it('opens a clicked web link in the browser instead of inside the app', () => {
    const contents = hardened()
    contents.navigate('https://app.operately.com/goals/1')
    expect(shell.opened).toEqual(['https://app.operately.com/goals/1'])
  })

  it('still lets the app navigate within its own page', () => {
    const contents = hardened()
    expect(contents.navigate(`${pageUrl}#/settings`)).toBe(false)
  })

  it('prevents navigation to local files and script URLs without handing them to the OS', () => {
    const contents = hardened()
    expect(contents.navigate('file:///etc/passwd')).toBe(true)
    expect(contents.navigate('javascript:alert(1)')).toBe(true)
    expect(shell.opened).toEqual([])
  })

  it('denies every new window; an https link goes to the default browser, javascript: and file: go nowhere', () => {
    const contents = hardened()
    expect(contents.openWindow('https://app.operately.com/people/ada')).toEqual({ action: 'deny' })
    expect(contents.openWindow('javascript:alert(1)')).toEqual({ action: 'deny' })
    expect(contents.openWindow('file:///C:/Windows/System32/calc.exe')).toEqual({ action: 'deny' })
    expect(contents.openWindow('http://intranet.local/')).toEqual({ action: 'deny' })
    expect(shell.opened).toEqual(['https://app.operately.com/people/ada', 'http://intranet.local/'])
  })

  it('blocks redirects away from the app and embedded web views', () => {
    const contents = hardened()
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
    installWebContentsGuard(app as never, policy())
    const stray = new FakeWebContents()
    app.emit('web-contents-created', preventable(), stray)
    expect(stray.navigate('https://evil.example/')).toBe(true)
    expect(stray.openWindow('https://evil.example/')).toEqual({ action: 'deny' })
  })
})

describe('hardenSession', () => {
  beforeEach(() => {
    resetFakeElectron()
    hardenSession(session.defaultSession as never, {
      isAppUrl: isOwnPage,
      contentSecurityPolicy: contentSecurityPolicy(target),
      log: silentLogger,
    })
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

  it('answers every permission check and device request with no', () => {
    expect(session.defaultSession.permissionCheckHandler?.(null, 'media', pageUrl, {})).toBe(false)
    expect(
      session.defaultSession.permissionCheckHandler?.(null, 'clipboard-sanitized-write', pageUrl, {}),
    ).toBe(false)
    expect(session.defaultSession.devicePermissionHandler?.({ deviceType: 'usb', origin: pageUrl })).toBe(
      false,
    )
  })

  it("puts the strict CSP on the app's own page", () => {
    let response: { responseHeaders?: Record<string, string[]> } | undefined
    session.defaultSession.headersListener?.(
      { url: pageUrl, responseHeaders: { 'content-type': ['text/html'] } },
      (r) => (response = r),
    )
    expect(response?.responseHeaders?.['Content-Security-Policy']).toEqual([contentSecurityPolicy(target)])
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
