import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { channelFor, operationNames } from '@shared/contract'
import { startEmulator, type Emulator } from '../../../e2e/emulator'
import { createMainServices, type MainServices } from '../services/create-services'
import { silentLogger, type Logger } from '../services/log/logger'
import type { KeytarLike } from '../services/vault/token-vault'
import { startShell, type ShellOptions } from './start-shell'
import {
  FakeBrowserWindow,
  FakeTray,
  FakeWebContents,
  app,
  dialog,
  globalShortcut,
  ipcMain,
  Menu,
  protocol,
  resetFakeElectron,
  session,
  shell as fakeShell,
} from './testing/fake-electron'

vi.mock('electron', () => import('./testing/fake-electron'))

// The shell against the real main-process services and the Operately emulator over HTTP; only Electron
// is faked. The keychain is an in-memory twin: the real one is exercised by the vault's own tests.
function memoryKeychain(): KeytarLike & { locked: boolean } {
  const entries = new Map<string, string>()
  const key = (service: string, account: string) => `${service}\u0000${account}`
  const keychain = {
    /** A locked keychain refuses to delete, as a real one does until the user unlocks it. */
    locked: false,
    getPassword: async (service: string, account: string) => entries.get(key(service, account)) ?? null,
    setPassword: async (service: string, account: string, password: string) => {
      entries.set(key(service, account), password)
    },
    deletePassword: async (service: string, account: string) => {
      if (keychain.locked) throw new Error('The keychain is locked')
      return entries.delete(key(service, account))
    },
  }
  return keychain
}

const root = fileURLToPath(new URL('../../../', import.meta.url))
const mainDir = join(root, 'out', 'main')
const pageUrl = 'app://operately-tray/index.html'

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator()
})
afterAll(async () => {
  await emulator.close()
})

async function start(overrides: Partial<ShellOptions> = {}, servicesLog: Logger = silentLogger) {
  let services: MainServices | undefined
  const keychain = memoryKeychain()
  const factoryDirs: string[] = []
  const shell = await startShell({
    mainDir,
    env: {},
    platform: 'linux',
    bootLog: silentLogger,
    createServices: async ({ dataDir, askBeforeOpening }) => {
      factoryDirs.push(dataDir)
      services = await createMainServices({
        dataDir: mkdtempSync(join(tmpdir(), 'shell-')),
        keytar: keychain,
        log: servicesLog,
        requestTimeoutMs: 5000,
        // What app-services.ts passes in the app: Electron's shell.openExternal (here the fake's).
        openExternal: (url) => fakeShell.openExternal(url),
        askBeforeOpening,
      })
      return services
    },
    ...overrides,
  })
  const window = FakeBrowserWindow.instances[0]
  const tray = FakeTray.instances[0]
  const invoke = (
    name: string,
    input: unknown,
    sender: FakeWebContents | undefined = window?.webContents,
  ) => {
    const handler = ipcMain.handlers.get(name.replace('.', ':'))
    if (!handler || !sender) throw new Error(`no handler for ${name}`)
    return handler(sender.invokeEvent(), input)
  }
  return { shell, window, tray, invoke, factoryDirs, keychain, services: () => services }
}

describe('startShell', () => {
  beforeEach(() => {
    resetFakeElectron()
    emulator.reset()
  })

  it('pre-creates the popup hidden, with the secure preferences, and loads the bundled page', async () => {
    const { window } = await start()
    expect(FakeBrowserWindow.instances).toHaveLength(1)
    expect(window?.isVisible()).toBe(false)
    expect(window?.options['webPreferences']).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: join(root, 'out', 'preload', 'index.cjs'),
    })
    expect(window?.loaded).toEqual([{ kind: 'url', target: pageUrl }])
    expect(window?.webContents.getURL()).toBe(pageUrl)
  })

  it('never allows insecure content, experimental or Blink features, <webview>, or Node in workers and frames', async () => {
    const { window } = await start()
    const preferences = window?.options['webPreferences'] as Record<string, unknown>
    expect(preferences).toMatchObject({
      allowRunningInsecureContent: false,
      webviewTag: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      navigateOnDragDrop: false,
    })
    expect(preferences['experimentalFeatures']).toBeUndefined()
    expect(preferences['enableBlinkFeatures']).toBeUndefined()
    expect(preferences['devTools']).toBe(true) // development build; the packaged app passes false
  })

  it('sandboxes every renderer and declares app:// a standard, secure scheme, both before ready', async () => {
    await start()
    expect(app.sandboxEnabled).toEqual({ beforeReady: true })
    expect(protocol.privileged).toEqual([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, codeCache: true },
      },
    ])
    expect(protocol.registeredBeforeReady).toBe(true)
  })

  it('serves the built page on app:// with the CSP header, and nothing outside the build', async () => {
    await start()
    const handler = session.defaultSession.protocolHandlers.get('app')
    if (!handler) throw new Error('app:// is not served')
    const page = await handler(new Request(pageUrl))
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root"></div>')
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'self'/)
    expect((await handler(new Request('app://operately-tray/../main/index.js'))).status).toBe(404)
    expect((await handler(new Request('app://operately-tray/%2e%2e/main/index.js'))).status).toBe(404)
    // The CSP travels with the page itself; no webRequest hook is needed (or installed) for it.
    expect(session.defaultSession.headersListener).toBeNull()
  })

  it("sends links that leave the popup through the link policy: main's dialog first, the server's pages at once once it said Open", async () => {
    const { invoke, window, tray } = await start()
    await invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    tray?.click()
    const host = new URL(emulator.url).host
    expect(window?.webContents.navigate(`${emulator.url}/goals`)).toBe(true)
    await expect.poll(() => dialog.messageBoxes.length).toBe(1)
    // Main's own box, modal to the popup; the page is told nothing and asked nothing.
    expect(dialog.messageBoxes[0]?.parent).toBe(window)
    expect(dialog.messageBoxes[0]?.options).toMatchObject({ message: `Open ${host} in your browser?` })
    expect(fakeShell.opened).toEqual([])
    dialog.messageBoxes[0]?.answer(0)
    await expect.poll(() => fakeShell.opened).toEqual([`${emulator.url}/goals`])
    // The server said yes to once: its pages open at once; another site waits for the dialog.
    expect(window?.webContents.navigate(`${emulator.url}/projects`)).toBe(true)
    await expect.poll(() => fakeShell.opened).toEqual([`${emulator.url}/goals`, `${emulator.url}/projects`])
    expect(window?.webContents.openWindow('https://example.com/')).toEqual({ action: 'deny' })
    await expect.poll(() => dialog.messageBoxes.length).toBe(2)
    expect(dialog.messageBoxes[1]?.options).toMatchObject({ message: 'Open example.com in your browser?' })
    expect(window?.webContents.sent).toEqual([])
    dialog.messageBoxes[1]?.answer(0)
    await expect
      .poll(() => fakeShell.opened)
      .toEqual([`${emulator.url}/goals`, `${emulator.url}/projects`, 'https://example.com/'])
  })

  it("cannot open another site from the page without main's dialog answering Open", async () => {
    const { invoke, tray } = await start()
    await invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    tray?.click()
    const cancelled = invoke('app.openExternal', { url: 'https://evil.example/' })
    await expect.poll(() => dialog.messageBoxes.length).toBe(1)
    dialog.messageBoxes[0]?.answer(1)
    expect(await cancelled).toEqual({ ok: true, value: { status: 'cancelled' } })
    const agreed = invoke('app.openExternal', { url: 'https://evil.example/' })
    await expect.poll(() => dialog.messageBoxes.length).toBe(2)
    expect(fakeShell.opened).toEqual([])
    dialog.messageBoxes[1]?.answer(0)
    expect(await agreed).toEqual({ ok: true, value: { status: 'opened' } })
    expect(fakeShell.opened).toEqual(['https://evil.example/'])
    // The old page-side answer is gone from the bridge.
    expect(ipcMain.handlers.has('app:answerLinkQuestion')).toBe(false)
    expect(ipcMain.handlers.has('app:takeLinkQuestion')).toBe(false)
  })

  it('answers every contract operation over IPC', async () => {
    await start()
    expect([...ipcMain.handlers.keys()].sort()).toEqual(operationNames.map(channelFor).sort())
  })

  it('signs in from the popup page: the tray then names the person and offers Sign out', async () => {
    const { invoke, tray } = await start()
    expect(tray?.tooltip).toBe('Operately Tray — not signed in')
    expect(tray?.contextMenu?.item('Sign out').enabled).toBe(false)

    const result = await invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })

    expect(result).toMatchObject({
      ok: true,
      value: { status: 'signed_in', person: { fullName: 'Ada Lovelace' } },
    })
    expect(tray?.tooltip).toBe('Operately Tray — signed in as Ada Lovelace')
    expect(tray?.contextMenu?.item('Sign out').enabled).toBe(true)
  })

  it('never lets a foreign page sign in: the call is ignored and the services never see it', async () => {
    const { invoke, window, tray } = await start()
    window?.webContents.navigate('https://evil.example/') // blocked by the guard …
    if (window) window.webContents.mainFrame.url = 'https://evil.example/' // … so force it, as a compromised page would be
    expect(
      await invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write }),
    ).toBeUndefined()
    const stranger = new FakeWebContents()
    stranger.mainFrame.url = pageUrl
    expect(
      await invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write }, stranger),
    ).toBeUndefined()
    expect(emulator.state.requests).toEqual([])
    expect(tray?.tooltip).toBe('Operately Tray — not signed in')
  })

  it('signs out from the tray menu and opens the popup on its sign-in screen', async () => {
    const { invoke, tray, window, services } = await start()
    await invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })

    await tray?.contextMenu?.click('Sign out')

    expect(await services()?.session.get()).toEqual({ status: 'signed_out', lastBaseUrl: emulator.url })
    expect(tray?.tooltip).toBe('Operately Tray — not signed in')
    expect(tray?.contextMenu?.item('Sign out').enabled).toBe(false)
    expect(window?.isVisible()).toBe(true)
  })

  it('says so when signing out from the tray fails, and stays signed in', async () => {
    const { invoke, tray, keychain } = await start()
    await invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    keychain.locked = true

    await tray?.contextMenu?.click('Sign out')

    expect(dialog.errors).toHaveLength(1)
    expect(dialog.errors[0]?.title).toBe('Operately Tray could not sign out')
    expect(dialog.errors[0]?.content).toMatch(/keychain|Secret Service/i)
    expect(tray?.tooltip).toBe('Operately Tray — signed in as Ada Lovelace')
  })

  it('opens the popup from the tray menu and keeps it open on blur once the user asks for that', async () => {
    const clock = { now: 1_000_000 }
    const { tray, window } = await start({ now: () => clock.now })
    await tray?.contextMenu?.click('Open')
    expect(window?.isVisible()).toBe(true)
    await tray?.contextMenu?.click('Keep open when it loses focus')
    expect(tray?.contextMenu?.item('Keep open when it loses focus').checked).toBe(true)
    clock.now += 10_000
    window?.blur()
    expect(window?.isVisible()).toBe(true)
  })

  it('shows the popup when the app is launched a second time', async () => {
    const { window } = await start()
    app.emit('second-instance', {}, ['operately-tray'], '/home/ada', {})
    expect(window?.isVisible()).toBe(true)
  })

  it('shows the popup once ready when the second launch arrives while still starting', async () => {
    const starting = start()
    app.emit('second-instance', {}, ['operately-tray'], '/home/ada', {})
    const { window } = await starting
    expect(window?.isVisible()).toBe(true)
  })

  it('starts hidden even if macOS reports an activation during launch, and shows on a later one', async () => {
    const starting = start({ platform: 'darwin' })
    app.emit('activate', {}, false)
    const { window } = await starting
    expect(window?.isVisible()).toBe(false)
    app.emit('activate', {}, false)
    expect(window?.isVisible()).toBe(true)
  })

  it('toggles the popup with the global shortcut', async () => {
    const { window } = await start()
    const press = globalShortcut.registered.get('CommandOrControl+Shift+O')
    expect(press).toBeDefined()
    press?.()
    expect(window?.isVisible()).toBe(true)
    press?.()
    expect(window?.isVisible()).toBe(false)
  })

  it('keeps running when another app holds the shortcut', async () => {
    globalShortcut.taken.add('CommandOrControl+Shift+O')
    const { shell, tray } = await start()
    expect(shell).not.toBeNull()
    expect(tray).toBeDefined()
  })

  it('leaves quietly when another instance already runs (that one shows its popup instead)', async () => {
    app.singleInstanceLock = false
    const { shell } = await start()
    expect(shell).toBeNull()
    expect(app.quitCalls).toBe(1)
    expect(FakeBrowserWindow.instances).toHaveLength(0)
    expect(FakeTray.instances).toHaveLength(0)
  })

  it('denies web permissions and keeps every window on the app before anything loads', async () => {
    const { window } = await start()
    const answers: boolean[] = []
    session.defaultSession.permissionRequestHandler?.(
      window?.webContents,
      'media',
      (granted) => answers.push(granted),
      {},
    )
    expect(answers).toEqual([false])
    expect(window?.webContents.navigate('https://evil.example/')).toBe(true)
    expect(window?.webContents.openWindow('https://example.com/')).toEqual({ action: 'deny' })
  })

  it('hides the dock icon on macOS and pops the tray menu instead of attaching it', async () => {
    const { tray } = await start({ platform: 'darwin' })
    expect(app.dockHidden).toBe(true)
    expect(tray?.setContextMenuCalls).toBe(0)
  })

  it('removes the default menu and its Reload shortcut on Linux; keeps only the Edit menu on macOS for copy and paste', async () => {
    await start()
    expect(Menu.applicationMenu).toBeNull()
    resetFakeElectron()
    await start({ platform: 'darwin' })
    expect(Menu.applicationMenu?.items.map((item) => item.role)).toEqual(['appMenu', 'editMenu'])
  })

  it('sets the Windows AppUserModelID so notifications and pinning work', async () => {
    await start({ platform: 'win32' })
    expect(app.appUserModelId).toBe('com.operately.tray')
  })

  it('keeps its data where OPERATELY_TRAY_DATA_DIR says, Electron profile included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shell-data-'))
    const { factoryDirs } = await start({ env: { OPERATELY_TRAY_DATA_DIR: dir } })
    expect(app.getPath('userData')).toBe(dir)
    expect(factoryDirs).toEqual([dir])
  })

  it("ignores OPERATELY_TRAY_DATA_DIR in a packaged build, and says so in the app's log", async () => {
    app.isPackaged = true
    const warnings: string[] = []
    const dir = mkdtempSync(join(tmpdir(), 'shell-data-'))
    const { factoryDirs } = await start(
      {
        env: { OPERATELY_TRAY_DATA_DIR: dir },
        // Where a packaged app finds its tray icons and update settings; none are needed here.
        resourcesPath: mkdtempSync(join(tmpdir(), 'resources-')),
      },
      { ...silentLogger, warn: (message) => void warnings.push(message) },
    )
    // windows: the fake app.getPath's own string, passed through untouched on every system.
    expect(factoryDirs).toEqual(['/tmp/operately-tray-fake-user-data'])
    expect(warnings).toContain(
      'OPERATELY_TRAY_DATA_DIR is ignored: a packaged build keeps its data in its own folder',
    )
  })

  it('tells the user why it cannot start when the services fail (a broken keychain module), and exits', async () => {
    const { shell } = await start({
      createServices: async () => {
        throw new Error('Operately Tray cannot use the system keychain, where it keeps your API token.')
      },
    })
    expect(shell).toBeNull()
    expect(dialog.errors).toEqual([
      {
        title: 'Operately Tray could not start',
        content: 'Operately Tray cannot use the system keychain, where it keeps your API token.',
      },
    ])
    expect(app.exitCode).toBe(1)
    expect(FakeTray.instances).toHaveLength(0)
  })

  it('cleans up on quit: shortcut released, tray removed, IPC handlers gone, popup allowed to close', async () => {
    const { window, tray } = await start()
    app.quit()
    // Once the services have stopped (quitting waits for that, see below).
    await vi.waitFor(() => expect(tray?.isDestroyed()).toBe(true))
    expect(globalShortcut.registered.size).toBe(0)
    expect(ipcMain.handlers.size).toBe(0)
    expect(window?.close()).toBe(false)
  })

  it('keeps running when the popup is closed: a tray app lives in the tray', async () => {
    const { window } = await start()
    expect(app.listenerCount('window-all-closed')).toBeGreaterThan(0)
    expect(window?.close()).toBe(true)
    expect(app.quitCalls).toBe(0)
  })
})

describe('quitting', () => {
  beforeEach(() => {
    resetFakeElectron()
    emulator.reset()
  })

  it('waits for the services to record what is in flight, then quits', async () => {
    const { tray, services } = await start()
    const running = services()!
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const close = running.close.bind(running)
    let closed = false
    running.close = async () => {
      await held
      await close()
      closed = true
    }
    app.quit()
    // Held: nothing is torn down while a delivery is still being recorded.
    expect(tray?.isDestroyed()).toBe(false)
    release()
    await vi.waitFor(() => expect(tray?.isDestroyed()).toBe(true))
    expect(closed).toBe(true)
    expect(app.quitCalls).toBe(2)
  })

  it('does not wait forever', async () => {
    const { tray, services } = await start({ quitWaitMs: 50 })
    services()!.close = () => new Promise<void>(() => undefined)
    app.quit()
    expect(tray?.isDestroyed()).toBe(false)
    await vi.waitFor(() => expect(tray?.isDestroyed()).toBe(true))
  })
})
