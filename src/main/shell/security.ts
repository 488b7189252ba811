import type { App, Session, WebContents } from 'electron'
import type { Logger } from '../services/log/logger'
import { withContentSecurityPolicy } from './content-security-policy'

export interface NavigationPolicy {
  isAppUrl(url: string): boolean
  /** Opens an http(s) link in the default browser; returns false when it refused. */
  openLink(url: string): boolean
  log: Logger
}

const short = (url: string) => url.slice(0, 200)

/**
 * Keeps a webContents on the app's own page: no navigation elsewhere (links go to the browser instead),
 * no new windows, no <webview>.
 */
export function hardenWebContents(
  contents: WebContents,
  { isAppUrl, openLink, log }: NavigationPolicy,
): void {
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url)) return
    event.preventDefault()
    log.warn('kept the window on the app instead of navigating away', { url: short(event.url) })
    // A plain link click in rich text lands here: the user still gets the page, in their browser.
    openLink(event.url)
  })
  contents.on('will-redirect', (event) => {
    if (isAppUrl(event.url)) return
    event.preventDefault()
    log.warn('blocked a redirect away from the app', { url: short(event.url) })
  })
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
    log.warn('blocked an embedded web view')
  })
  contents.setWindowOpenHandler(({ url }) => {
    openLink(url)
    return { action: 'deny' }
  })
}

/** Applies the same rules to every webContents the app ever creates, including ones we did not plan for. */
export function installWebContentsGuard(app: App, policy: NavigationPolicy): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, policy))
}

export interface SessionPolicy {
  isAppUrl(url: string): boolean
  contentSecurityPolicy: string
  log: Logger
}

/**
 * No web permission is ever granted (camera, notifications from the page, geolocation, devices, …), and
 * the app's own pages get a strict CSP header on top of the meta tag in index.html.
 */
export function hardenSession(
  session: Session,
  { isAppUrl, contentSecurityPolicy, log }: SessionPolicy,
): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    log.warn('denied a permission request from the page', { permission })
    callback(false)
  })
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isAppUrl(details.url)) {
      callback({})
      return
    }
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, contentSecurityPolicy) })
  })
}
