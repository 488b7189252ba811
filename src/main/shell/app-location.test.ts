import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { appPaths, isAppUrl, rendererTarget, type RendererTarget } from './app-location'

const root = '/opt/operately-tray'
const mainDir = join(root, 'out', 'main')
const html = join(root, 'out', 'renderer', 'index.html')

describe('appPaths', () => {
  it('finds the preload and the page next to the main bundle, and the tray icons in build/ during development', () => {
    expect(appPaths({ mainDir, isPackaged: false, resourcesPath: '/ignored' })).toEqual({
      preload: join(root, 'out', 'preload', 'index.cjs'),
      rendererHtml: html,
      trayIcons: join(root, 'build', 'tray'),
    })
  })

  it('takes the tray icons from the installed resources folder in a packaged app', () => {
    expect(
      appPaths({
        mainDir,
        isPackaged: true,
        resourcesPath: '/Applications/Operately Tray.app/Contents/Resources',
      }).trayIcons,
    ).toBe('/Applications/Operately Tray.app/Contents/Resources/tray')
  })
})

describe('rendererTarget', () => {
  it('loads the bundled page when no dev server is announced', () => {
    expect(rendererTarget({}, false, html)).toEqual({ kind: 'file', path: html })
  })

  it('loads the electron-vite dev server in development', () => {
    expect(rendererTarget({ ELECTRON_RENDERER_URL: 'http://localhost:5173' }, false, html)).toEqual({
      kind: 'dev-server',
      url: 'http://localhost:5173/',
    })
  })

  it('ignores ELECTRON_RENDERER_URL in a packaged app, so an environment variable cannot swap the page holding the bridge', () => {
    expect(rendererTarget({ ELECTRON_RENDERER_URL: 'https://evil.example/' }, true, html)).toEqual({
      kind: 'file',
      path: html,
    })
  })

  it('refuses a dev server URL that is not on this machine', () => {
    expect(() => rendererTarget({ ELECTRON_RENDERER_URL: 'https://evil.example/' }, false, html)).toThrow(
      /local development server/,
    )
    expect(() => rendererTarget({ ELECTRON_RENDERER_URL: 'not a url' }, false, html)).toThrow(
      /not a valid address/,
    )
  })
})

describe('isAppUrl', () => {
  const file: RendererTarget = { kind: 'file', path: html }
  const dev: RendererTarget = { kind: 'dev-server', url: 'http://localhost:5173/' }
  const own = pathToFileURL(html).href

  it.each([
    ['the bundled page', own, true],
    ['the bundled page with a route', `${own}#/goals/abc`, true],
    ['the bundled page with a query', `${own}?tab=1`, true],
    ['another file next to it', pathToFileURL(join(root, 'out', 'renderer', 'other.html')).href, false],
    ['a file elsewhere on disk', 'file:///etc/passwd', false],
    ['a path that only starts like the page', `${own}.evil.html`, false],
    ['a foreign website', 'https://evil.example/', false],
    ['about:blank', 'about:blank', false],
    ['a javascript: URL', 'javascript:alert(1)', false],
    ['a data: URL', 'data:text/html,<h1>hi</h1>', false],
    ['garbage', '::::', false],
  ])('production: %s → %s', (_name, url, expected) => {
    expect(isAppUrl(url, file, 'linux')).toBe(expected)
  })

  it('compares Windows paths without regard to case', () => {
    const windowsTarget: RendererTarget = { kind: 'file', path: html }
    expect(isAppUrl(own.replace('operately-tray', 'Operately-Tray'), windowsTarget, 'win32')).toBe(true)
    expect(isAppUrl(own.replace('operately-tray', 'Operately-Tray'), windowsTarget, 'linux')).toBe(false)
  })

  it.each([
    ['a dev server page', 'http://localhost:5173/index.html', true],
    ['a dev server page with a route', 'http://localhost:5173/#/settings', true],
    ['another port', 'http://localhost:5174/', false],
    ['another host', 'https://evil.example/', false],
    ['the bundled file', own, false],
  ])('development: %s → %s', (_name, url, expected) => {
    expect(isAppUrl(url, dev, 'linux')).toBe(expected)
  })
})
