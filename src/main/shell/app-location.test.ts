import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  appOrigin,
  appPageUrl,
  appPaths,
  isAppUrl,
  rendererTarget,
  rendererUrl,
  type RendererTarget,
} from './app-location'

const root = '/opt/operately-tray'
const mainDir = join(root, 'out', 'main')
const rendererDir = join(root, 'out', 'renderer')
const html = join(rendererDir, 'index.html')

describe('appPaths', () => {
  it('finds the preload and the page next to the main bundle, and the tray icons in build/ during development', () => {
    expect(appPaths({ mainDir, isPackaged: false, resourcesPath: '/ignored' })).toEqual({
      preload: join(root, 'out', 'preload', 'index.cjs'),
      rendererDir,
      trayIcons: join(root, 'build', 'tray'),
    })
  })

  it('takes the tray icons from the installed resources folder in a packaged app', () => {
    // Joined, not a literal: Windows joins with backslashes (vitest.win32.config.ts runs this again so).
    const resourcesPath = join('/Applications/Operately Tray.app', 'Contents', 'Resources')
    expect(
      appPaths({
        mainDir,
        isPackaged: true,
        resourcesPath,
      }).trayIcons,
    ).toBe(join(resourcesPath, 'tray'))
  })
})

describe('rendererTarget', () => {
  it('loads the bundled page when no dev server is announced', () => {
    expect(rendererTarget({}, false, rendererDir)).toEqual({ kind: 'bundle', root: rendererDir })
  })

  it('loads the electron-vite dev server in development', () => {
    expect(rendererTarget({ ELECTRON_RENDERER_URL: 'http://localhost:5173' }, false, rendererDir)).toEqual({
      kind: 'dev-server',
      url: 'http://localhost:5173/',
    })
  })

  it('ignores ELECTRON_RENDERER_URL in a packaged app, so an environment variable cannot swap the page holding the bridge', () => {
    expect(rendererTarget({ ELECTRON_RENDERER_URL: 'https://evil.example/' }, true, rendererDir)).toEqual({
      kind: 'bundle',
      root: rendererDir,
    })
  })

  it('refuses a dev server URL that is not on this machine', () => {
    expect(() =>
      rendererTarget({ ELECTRON_RENDERER_URL: 'https://evil.example/' }, false, rendererDir),
    ).toThrow(/local development server/)
    expect(() => rendererTarget({ ELECTRON_RENDERER_URL: 'not a url' }, false, rendererDir)).toThrow(
      /not a valid address/,
    )
  })
})

describe('isAppUrl', () => {
  const bundle: RendererTarget = { kind: 'bundle', root: join(root, 'out', 'renderer') }
  const dev: RendererTarget = { kind: 'dev-server', url: 'http://localhost:5173/' }

  it.each([
    ['the bundled page', appPageUrl, true],
    ['the bundled page at its root', `${appOrigin}/`, true],
    ['the bundled page with a route', `${appPageUrl}#/goals/abc`, true],
    ['the bundled page with a query', `${appPageUrl}?tab=1`, true],
    ['another file of the bundle', `${appOrigin}/assets/index.js`, false],
    ['a path that only starts like the page', `${appPageUrl}.evil.html`, false],
    ['another host on the app scheme', 'app://evil/index.html', false],
    ['the app host with credentials', 'app://user:pw@operately-tray/index.html', false],
    ['the page as a file', pathToFileURL(html).href, false],
    ['a file elsewhere on disk', 'file:///etc/passwd', false],
    ['a foreign website', 'https://evil.example/', false],
    ['about:blank', 'about:blank', false],
    ['a javascript: URL', 'javascript:alert(1)', false],
    ['a data: URL', 'data:text/html,<h1>hi</h1>', false],
    ['garbage', '::::', false],
  ])('production: %s → %s', (_name, url, expected) => {
    expect(isAppUrl(url, bundle)).toBe(expected)
  })

  it.each([
    ['a dev server page', 'http://localhost:5173/index.html', true],
    ['a dev server page with a route', 'http://localhost:5173/#/settings', true],
    ['another port', 'http://localhost:5174/', false],
    ['another host', 'https://evil.example/', false],
    ['the bundled page', appPageUrl, false],
  ])('development: %s → %s', (_name, url, expected) => {
    expect(isAppUrl(url, dev)).toBe(expected)
  })
})

describe('rendererUrl', () => {
  it('is app://operately-tray/index.html for the bundle and the dev server itself in development', () => {
    expect(rendererUrl({ kind: 'bundle', root: '/x' })).toBe('app://operately-tray/index.html')
    expect(rendererUrl({ kind: 'dev-server', url: 'http://localhost:5173/' })).toBe('http://localhost:5173/')
  })
})
