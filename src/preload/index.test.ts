import { beforeAll, describe, expect, it, vi } from 'vitest'
import { channelFor, operationNames } from '@shared/contract'

// What the preload hands to Electron, captured instead of sent.
const exposed = vi.hoisted(() => ({
  worlds: [] as [string, unknown][],
  invokes: [] as [string, unknown[]][],
  listeners: new Map<string, (...args: unknown[]) => void>(),
}))

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => void exposed.worlds.push([key, api]),
  },
  ipcRenderer: {
    on: (channel: string, listener: (...args: unknown[]) => void) =>
      void exposed.listeners.set(channel, listener),
    invoke: async (channel: string, ...args: unknown[]) => {
      exposed.invokes.push([channel, args])
      return { ok: true, value: `answer from ${channel}` }
    },
  },
}))

type Bridge = Record<string, Record<string, (input?: unknown, ...extra: unknown[]) => Promise<unknown>>>
let bridge: Bridge

beforeAll(async () => {
  await import('./index')
  bridge = exposed.worlds[0]?.[1] as Bridge
})

describe('preload', () => {
  it('exposes exactly one thing, window.operately', () => {
    expect(exposed.worlds.map(([key]) => key)).toEqual(['operately'])
  })

  it('has one function per operation under its area, and nothing else', () => {
    const expected: Record<string, string[]> = {}
    for (const name of operationNames) {
      const [area = '', op = ''] = name.split('.')
      ;(expected[area] ??= []).push(op)
    }
    expect(Object.keys(bridge).sort()).toEqual(Object.keys(expected).sort())
    for (const [area, ops] of Object.entries(expected)) {
      const calls = bridge[area] ?? {}
      expect(Object.keys(calls).sort()).toEqual([...ops].sort())
      for (const op of ops) expect(typeof calls[op]).toBe('function')
    }
  })

  it('offers no generic channel to main: no invoke, send, on or ipcRenderer anywhere', () => {
    const everything = [
      ...Object.keys(bridge),
      ...Object.values(bridge).flatMap((calls) => Object.keys(calls)),
    ]
    for (const forbidden of [
      'invoke',
      'send',
      'sendSync',
      'on',
      'once',
      'ipcRenderer',
      'require',
      'process',
    ]) {
      expect(everything).not.toContain(forbidden)
    }
  })

  it("sends each call on its operation's channel with the input, and returns main's answer", async () => {
    exposed.invokes.length = 0
    const input = { baseUrl: 'https://app.operately.com', token: 'opk_x' }
    const answer = await bridge['session']?.['signIn']?.(input)
    expect(exposed.invokes).toEqual([['session:signIn', [input]]])
    expect(answer).toEqual({ ok: true, value: 'answer from session:signIn' })
  })

  it('sends {} when called without input, and never forwards extra arguments', async () => {
    exposed.invokes.length = 0
    await bridge['session']?.['get']?.()
    await bridge['session']?.['signOut']?.({}, 'smuggled', { more: true })
    expect(exposed.invokes).toEqual([
      ['session:get', [{}]],
      ['session:signOut', [{}]],
    ])
  })

  it('uses the same channel names main listens on', async () => {
    exposed.invokes.length = 0
    for (const name of operationNames) {
      const [area = '', op = ''] = name.split('.')
      await bridge[area]?.[op]?.({})
    }
    expect(exposed.invokes.map(([channel]) => channel)).toEqual(operationNames.map(channelFor))
  })

  it('cannot be altered by the page', () => {
    expect(Object.isFrozen(bridge)).toBe(true)
    expect(Object.isFrozen(bridge['session'])).toBe(true)
  })

  it('listens to nothing main sends: the page hears main only through the answers to its own calls', () => {
    expect([...exposed.listeners.keys()]).toEqual([])
  })
})
