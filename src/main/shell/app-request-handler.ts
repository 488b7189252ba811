import { readFile } from 'node:fs/promises'
import type { Logger } from '../services/log/logger'
import { appHost, appScheme } from './app-location'
import { mimeTypeFor, rendererHeaders, resolveStaticFile } from './renderer-files'

export interface AppRequestHandlerOptions {
  /** The built renderer folder (out/renderer); nothing outside it is ever served. */
  root: string
  /** The Content-Security-Policy header every response carries. */
  policy: string
  log: Logger
}

/**
 * Answers requests for app://operately-tray/… from the built renderer, as web Request → Response (what
 * Electron's protocol.handle takes). Only GET and HEAD of files inside the build, on the app's own host;
 * `/` is the page itself. Everything else — another host, `..` in any encoding, a symlink out of the
 * folder, a missing file — is a 404, a file that cannot be read a 500, and every answer, errors included,
 * carries the CSP.
 */
export function createAppRequestHandler({
  root,
  policy,
  log,
}: AppRequestHandlerOptions): (request: Request) => Promise<Response> {
  const text = (status: number, body: string, extra: Record<string, string> = {}) =>
    new Response(body, {
      status,
      headers: { ...rendererHeaders(policy, 'text/plain; charset=utf-8'), ...extra },
    })

  return async (request) => {
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return text(404, 'Not Found')
    }
    if (url.protocol !== `${appScheme}:` || url.host !== appHost) {
      log.warn('refused an app:// request for another host', { url: request.url.slice(0, 200) })
      return text(404, 'Not Found')
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return text(405, 'Method Not Allowed', { allow: 'GET, HEAD' })
    }
    const pathname = url.pathname === '/' ? '/index.html' : url.pathname
    const file = await resolveStaticFile(root, pathname)
    if (!file) {
      log.warn('answered 404 for an app:// path outside the build', { path: url.pathname.slice(0, 200) })
      return text(404, 'Not Found')
    }
    let content: Awaited<ReturnType<typeof readFile>>
    try {
      content = await readFile(file)
    } catch (err) {
      // Removed mid-rebuild, unreadable, too large: still an answer with the CSP, not a rejected promise.
      log.error('could not read an app:// file', {
        path: url.pathname.slice(0, 200),
        error: err instanceof Error ? err.message : String(err),
      })
      return text(500, 'Internal Server Error')
    }
    return new Response(request.method === 'HEAD' ? null : content, {
      status: 200,
      headers: { ...rendererHeaders(policy, mimeTypeFor(file)), 'content-length': String(content.length) },
    })
  }
}
