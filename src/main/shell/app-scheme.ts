import { protocol, type Session } from 'electron'
import type { Logger } from '../services/log/logger'
import { appScheme } from './app-location'
import { createAppRequestHandler } from './app-request-handler'

/**
 * Declares app:// before the app is ready (Electron only accepts it then): a standard scheme, so URLs
 * have an origin, module scripts and their import() chunks load same-origin, and relative paths resolve
 * like on the web; a secure one, so the page is a secure context. codeCache lets V8 keep compiled
 * scripts between starts, as it does for file://. Nothing else: no fetch() of app:// (supportFetchAPI;
 * the page never fetches, and its CSP refuses every connection anyway), no CORS for other origins
 * (corsEnabled), no service workers, no bypassing the CSP.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: appScheme,
      privileges: { standard: true, secure: true, codeCache: true },
    },
  ])
}

/** Serves the built renderer on app:// in this session (once the app is ready). */
export function serveAppScheme(
  session: Pick<Session, 'protocol'>,
  options: { root: string; policy: string; log: Logger },
): void {
  session.protocol.handle(appScheme, createAppRequestHandler(options))
}
