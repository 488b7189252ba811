import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { operationNames } from '@shared/contract'
import { bridgeScript, callPathPrefix, harnessKeyHeader } from './bridge-script'

type Call = (input?: unknown) => Promise<unknown>
type FakeWindow = { operately?: Record<string, Record<string, Call>>; location: { search: string } }

/** Runs the generated script the way a page would, with a fetch that records what it was asked. */
function load(
  fetchImpl: (
    url: string,
    init: { method: string; body: string; headers: Record<string, string> },
  ) => Promise<unknown>,
  search = '?key=the-harness-key',
) {
  const window: FakeWindow = { location: { search } }
  runInNewContext(bridgeScript(), {
    window,
    fetch: fetchImpl,
    Object,
    JSON,
    encodeURIComponent,
    URLSearchParams,
  })
  return window
}

describe('bridgeScript', () => {
  it('defines one frozen function per contract operation, grouped by area, and nothing else', () => {
    const window = load(async () => ({ json: async () => ({ ok: true, value: null }) }))
    const bridge = window.operately!
    const exposed = Object.entries(bridge).flatMap(([area, ops]) =>
      Object.keys(ops).map((op) => `${area}.${op}`),
    )
    expect(exposed.sort()).toEqual([...operationNames].sort())
    expect(Object.isFrozen(bridge)).toBe(true)
    for (const ops of Object.values(bridge)) expect(Object.isFrozen(ops)).toBe(true)
  })

  it('POSTs the input as JSON to the call endpoint and resolves to the answer', async () => {
    const requests: { url: string; method: string; body: string; type: string | undefined }[] = []
    const window = load(async (url, init) => {
      requests.push({ url, method: init.method, body: init.body, type: init.headers['content-type'] })
      return { json: async () => ({ ok: true, value: { status: 'signed_out', lastBaseUrl: null } }) }
    })
    const answer = await window.operately!.session!.signIn!({ baseUrl: 'https://x.test', token: 'opk_x' })
    expect(answer).toEqual({ ok: true, value: { status: 'signed_out', lastBaseUrl: null } })
    expect(requests).toEqual([
      {
        url: `${callPathPrefix}session.signIn`,
        method: 'POST',
        body: JSON.stringify({ baseUrl: 'https://x.test', token: 'opk_x' }),
        type: 'application/json',
      },
    ])
  })

  it('sends {} for a call without input, as the preload does', async () => {
    const bodies: string[] = []
    const window = load(async (_url, init) => {
      bodies.push(init.body)
      return { json: async () => ({ ok: true, value: null }) }
    })
    await window.operately!.session!.get!()
    expect(bodies).toEqual(['{}'])
  })

  it("sends the key from the page's own address with every call; the script itself holds none", async () => {
    const keys: (string | undefined)[] = []
    const fetchKey = async (_url: string, init: { headers: Record<string, string> }) => {
      keys.push(init.headers[harnessKeyHeader])
      return { json: async () => ({ ok: true, value: null }) }
    }
    await load(fetchKey).operately!.session!.get!()
    await load(fetchKey, '?key=another%20key&x=1').operately!.session!.signOut!()
    // Opened without the key, the page still loads; its calls carry nothing and are refused.
    await load(fetchKey, '').operately!.session!.get!()
    expect(keys).toEqual(['the-harness-key', 'another key', ''])
    expect(bridgeScript()).not.toContain('the-harness-key')
  })

  it('never rejects: an unreachable harness becomes an error value', async () => {
    const window = load(async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(window.operately!.session!.get!()).resolves.toMatchObject({
      ok: false,
      error: { kind: 'internal' },
    })
  })
})
