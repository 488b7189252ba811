import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator } from './index'
import { SEED_IDS } from './seed-ids'
import { get, message, post, wireId } from './test-support'
import type { Emulator } from './types'

let emu: Emulator
beforeAll(async () => {
  emu = await startEmulator()
})
afterAll(() => emu.close())
beforeEach(() => emu.reset())

const checkIn = () => ({
  goal_id: wireId(emu, SEED_IDS.goals.shipEngine),
  status: 'on_track',
  content: message('x'),
})
const created = () => emu.state.checkIns.length - 7

describe('fault switches', () => {
  it('serverErrors: the next N requests answer 500 JSON and change nothing; then normal service', async () => {
    emu.setFaults({ serverErrors: 2 })
    const a = await post(emu, 'goals/create_check_in', checkIn())
    const b = await get(emu, 'people/get_me')
    expect([a.status, a.text]).toEqual([
      500,
      '{"error":"Internal server error","message":"An unexpected error occurred"}',
    ])
    expect(b.status).toBe(500)
    expect(a.headers.get('retry-after')).toBeNull()
    expect(created()).toBe(0)
    expect((await get(emu, 'people/get_me')).status).toBe(200)
  })

  it('retryAfterSeconds: 5xx answers carry Retry-After', async () => {
    emu.setFaults({ serverErrors: 1, htmlBadGateway: 1, retryAfterSeconds: 7 })
    const gateway = await get(emu, 'people/get_me')
    const server = await get(emu, 'people/get_me')
    expect([gateway.status, gateway.headers.get('retry-after')]).toEqual([502, '7'])
    expect([server.status, server.headers.get('retry-after')]).toEqual([500, '7'])
    expect((await get(emu, 'people/get_me')).headers.get('retry-after')).toBeNull()
  })

  it('htmlBadGateway: answers 502 with an nginx HTML page and no version header', async () => {
    emu.setFaults({ htmlBadGateway: 1 })
    const r = await get(emu, 'people/get_me')
    expect(r.status).toBe(502)
    expect(r.headers.get('content-type')).toBe('text/html')
    expect(r.text).toContain('<title>502 Bad Gateway</title>')
    expect(r.headers.get('x-operately-version')).toBeNull()
  })

  it('revokeTokens: every token answers 401 Unauthorized until cleared', async () => {
    emu.setFaults({ revokeTokens: true })
    for (const token of [emu.tokens.write, emu.tokens.readOnly]) {
      const r = await get(emu, 'people/get_me', {}, { token })
      expect([r.status, r.text]).toEqual([401, 'Unauthorized'])
    }
    emu.clearFaults()
    expect((await get(emu, 'people/get_me')).status).toBe(200)
  })

  it('dropAfterCommit: the mutation is applied, the client sees a socket error, the next one is answered', async () => {
    emu.setFaults({ dropAfterCommit: 1 })
    await expect(post(emu, 'goals/create_check_in', checkIn())).rejects.toThrow()
    expect(created()).toBe(1)
    expect(emu.state.requests.at(-1)!.status).toBeNull()
    expect((await post(emu, 'goals/create_check_in', checkIn())).status).toBe(200)
    expect(created()).toBe(2)
  })

  it('dropAfterCommit does not count failed mutations or queries', async () => {
    emu.setFaults({ dropAfterCommit: 1 })
    expect((await get(emu, 'people/get_me')).status).toBe(200)
    expect((await post(emu, 'goals/create_check_in', {})).status).toBe(400)
    await expect(post(emu, 'goals/create_check_in', checkIn())).rejects.toThrow()
  })

  it('hangAfterCommitMs: a client that gives up after the commit finds the check-in applied', async () => {
    emu.setFaults({ hangAfterCommitMs: 60_000 })
    const gaveUp = new AbortController()
    const pending = post(emu, 'goals/create_check_in', checkIn(), { signal: gaveUp.signal })
    // The answer is held after the commit: wait until the check-in is in the state, then give up.
    while (created() === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    gaveUp.abort()
    await expect(pending).rejects.toThrow()
    expect(created()).toBe(1)
  })

  it('latencyMs: a client that gives up while the request waits has changed nothing', async () => {
    emu.setFaults({ latencyMs: 300 })
    const gaveUp = new AbortController()
    const pending = post(emu, 'goals/create_check_in', checkIn(), { signal: gaveUp.signal })
    while (emu.state.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    gaveUp.abort()
    await expect(pending).rejects.toThrow()
    // This request waits the same latency, after the abandoned one: by its answer, that one is settled.
    expect((await get(emu, 'people/get_me')).status).toBe(200)
    expect(created()).toBe(0)
  })

  it('pause: every API request loses its connection until resume', async () => {
    emu.pause()
    await expect(get(emu, 'people/get_me')).rejects.toThrow()
    await expect(post(emu, 'goals/create_check_in', checkIn())).rejects.toThrow()
    expect(created()).toBe(0)
    emu.resume()
    expect((await get(emu, 'people/get_me')).status).toBe(200)
  })

  it('reset clears the faults and restores the seed', async () => {
    emu.setFaults({ serverErrors: 5, omitDescription: false })
    emu.state.goals.splice(0, 1)
    emu.reset()
    expect(emu.faults()).toMatchObject({ serverErrors: 0, omitDescription: true })
    expect(emu.state.goals).toHaveLength(6)
    expect(emu.state.requests).toEqual([])
  })
})
