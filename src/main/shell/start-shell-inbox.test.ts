import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startEmulator, SEED_IDS, type Emulator } from '../../../e2e/emulator'
import { wireId } from '../../../e2e/emulator/test-support'
import { manualClock } from '../services/assignments/testing/manual-clock'
import { createMainServices, type MainServices } from '../services/create-services'
import { silentLogger } from '../services/log/logger'
import { createOperatelyClient } from '../services/operately/client'
import type { KeytarLike } from '../services/vault/token-vault'
import { startShell } from './start-shell'
import {
  FakeBrowserWindow,
  FakeNotification,
  FakeTray,
  ipcMain,
  powerMonitor,
  resetFakeElectron,
  type FakeNativeImage,
} from './testing/fake-electron'

vi.mock('electron', () => import('./testing/fake-electron'))

// The shell with the real main-process services against the Operately emulator over HTTP; only
// Electron is faked, and the inbox runs on a manual clock (12:00 UTC on Mar 10, 2026, when Ada's
// "Ship the Analytical Engine v2" check-in is 9 days overdue).

const serverNow = new Date('2026-03-10T12:00:00Z')
const mainDir = fileURLToPath(new URL('../../../out/main', import.meta.url))

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({ now: () => serverNow })
})
afterAll(() => emulator.close())

function memoryKeychain(): KeytarLike {
  const entries = new Map<string, string>()
  return {
    getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => void entries.set(`${service}/${account}`, password),
    deletePassword: async (service, account) => entries.delete(`${service}/${account}`),
  }
}

async function start(platform: NodeJS.Platform = 'linux', policy: object = {}) {
  const clock = manualClock(serverNow.getTime())
  let services: MainServices | null = null
  const shell = await startShell({
    mainDir,
    env: {},
    platform,
    bootLog: silentLogger,
    createServices: async () => {
      services = await createMainServices({
        platform: 'linux',
        policyReaders: { linuxPolicyFile: async () => JSON.stringify(policy) },
        dataDir: mkdtempSync(join(tmpdir(), 'shell-inbox-')),
        keytar: memoryKeychain(),
        log: silentLogger,
        requestTimeoutMs: 5000,
        inboxClock: { now: clock.now, timers: clock.timers, timeZone: () => 'UTC' },
      })
      return services
    },
  })
  if (!shell || !services) throw new Error('the shell did not start')
  const started: MainServices = services
  const window = FakeBrowserWindow.instances[0]
  const tray = FakeTray.instances[0]
  if (!window || !tray) throw new Error('no popup or tray')
  const invoke = (name: string, input: unknown = {}) => {
    const handler = ipcMain.handlers.get(name.replace('.', ':'))
    if (!handler) throw new Error(`no handler for ${name}`)
    return handler(window.webContents.invokeEvent(), input) as Promise<{ ok: boolean; value?: unknown }>
  }
  /** Lets the inbox finish the requests and reminders it started. */
  const settle = async () => {
    await started.assignments.whenIdle()
    await started.reminders.whenIdle()
  }
  const iconFile = () => basename((tray.image as FakeNativeImage).path ?? '')
  const listRequests = () => emulator.state.requests.filter((r) => r.endpoint === 'people/list_assignments')
  return { shell, services: started, window, tray, invoke, settle, iconFile, listRequests }
}

describe('the shell and the due check-ins inbox', () => {
  beforeEach(() => {
    resetFakeElectron()
    emulator.reset()
  })

  it('asks for the lists when the popup opens, then shows the count on the icon and in the tooltip', async () => {
    const s = await start('linux')
    await s.invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    expect(s.listRequests()).toHaveLength(0)
    expect(s.iconFile()).toBe('tray-24.png')

    s.window.show()
    await s.settle()

    expect(s.listRequests()).toHaveLength(1)
    expect(s.iconFile()).toBe('tray-count-1-24.png')
    expect(s.tray.tooltip).toBe('Operately Tray — 1 check-in due')
  })

  it('macOS: shows the count as title text beside the icon', async () => {
    const s = await start('darwin')
    await s.invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    await s.invoke('assignments.get', {})
    await s.settle()
    expect(s.tray.title).toBe('1')
    expect(s.iconFile()).toBe('trayTemplate.png')
  })

  it('drops the badge once the check-in is written and the inbox refreshed', async () => {
    const s = await start('win32')
    await s.invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    await s.invoke('assignments.get', {})
    await s.settle()
    expect(s.iconFile()).toBe('tray-count-1-16.png')

    const client = createOperatelyClient({ baseUrl: emulator.url, getToken: () => emulator.tokens.write })
    await client.createCheckIn({
      goal_id: SEED_IDS.goals.shipEngine,
      status: 'on_track',
      content: JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] }),
    })
    const refreshed = await s.invoke('assignments.refresh', {})

    expect(refreshed).toMatchObject({ ok: true, value: { dueNowCount: 0 } })
    expect(s.iconFile()).toBe('tray-16.png')
    expect(s.tray.tooltip).toBe('Operately Tray — signed in as Ada Lovelace')
  })

  it('reminds of the overdue check-in; a click shows the popup and hands the page that goal once', async () => {
    const s = await start('linux')
    await s.invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    await s.invoke('assignments.get', {})
    await s.settle()

    expect(FakeNotification.shown.map((n) => n.options.title)).toEqual(['Goal check-in overdue'])
    expect(s.window.isVisible()).toBe(false)
    const owed = s.services.assignments.current()?.goalCheckIns.overdue[0]

    FakeNotification.shown[0]?.click()

    expect(s.window.isVisible()).toBe(true)
    expect(await s.invoke('inbox.takePendingNavigation')).toEqual({
      ok: true,
      value: { goalId: owed?.goalId },
    })
    expect(await s.invoke('inbox.takePendingNavigation')).toEqual({ ok: true, value: { goalId: null } })
    expect(owed?.goalId).toMatch(/^ship-the-analytical-engine-v2-/)
  })

  it('sends no reminder when the user switched them off', async () => {
    const s = await start('linux')
    await s.invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    expect(await s.invoke('reminders.setSettings', { enabled: false, time: '09:00' })).toEqual({
      ok: true,
      value: {
        enabled: false,
        time: '09:00',
        workingDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
        quietHours: { from: '22:00', to: '07:00' },
      },
    })
    await s.invoke('assignments.get', {})
    await s.settle()
    expect(FakeNotification.shown).toEqual([])
    expect(await s.invoke('reminders.getSettings')).toEqual({
      ok: true,
      value: {
        enabled: false,
        time: '09:00',
        workingDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
        quietHours: { from: '22:00', to: '07:00' },
      },
    })
    // One switch: the app's settings (and so the settings screen) say off too.
    expect(s.shell.managed.settings.current().values.reminders).toBe(false)
  })

  it('starts with reminders off when the administrator recommends it, until the user turns them on', async () => {
    const s = await start('linux', { Reminders: false })
    await s.invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    await s.invoke('assignments.get', {})
    await s.settle()
    expect(FakeNotification.shown).toEqual([])
    expect(await s.invoke('reminders.getSettings')).toEqual({
      ok: true,
      value: {
        enabled: false,
        time: '09:00',
        workingDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
        quietHours: { from: '22:00', to: '07:00' },
      },
    })

    await s.invoke('reminders.setSettings', { enabled: true, time: '09:00' })
    await s.settle()
    expect(FakeNotification.shown.map((n) => n.options.title)).toEqual(['Goal check-in overdue'])
  })

  it('asks again when the computer wakes from sleep', async () => {
    const s = await start('linux')
    await s.invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    await s.invoke('assignments.get', {})
    await s.settle()
    expect(s.listRequests()).toHaveLength(1)

    powerMonitor.resume()
    await s.settle()

    expect(s.listRequests()).toHaveLength(2)
  })

  it('tells polling when the computer goes to sleep, so no poll is started on the way down', async () => {
    const s = await start('linux')
    await s.invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    await s.settle()
    const paused = vi.spyOn(s.services.assignments, 'onSuspend')
    powerMonitor.suspend()
    expect(paused).toHaveBeenCalledTimes(1)
    expect(powerMonitor.listenerCount('suspend')).toBe(1)
  })

  it('shows offline and the waiting change in the tray, and a notification once it reaches the server', async () => {
    const s = await start('linux')
    await s.invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    const id = wireId(emulator, SEED_IDS.projects.officeMove)
    const opened = (await s.invoke('projects.get', { id })) as {
      ok: true
      value: { description: string | null }
    }
    emulator.pause()
    await s.invoke('projects.get', { id })
    const text = JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Moving on the 3rd.' }] }],
    })
    const saved = await s.invoke('projects.saveDescription', {
      projectId: id,
      description: text,
      baseDescription: opened.value.description,
      overwrite: false,
    })
    expect(saved).toMatchObject({ ok: true, value: { outcome: 'queued' } })
    expect(s.iconFile()).toBe('tray-offline-24.png')
    expect(s.tray.tooltip).toBe('Operately Tray — 1 change waiting to sync · offline')

    emulator.resume()
    await s.invoke('sync.now', {})
    expect(FakeNotification.shown.map((n) => n.options)).toContainEqual({
      title: 'Description saved',
      body: 'Your queued change to “Office move” is now in Operately.',
    })
    expect(s.tray.tooltip).not.toMatch(/waiting to sync|offline/)
    await s.services.close()
  })

  it('stops polling and listening for wake-ups when the app quits', async () => {
    const s = await start('linux')
    await s.invoke('session.signIn', { baseUrl: emulator.url, token: emulator.tokens.write })
    await s.invoke('assignments.get', {})
    await s.settle()
    expect(powerMonitor.listenerCount('resume')).toBe(1)
    const { app } = await import('./testing/fake-electron')
    app.quit()
    // Quitting first lets the services record what is in flight (bounded), then tears down.
    await vi.waitFor(() => expect(powerMonitor.listenerCount('resume')).toBe(0))
    expect(powerMonitor.listenerCount('suspend')).toBe(0)
    powerMonitor.resume()
    await s.settle()
    expect(s.listRequests()).toHaveLength(1)
  })
})
