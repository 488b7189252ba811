import { existsSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionState } from '@shared/session'
import { silentLogger } from '../services/log/logger'
import { createTray } from './tray'
import { countVariant, trayAppearance, type TrayAppearanceInput } from './tray-badge'
import { trayIconSpec, type TrayIconVariant } from './tray-icons'
import { FakeTray, resetFakeElectron, type FakeNativeImage } from './testing/fake-electron'

vi.mock('electron', () => import('./testing/fake-electron'))

const iconDir = fileURLToPath(new URL('../../../build/tray', import.meta.url))

const base: TrayAppearanceInput = {
  platform: 'linux',
  signedIn: true,
  personName: 'Ada Lovelace',
  dueNow: 0,
  offline: false,
  attention: false,
  pending: 0,
}

describe('trayAppearance', () => {
  it.each([
    ['linux', 2, 'count-2', '', 'Operately Tray — 2 check-ins due'],
    ['win32', 1, 'count-1', '', 'Operately Tray — 1 check-in due'],
    ['win32', 9, 'count-9', '', 'Operately Tray — 9 check-ins due'],
    ['linux', 10, 'count-9plus', '', 'Operately Tray — 10 check-ins due'],
    ['darwin', 2, 'normal', '2', 'Operately Tray — 2 check-ins due'],
    ['darwin', 14, 'normal', '14', 'Operately Tray — 14 check-ins due'],
  ] as const)('%s with %i due: icon %s, title "%s"', (platform, dueNow, icon, title, tooltip) => {
    expect(trayAppearance({ ...base, platform, dueNow })).toEqual({ icon, title, tooltip })
  })

  it.each(['linux', 'win32', 'darwin'] as const)('%s: no badge when nothing is due', (platform) => {
    expect(trayAppearance({ ...base, platform })).toEqual({
      icon: 'normal',
      title: '',
      tooltip: 'Operately Tray — signed in as Ada Lovelace',
    })
  })

  it('shows the offline icon, and still says in the tooltip (and the macOS title) what is due', () => {
    expect(trayAppearance({ ...base, dueNow: 2, offline: true })).toEqual({
      icon: 'offline',
      title: '',
      tooltip: 'Operately Tray — 2 check-ins due · offline',
    })
    expect(trayAppearance({ ...base, platform: 'darwin', dueNow: 2, offline: true })).toMatchObject({
      icon: 'offline',
      title: '2',
    })
  })

  it('puts queued work that needs the user before everything else', () => {
    expect(trayAppearance({ ...base, dueNow: 3, offline: true, attention: true })).toEqual({
      icon: 'attention',
      title: '',
      tooltip: 'Operately Tray — 3 check-ins due · queued changes need your attention · offline',
    })
  })

  it('says in the tooltip how many changes wait to be sent', () => {
    expect(trayAppearance({ ...base, offline: true, pending: 1 })).toEqual({
      icon: 'offline',
      title: '',
      tooltip: 'Operately Tray — 1 change waiting to sync · offline',
    })
    expect(trayAppearance({ ...base, pending: 3 }).tooltip).toBe('Operately Tray — 3 changes waiting to sync')
  })

  it('shows no count while signed out, whatever was due before', () => {
    expect(trayAppearance({ ...base, platform: 'darwin', signedIn: false, dueNow: 4 })).toEqual({
      icon: 'attention',
      title: '',
      tooltip: 'Operately Tray — not signed in',
    })
  })

  it('maps counts to icons: 1…9, then 9+', () => {
    expect([1, 5, 9, 10, 250].map(countVariant)).toEqual([
      'count-1',
      'count-5',
      'count-9',
      'count-9plus',
      'count-9plus',
    ])
  })
})

describe('tray icon files for the badge', () => {
  const variants: TrayIconVariant[] = [
    'normal',
    'attention',
    'offline',
    ...([1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const).map(countVariant),
  ]

  it.each(['linux', 'win32', 'darwin'] as const)(
    '%s: every variant the tray may ask for exists',
    (platform) => {
      for (const variant of variants) {
        const spec = trayIconSpec(platform, variant)
        for (const file of [
          spec.file,
          spec.file.replace('.png', '@2x.png'),
          ...spec.extraScales.map((s) => s.file),
        ])
          expect(existsSync(join(iconDir, file)), `${variant}: ${file}`).toBe(true)
      }
    },
  )

  it('draws a different picture for each count', () => {
    const pictures = variants
      .filter((v) => v.startsWith('count-'))
      .map((v) => readFileSync(join(iconDir, trayIconSpec('linux', v).file)).toString('base64'))
    expect(new Set(pictures).size).toBe(10)
  })
})

const signedIn: SessionState = {
  status: 'signed_in',
  baseUrl: 'https://app.operately.com',
  person: { id: 'p1', fullName: 'Ada Lovelace', email: null, title: null, avatarUrl: null },
  canWrite: true,
  serverVersion: null,
  capabilities: null,
}

function trayOn(platform: NodeJS.Platform, initialState: SessionState = signedIn) {
  const actions = {
    open() {},
    toggle() {},
    signOut() {},
    quit() {},
    keepOpen: () => false,
    setKeepOpen() {},
  }
  const controller = createTray({ iconDir, platform, log: silentLogger, actions, initialState })
  const tray = FakeTray.instances.at(-1)
  if (!tray) throw new Error('no tray was created')
  const iconFile = () => basename((tray.image as FakeNativeImage).path ?? '')
  return { controller, tray, iconFile }
}

describe('the tray with a badge', () => {
  beforeEach(() => resetFakeElectron())

  it('macOS: the count is title text beside the unchanged icon, and goes away at zero', () => {
    const { controller, tray, iconFile } = trayOn('darwin')
    controller.setBadge({ dueNow: 2 })
    expect(tray.title).toBe('2')
    expect(iconFile()).toBe('trayTemplate.png')
    expect(tray.tooltip).toBe('Operately Tray — 2 check-ins due')
    controller.setBadge({ dueNow: 0 })
    expect(tray.title).toBe('')
    expect(tray.tooltip).toBe('Operately Tray — signed in as Ada Lovelace')
  })

  it('macOS: sets the title only when it changes', () => {
    const { controller, tray } = trayOn('darwin')
    controller.setBadge({ dueNow: 2 })
    const calls = tray.setTitleCalls
    controller.setBadge({ offline: true })
    controller.update(signedIn)
    expect(tray.setTitleCalls).toBe(calls)
  })

  it('Linux: an icon with the count, the menu re-attached, and the plain icon again at zero', () => {
    const { controller, tray, iconFile } = trayOn('linux')
    const attached = tray.setContextMenuCalls
    controller.setBadge({ dueNow: 3 })
    expect(iconFile()).toBe('tray-count-3-24.png')
    expect(tray.setContextMenuCalls).toBe(attached + 1)
    controller.setBadge({ dueNow: 0 })
    expect(iconFile()).toBe('tray-24.png')
  })

  it('Windows: 9+ for ten or more, with the larger sizes for high-DPI screens', () => {
    const { controller, tray, iconFile } = trayOn('win32')
    controller.setBadge({ dueNow: 12 })
    expect(iconFile()).toBe('tray-count-9plus-16.png')
    expect((tray.image as FakeNativeImage).representations.map((r) => r.scaleFactor)).toEqual([1.5, 3])
    expect(tray.tooltip).toBe('Operately Tray — 12 check-ins due')
  })

  it('keeps the count through offline and back, and drops it when signed out', () => {
    const { controller, tray, iconFile } = trayOn('linux')
    controller.setBadge({ dueNow: 1 })
    controller.setBadge({ offline: true })
    expect(iconFile()).toBe('tray-offline-24.png')
    expect(tray.tooltip).toBe('Operately Tray — 1 check-in due · offline')
    controller.setBadge({ offline: false })
    expect(iconFile()).toBe('tray-count-1-24.png')
    controller.update({ status: 'signed_out', lastBaseUrl: null })
    expect(iconFile()).toBe('tray-attention-24.png')
    expect(tray.tooltip).toBe('Operately Tray — not signed in')
  })
})
