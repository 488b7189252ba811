import type { App, Session, WebContents } from 'electron'
import { addressForLog, type LinkVia } from '../services/app/link-policy'
import type { Logger } from '../services/log/logger'
import { withContentSecurityPolicy } from './content-security-policy'

export interface NavigationPolicy {
  isAppUrl(url: string): boolean
  /**
   * Where a link that tried to leave the window goes instead: the one link policy (the server's pages
   * open in the browser, other sites and mail links only after main's own dialog got Open, the rest is
   * refused and logged).
   */
  leave(url: string, via: LinkVia): void
  log: Logger
}

/**
 * Keeps a webContents on the app's own page: no navigation elsewhere, in the page or in any frame (the
 * link goes through the link policy instead), no new windows, no redirects away, no <webview>.
 */
export function hardenWebContents(contents: WebContents, { isAppUrl, leave, log }: NavigationPolicy): void {
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url)) return
    event.preventDefault()
    leave(event.url, 'navigation')
  })
  // Fires for the main frame too (will-navigate handles that); the app has no frames of its own, so a
  // frame navigating anywhere, even to the app's page, is stopped.
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame) return
    event.preventDefault()
    leave(event.url, 'frame-navigation')
  })
  contents.on('will-redirect', (event) => {
    if (isAppUrl(event.url)) return
    event.preventDefault()
    log.warn('blocked a redirect away from the app', { url: addressForLog(event.url) })
  })
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
    log.warn('blocked an embedded web view')
  })
  contents.setWindowOpenHandler(({ url }) => {
    leave(url, 'new-window')
    return { action: 'deny' }
  })
}

/** Applies the same rules to every webContents the app ever creates, including ones we did not plan for. */
export function installWebContentsGuard(app: App, policy: NavigationPolicy): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, policy))
}

/**
 * No web permission is ever granted or even reported as granted: camera, notifications from the page,
 * geolocation, clipboard reading, devices, … The page needs none (the app's notifications come from main).
 * Nor may it download anything.
 */
export function hardenSession(session: Session, { log }: { log: Logger }): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    log.warn('denied a permission request from the page', { permission })
    callback(false)
  })
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
  // A download (an <a download>, a blob: link) is not a navigation, so no navigation guard sees it; the
  // page never needs one, and a file written to disk is a way out of the window like any other.
  session.on('will-download', (event, item) => {
    event.preventDefault()
    log.warn('blocked a download from the page', { url: addressForLog(item.getURL()) })
  })
}

/**
 * Development only: the electron-vite dev server's pages get the development CSP as a response header,
 * as app:// pages get theirs from the scheme handler.
 */
export function applyDevServerPolicy(
  session: Session,
  { isAppUrl, contentSecurityPolicy }: { isAppUrl(url: string): boolean; contentSecurityPolicy: string },
): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isAppUrl(details.url)) {
      callback({})
      return
    }
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, contentSecurityPolicy) })
  })
}
