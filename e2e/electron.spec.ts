import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { _electron, expect, test, type ElectronApplication, type Page } from '@playwright/test'
import { operationNames } from '../src/shared/contract'
import { startEmulator, type Emulator } from './emulator'
import { popup } from './support/popup'

// The real app in a real Electron: main process, preload, sandboxed page served from app://, IPC, and the
// real tray icon. Playwright cannot click into the OS's tray area, so the spec reaches the icon from the
// main process (createTray leaves a handle for exactly this) and sends it the click the OS would send.

const root = fileURLToPath(new URL('..', import.meta.url))

/**
 * The Electron executable, or null when none is installed. `require('electron')` is not used to find
 * out: when the binary is missing it tries to download it, which is exactly what is blocked here.
 */
function installedElectron(): string | null {
  let packageDir: string
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  } catch {
    return null
  }
  const pathFile = join(packageDir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const relative = readFileSync(pathFile, 'utf8').trim()
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH']
  const executable = override ? join(override, relative) : join(packageDir, 'dist', relative)
  return existsSync(executable) ? executable : null
}

const electronPath = installedElectron()
const hasDisplay =
  process.platform !== 'linux' || Boolean(process.env['DISPLAY'] || process.env['WAYLAND_DISPLAY'])

test.skip(
  electronPath === null,
  'Electron binary not installed on this machine (its download is blocked); run on a machine where `npx electron --version` works',
)
test.skip(
  !hasDisplay,
  'No display for Electron windows on this Linux machine; run under `xvfb-run` or in a desktop session',
)

interface Launched {
  app: ElectronApplication
  page: Page
  emulator: Emulator
}

async function launch(dataDir: string): Promise<Launched> {
  const mainBundle = join(root, 'out', 'main', 'index.js')
  expect(existsSync(mainBundle), 'out/main/index.js is missing: run `npx electron-vite build` first').toBe(
    true,
  )
  const emulator = await startEmulator()
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value
  // The bundled page, never a dev server that happens to be announced in this shell.
  delete env['ELECTRON_RENDERER_URL']
  env['OPERATELY_TRAY_DATA_DIR'] = dataDir
  const app = await _electron.launch({
    executablePath: electronPath ?? undefined,
    // The project folder: Electron reads package.json ("main": "out/main/index.js") like an installed app.
    // Chromium's sandbox cannot start as root inside a container; a normal user keeps it.
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), root],
    env,
  })
  const page = await app.firstWindow()
  await page.waitForLoadState('domcontentloaded')
  return { app, page, emulator }
}

interface TrayView {
  exists: boolean
  items: { label: string; enabled: boolean }[]
}

/** The real tray icon as the main process holds it: whether it exists, its tooltip and its menu. */
function readTray(app: ElectronApplication): Promise<TrayView> {
  return app.evaluate(() => {
    const handle = (globalThis as Record<symbol, unknown>)[Symbol.for('operately-tray:tray')] as
      { tray: Electron.Tray; menu: () => Electron.Menu | null } | undefined
    if (!handle) return { exists: false, items: [] }
    return {
      exists: !handle.tray.isDestroyed(),
      items: (handle.menu()?.items ?? [])
        .filter((item) => item.type !== 'separator')
        .map((item) => ({ label: item.label, enabled: item.enabled })),
    }
  })
}

/** A left click on the tray icon, as the OS delivers it to the app. */
async function clickTray(app: ElectronApplication): Promise<void> {
  await app.evaluate(() => {
    const handle = (globalThis as Record<symbol, unknown>)[Symbol.for('operately-tray:tray')] as {
      tray: Electron.Tray
    }
    const modifiers = {
      ctrlKey: false,
      altKey: false,
      shiftKey: false,
      metaKey: false,
      triggeredByAccelerator: false,
    }
    handle.tray.emit('click', modifiers, handle.tray.getBounds(), { x: 0, y: 0 })
  })
}

const popupVisible = (app: ElectronApplication) =>
  app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.isVisible() ?? false)

test.describe('the Electron app', () => {
  let dataDir: string
  let launched: Launched | undefined

  test.beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'operately-tray-electron-'))
  })

  test.afterEach(async () => {
    await launched?.app.close()
    await launched?.emulator.close()
    launched = undefined
    await rm(dataDir, { recursive: true, force: true })
  })

  test('lives in the tray: the icon exists with its menu, and a click on it toggles the popup', async () => {
    launched = await launch(dataDir)
    const { app } = launched
    expect(await readTray(app)).toEqual({
      exists: true,
      items: [
        { label: 'Open', enabled: true },
        { label: 'Keep open when it loses focus', enabled: true },
        { label: 'Sign out', enabled: false },
        { label: 'Quit', enabled: true },
      ],
    })
    expect(await popupVisible(app)).toBe(false)
    await clickTray(app)
    await expect.poll(() => popupVisible(app)).toBe(true)
    await clickTray(app)
    await expect.poll(() => popupVisible(app)).toBe(false)
  })

  test('serves the page from app://, where an injected inline script does not run', async () => {
    launched = await launch(dataDir)
    const { page } = launched
    expect(page.url()).toBe('app://operately-tray/index.html')
    const injected = await page.evaluate(async () => {
      const w = window as unknown as { ran?: boolean }
      const script = document.createElement('script')
      script.textContent = 'window.ran = true'
      document.body.append(script)
      await new Promise((resolve) => setTimeout(resolve, 100))
      return w.ran ?? false
    })
    expect(injected).toBe(false)
  })

  test('starts in the tray with the popup hidden; the popup signs in against the server', async () => {
    launched = await launch(dataDir)
    const { app, page, emulator } = launched

    const visibleAtStart = await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows().map((w) => w.isVisible()),
    )
    expect(visibleAtStart).toEqual([false])

    await clickTray(app)
    await expect.poll(() => popupVisible(app)).toBe(true)

    const ui = popup(page)
    await expect(ui.signInHeading).toBeVisible()
    // Screenshots of the real popup on each system, kept with the Playwright report in CI.
    await test.info().attach('popup-sign-in.png', { body: await page.screenshot(), contentType: 'image/png' })
    await ui.serverUrl.fill(emulator.url)
    await ui.token.fill(emulator.tokens.write)
    await ui.signInButton.click()
    await expect(page.getByText('Signed in as Ada Lovelace')).toBeVisible()
    await test
      .info()
      .attach('popup-signed-in.png', { body: await page.screenshot(), contentType: 'image/png' })
    // The tray's menu follows: Sign out is offered now.
    await expect
      .poll(async () => (await readTray(app)).items.find((item) => item.label === 'Sign out')?.enabled)
      .toBe(true)

    // Leave the keychain as we found it.
    await ui.signOutButton.click()
    await expect(ui.signInHeading).toBeVisible()
  })

  test('gives the page the bridge and nothing of Node or Electron', async () => {
    launched = await launch(dataDir)
    const { page } = launched
    const seen = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>
      const bridge = w['operately'] as Record<string, Record<string, unknown>>
      return {
        require: typeof w['require'],
        process: typeof w['process'],
        ipcRenderer: typeof w['ipcRenderer'],
        operations: Object.entries(bridge).flatMap(([area, calls]) =>
          Object.keys(calls).map((op) => `${area}.${op}`),
        ),
      }
    })
    expect(seen).toMatchObject({ require: 'undefined', process: 'undefined', ipcRenderer: 'undefined' })
    expect(seen.operations.sort()).toEqual([...operationNames].sort())
  })
})
