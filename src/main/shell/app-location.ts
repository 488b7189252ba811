import { join } from 'node:path'

/**
 * Where the app's own files are, and which URLs count as "the app itself". Pure: no Electron, so the
 * rules that decide who may call the bridge can be tested directly.
 */

export interface AppPaths {
  /** The sandboxed preload, bundled to CommonJS by electron-vite. */
  preload: string
  /** The built renderer (index.html and its assets), served to the popup as app://operately-tray/. */
  rendererDir: string
  /** Folder holding the tray PNGs (see scripts/make-tray-icons.mjs). */
  trayIcons: string
}

export interface AppPathsInput {
  /** Directory of the main-process bundle (`out/main`); `src/main` when run from source. */
  mainDir: string
  isPackaged: boolean
  /** `process.resourcesPath` in a packaged app. */
  resourcesPath: string
}

export function appPaths({ mainDir, isPackaged, resourcesPath }: AppPathsInput): AppPaths {
  return {
    preload: join(mainDir, '..', 'preload', 'index.cjs'),
    rendererDir: join(mainDir, '..', 'renderer'),
    // Installers do not pack build/ into the app: the icons travel as extra resources (`<resources>/tray`).
    trayIcons: isPackaged ? join(resourcesPath, 'tray') : join(mainDir, '..', '..', 'build', 'tray'),
  }
}

/**
 * The app's own origin. The built renderer is served from this privileged scheme (app-scheme.ts) rather
 * than file://, so that `'self'` in the CSP means the app's files and nothing else on disk, the CSP can be
 * a real response header (with frame-ancestors), and Electron's extra file:// privileges can stay fused
 * off.
 */
export const appScheme = 'app'
export const appHost = 'operately-tray'
export const appOrigin = `${appScheme}://${appHost}`
export const appPageUrl = `${appOrigin}/index.html`

export type RendererTarget = { kind: 'dev-server'; url: string } | { kind: 'bundle'; root: string }

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The electron-vite dev server in development, the bundled page otherwise. A packaged app ignores
 * ELECTRON_RENDERER_URL: otherwise anyone able to set an environment variable could load their own page
 * into the window that holds the bridge.
 */
export function rendererTarget(
  env: NodeJS.ProcessEnv,
  isPackaged: boolean,
  rendererDir: string,
): RendererTarget {
  const devUrl = env['ELECTRON_RENDERER_URL']
  if (isPackaged || !devUrl) return { kind: 'bundle', root: rendererDir }
  let parsed: URL
  try {
    parsed = new URL(devUrl)
  } catch {
    throw new Error(`ELECTRON_RENDERER_URL is not a valid address: "${devUrl.slice(0, 200)}".`)
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !loopbackHosts.has(parsed.hostname)) {
    throw new Error(
      `ELECTRON_RENDERER_URL must point at the local development server (http://localhost:<port>), not "${parsed.origin}".`,
    )
  }
  return { kind: 'dev-server', url: parsed.href }
}

/** The address the popup loads. */
export const rendererUrl = (target: RendererTarget): string =>
  target.kind === 'dev-server' ? target.url : appPageUrl

/**
 * True only for the app's own page: app://operately-tray/index.html (any #route or ?query on it), or any
 * page of the local dev server in development. Everything else — the app's other files, other sites,
 * file:, about:blank, data: and javascript: URLs — is foreign.
 */
export function isAppUrl(url: string, target: RendererTarget): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (target.kind === 'dev-server') return parsed.origin === new URL(target.url).origin
  return (
    parsed.protocol === `${appScheme}:` &&
    parsed.host === appHost &&
    parsed.username === '' &&
    parsed.password === '' &&
    (parsed.pathname === '/index.html' || parsed.pathname === '/')
  )
}
