import { join, normalize, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Where the app's own files are, and which URLs count as "the app itself". Pure: no Electron, so the
 * rules that decide who may call the bridge can be tested directly.
 */

export interface AppPaths {
  /** The sandboxed preload, bundled to CommonJS by electron-vite. */
  preload: string
  /** The production renderer page. */
  rendererHtml: string
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
    rendererHtml: join(mainDir, '..', 'renderer', 'index.html'),
    // Installers do not pack build/ into the app: the icons travel as extra resources (`<resources>/tray`).
    trayIcons: isPackaged ? join(resourcesPath, 'tray') : join(mainDir, '..', '..', 'build', 'tray'),
  }
}

export type RendererTarget = { kind: 'dev-server'; url: string } | { kind: 'file'; path: string }

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The electron-vite dev server in development, the bundled page otherwise. A packaged app ignores
 * ELECTRON_RENDERER_URL: otherwise anyone able to set an environment variable could load their own page
 * into the window that holds the bridge.
 */
export function rendererTarget(
  env: NodeJS.ProcessEnv,
  isPackaged: boolean,
  rendererHtml: string,
): RendererTarget {
  const devUrl = env['ELECTRON_RENDERER_URL']
  if (isPackaged || !devUrl) return { kind: 'file', path: rendererHtml }
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

const samePath = (a: string, b: string, platform: NodeJS.Platform) => {
  const left = normalize(resolve(a))
  const right = normalize(resolve(b))
  // Windows paths are case-insensitive and Chromium may report the drive letter in either case.
  return platform === 'win32' ? left.toLowerCase() === right.toLowerCase() : left === right
}

/**
 * True only for the app's own page: the bundled index.html (any #route or ?query on it), or any page of
 * the local dev server in development. Everything else — other files, other sites, about:blank,
 * data: and javascript: URLs — is foreign.
 */
export function isAppUrl(
  url: string,
  target: RendererTarget,
  platform: NodeJS.Platform = process.platform,
): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (target.kind === 'dev-server') return parsed.origin === new URL(target.url).origin
  if (parsed.protocol !== 'file:' || (parsed.host !== '' && parsed.host !== 'localhost')) return false
  try {
    return samePath(fileURLToPath(parsed), target.path, platform)
  } catch {
    return false
  }
}
