import { realpath, stat } from 'node:fs/promises'
import { extname, isAbsolute, relative, resolve, sep } from 'node:path'

/**
 * Finding and describing the built renderer's files, shared by the app:// scheme (app-scheme.ts) and the
 * browser harness (e2e/harness), so the page the e2e tests load is served by the same rules as the app's.
 * Plain Node: no Electron.
 */

const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
}

/** Unknown extensions are served as opaque bytes (with nosniff), never guessed into something runnable. */
export const mimeTypeFor = (path: string): string =>
  mimeTypes[extname(path).toLowerCase()] ?? 'application/octet-stream'

const inside = (root: string, path: string): boolean => {
  const rel = relative(root, path)
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel))
}

/**
 * Maps a URL path to a regular file under `root`, or null. Rejects anything that would leave the root:
 * `..` segments (also percent-encoded), backslashes, NUL bytes, and symlinks that point outside.
 */
export async function resolveStaticFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  if (decoded.split('/').some((segment) => segment === '..')) return null
  const candidate = resolve(root, '.' + decoded)
  if (!inside(root, candidate)) return null
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(candidate)])
    if (!inside(realRoot, realFile)) return null
    return (await stat(realFile)).isFile() ? realFile : null
  } catch {
    return null
  }
}

/**
 * The headers every response for the app's page and files carries, errors included: the CSP, no MIME
 * sniffing (a file is only ever what its extension says), no referrer, no framing for older engines,
 * no caching (a rebuilt renderer shows up on reload).
 */
export function rendererHeaders(policy: string, contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  }
}
