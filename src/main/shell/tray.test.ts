import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionState } from '@shared/session'
import { silentLogger } from '../services/log/logger'
import { createTray, trayHandleKey } from './tray'
import { trayIconSpec } from './tray-icons'
import { FakeTray, resetFakeElectron, type FakeNativeImage } from './testing/fake-electron'

vi.mock('electron', () => import('./testing/fake-electron'))

const iconDir = fileURLToPath(new URL('../../../build/tray', import.meta.url))

const signedIn: SessionState = {
  status: 'signed_in',
  baseUrl: 'https://app.operately.com',
  person: { id: 'p1', fullName: 'Ada Lovelace', email: 'ada@example.com', title: null, avatarUrl: null },
  canWrite: true,
  serverVersion: null,
  capabilities: null,
}
const signedOut: SessionState = { status: 'signed_out', lastBaseUrl: 'https://app.operately.com' }

function setup(platform: NodeJS.Platform, initialState: SessionState = signedOut) {
  const log: string[] = []
  let keepOpen = false
  const actions = {
    open: () => void log.push('open'),
    toggle: (bounds: unknown) => void log.push(`toggle ${JSON.stringify(bounds)}`),
    signOut: () => void log.push('signOut'),
    quit: () => void log.push('quit'),
    keepOpen: () => keepOpen,
    setKeepOpen: (value: boolean) => {
      keepOpen = value
      log.push(`keepOpen ${value}`)
    },
  }
  const controller = createTray({ iconDir, platform, log: silentLogger, actions, initialState })
  const tray = FakeTray.instances.at(-1)
  if (!tray) throw new Error('no tray was created')
  return { controller, tray, log }
}

describe('tray on Linux and Windows', () => {
  beforeEach(() => resetFakeElectron())

  it.each(['linux', 'win32'] as const)(
    '%s: attaches a context menu with Open, Sign out and Quit from the start',
    (platform) => {
      const { tray } = setup(platform)
      expect(tray.contextMenu?.labels()).toEqual([
        'Open',
        'Keep open when it loses focus',
        'Sign out',
        'Quit',
      ])
    },
  )

  it('leaves the main process a handle on the real icon and its current menu (for the Electron e2e spec)', () => {
    const { tray, controller } = setup('linux')
    const handle = (globalThis as Record<symbol, unknown>)[trayHandleKey] as {
      tray: unknown
      menu: () => { labels(): string[] } | null
    }
    expect(handle.tray).toBe(tray)
    expect(handle.menu()?.labels()).toContain('Sign out')
    controller.update(signedIn)
    expect(handle.menu()).toBe(tray.contextMenu)
  })

  it('offers Sign out only while signed in, and re-attaches the menu on every change', () => {
    const { tray, controller } = setup('linux')
    expect(tray.contextMenu?.item('Sign out').enabled).toBe(false)
    const attachedBefore = tray.setContextMenuCalls
    controller.update(signedIn)
    expect(tray.contextMenu?.item('Sign out').enabled).toBe(true)
    controller.update(signedOut)
    expect(tray.contextMenu?.item('Sign out').enabled).toBe(false)
    expect(tray.setContextMenuCalls).toBe(attachedBefore + 2)
  })

  it('says who is signed in in the tooltip, and when nobody is', () => {
    const { tray, controller } = setup('win32')
    expect(tray.tooltip).toBe('Operately Tray — not signed in')
    controller.update(signedIn)
    expect(tray.tooltip).toBe('Operately Tray — signed in as Ada Lovelace')
    controller.update(signedOut)
    expect(tray.tooltip).toBe('Operately Tray — not signed in')
  })

  it('runs the menu actions', async () => {
    const { tray, controller, log } = setup('linux', signedIn)
    await tray.contextMenu?.click('Open')
    await tray.contextMenu?.click('Sign out')
    await tray.contextMenu?.click('Quit')
    expect(log).toEqual(['open', 'signOut', 'quit'])
    controller.update(signedOut)
    await tray.contextMenu?.click('Sign out')
    expect(log).toEqual(['open', 'signOut', 'quit'])
  })

  it('toggles "keep open when it loses focus" from the menu and shows the new state after re-rendering', async () => {
    const { tray, controller, log } = setup('win32')
    await tray.contextMenu?.click('Keep open when it loses focus')
    expect(log).toEqual(['keepOpen true'])
    controller.refresh()
    expect(tray.contextMenu?.item('Keep open when it loses focus').checked).toBe(true)
  })

  it('toggles the popup on a click, passing the icon bounds when the OS gives them', () => {
    const { tray, log } = setup('win32')
    tray.bounds = { x: 1700, y: 1040, width: 24, height: 40 }
    tray.click()
    expect(log).toEqual(['toggle {"x":1700,"y":1040,"width":24,"height":40}'])
  })

  it('passes no bounds when the OS reports an empty rectangle (Linux, Wayland)', () => {
    const { tray, controller, log } = setup('linux')
    tray.click()
    expect(log).toEqual(['toggle null'])
    expect(controller.bounds()).toBeNull()
  })

  it('uses the colour icons, with the attention badge while signed out', () => {
    const { tray, controller } = setup('win32')
    const image = () => tray.image as FakeNativeImage
    expect(image().path).toMatch(/tray-attention-16\.png$/)
    expect(image().isEmpty()).toBe(false)
    expect(image().representations.map((r) => r.scaleFactor)).toEqual([1.5, 3])
    controller.update(signedIn)
    expect(image().path).toMatch(/tray-16\.png$/)
  })
})

describe('tray on macOS', () => {
  beforeEach(() => resetFakeElectron())

  it('does not attach the menu (it would swallow the left click), and pops it up on right-click instead', () => {
    const { tray } = setup('darwin', signedIn)
    expect(tray.setContextMenuCalls).toBe(0)
    tray.rightClick()
    expect(tray.poppedUp.at(-1)?.labels()).toEqual([
      'Open',
      'Keep open when it loses focus',
      'Sign out',
      'Quit',
    ])
    expect(tray.poppedUp.at(-1)?.item('Sign out').enabled).toBe(true)
  })

  it('toggles the popup on a left click, and treats control-click as a right-click', () => {
    const { tray, log } = setup('darwin')
    tray.bounds = { x: 1200, y: 0, width: 22, height: 24 }
    tray.click()
    expect(log).toEqual(['toggle {"x":1200,"y":0,"width":22,"height":24}'])
    tray.click({ ctrlKey: true })
    expect(log).toHaveLength(1)
    expect(tray.poppedUp).toHaveLength(1)
  })

  it('uses template images so the menu bar can tint them', () => {
    const { tray } = setup('darwin')
    const image = tray.image as FakeNativeImage
    expect(image.path).toMatch(/trayAttentionTemplate\.png$/)
    expect(image.template).toBe(true)
    expect(image.isEmpty()).toBe(false)
    expect(tray.ignoreDoubleClick).toBe(true)
  })
})

describe('tray icon files', () => {
  it.each(['darwin', 'win32', 'linux'] as const)(
    '%s: every icon the tray asks for exists in build/tray',
    (platform) => {
      for (const variant of ['normal', 'attention'] as const) {
        const spec = trayIconSpec(platform, variant)
        for (const file of [
          spec.file,
          spec.file.replace('.png', '@2x.png'),
          ...spec.extraScales.map((s) => s.file),
        ]) {
          expect(existsSync(`${iconDir}/${file}`), file).toBe(true)
        }
      }
    },
  )
})
