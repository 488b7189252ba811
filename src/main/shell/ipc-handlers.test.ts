import { beforeEach, describe, expect, it, vi } from 'vitest'
import { channelFor, operationNames } from '@shared/contract'
import type { Dispatch } from '../services/ipc/dispatcher'
import { silentLogger } from '../services/log/logger'
import { appPageUrl, isAppUrl } from './app-location'
import { registerIpcHandlers } from './ipc-handlers'
import { FakeWebContents, FakeWebFrame, ipcMain, resetFakeElectron } from './testing/fake-electron'

vi.mock('electron', () => import('./testing/fake-electron'))

const pageUrl = appPageUrl
const isOwnPage = (url: string) => isAppUrl(url, { kind: 'bundle', root: '/opt/operately-tray/out/renderer' })

function setup() {
  const popup = new FakeWebContents()
  popup.mainFrame.url = pageUrl
  const calls: [string, unknown][] = []
  const dispatch: Dispatch = async (name, input) => {
    calls.push([name, input])
    return { ok: true, value: { status: 'signed_out', lastBaseUrl: null } }
  }
  const warnings: Record<string, unknown>[] = []
  const log = {
    ...silentLogger,
    warn: (_m: string, fields?: Record<string, unknown>) => void warnings.push(fields ?? {}),
  }
  const dispose = registerIpcHandlers({
    dispatch,
    popupContents: () => popup as never,
    isAppUrl: isOwnPage,
    log,
  })
  const invoke = (channel: string, event: unknown, input?: unknown) => {
    const handler = ipcMain.handlers.get(channel)
    if (!handler) throw new Error(`no handler on ${channel}`)
    return handler(event, input)
  }
  return { popup, calls, warnings, dispose, invoke }
}

describe('registerIpcHandlers', () => {
  beforeEach(() => resetFakeElectron())

  it('registers one handler per contract operation, on its channel', () => {
    setup()
    expect([...ipcMain.handlers.keys()].sort()).toEqual(operationNames.map(channelFor).sort())
  })

  it('passes a call from the popup page to the services with its input, and returns their answer', async () => {
    const { popup, calls, invoke } = setup()
    const input = { baseUrl: 'https://app.operately.com', token: 'opk_abc' }
    const answer = await invoke('session:signIn', popup.invokeEvent(), input)
    expect(calls).toEqual([['session.signIn', input]])
    expect(answer).toEqual({ ok: true, value: { status: 'signed_out', lastBaseUrl: null } })
  })

  it('ignores a call from another window: nothing reaches the services, the caller gets nothing', async () => {
    const { calls, warnings, invoke } = setup()
    const other = new FakeWebContents()
    other.mainFrame.url = pageUrl
    expect(await invoke('session:signOut', other.invokeEvent(), {})).toBeUndefined()
    expect(calls).toEqual([])
    expect(warnings).toMatchObject([{ channel: 'session:signOut', reason: 'message from another window' }])
  })

  it('ignores a call from the popup after it navigated to a foreign page', async () => {
    const { popup, calls, invoke } = setup()
    popup.mainFrame.url = 'https://evil.example/'
    expect(await invoke('session:get', popup.invokeEvent(), {})).toBeUndefined()
    expect(calls).toEqual([])
  })

  it('ignores a call from a frame inside the popup page, even one showing the app page', async () => {
    const { popup, calls, invoke } = setup()
    const child = new FakeWebFrame(pageUrl, popup.mainFrame.processId, 'child-frame')
    child.parent = popup.mainFrame
    expect(await invoke('session:get', popup.invokeEvent(child), {})).toBeUndefined()
    expect(calls).toEqual([])
  })

  it('ignores a call whose frame is already gone', async () => {
    const { popup, calls, invoke } = setup()
    expect(await invoke('session:get', popup.invokeEvent(null), {})).toBeUndefined()
    const detached = new FakeWebFrame(pageUrl, popup.mainFrame.processId, popup.mainFrame.frameToken)
    detached.detached = true
    expect(await invoke('session:get', popup.invokeEvent(detached), {})).toBeUndefined()
    expect(calls).toEqual([])
  })

  it('ignores everything once the popup is destroyed', async () => {
    const { popup, calls, invoke } = setup()
    popup.destroyed = true
    expect(await invoke('session:get', popup.invokeEvent(), {})).toBeUndefined()
    expect(calls).toEqual([])
  })

  it('can be removed again, so a restart of the shell does not hit "second handler" errors', () => {
    const { dispose } = setup()
    dispose()
    expect(ipcMain.handlers.size).toBe(0)
    expect(() => setup()).not.toThrow()
  })
})
