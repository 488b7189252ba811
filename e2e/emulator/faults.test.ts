import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
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
const created = () => emu.state.checkIns.length - 8

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

  it('the check-in mutations of projects and acknowledgements meet the after-commit switches as goals/create_check_in does', async () => {
    const projectCheckIns = () => emu.state.projectCheckIns.length
    const before = projectCheckIns()
    const projectCheckIn = {
      project_id: wireId(emu, SEED_IDS.projects.launchSite),
      status: 'on_track',
      description: message('x'),
    }
    emu.setFaults({ dropAfterCommit: 1, resetAfterCommit: 1, failAfterCommit: 1 })
    await expect(post(emu, 'projects/create_check_in', projectCheckIn)).rejects.toThrow()
    await expect(post(emu, 'projects/create_check_in', projectCheckIn)).rejects.toThrow()
    const failed = await post(emu, 'projects/create_check_in', projectCheckIn)
    expect(failed.status).toBe(504)
    expect(projectCheckIns()).toBe(before + 3)
    expect(emu.state.requests.map((r) => [r.committed, r.fault])).toEqual([
      [true, 'dropAfterCommit'],
      [true, 'resetAfterCommit'],
      [true, 'failAfterCommit 504-html'],
    ])

    // Grace's check-in on Hire a data team waits for Ada, its reviewer.
    const { check_ins } = (await (
      await get(emu, 'goals/list_check_ins', { goal_id: wireId(emu, SEED_IDS.goals.dataTeam) })
    ).json()) as { check_ins: { id: string }[] }
    emu.setFaults({ dropAfterCommit: 1 })
    await expect(post(emu, 'goals/acknowledge_check_in', { id: check_ins[0]!.id })).rejects.toThrow()
    // Applied once, though the client heard nothing.
    expect(Object.values(emu.state.acknowledgements)).toEqual([1])
  })

  it('commitAfterGiveUp holds projects/create_check_in unapplied until the client gives up', async () => {
    const before = emu.state.projectCheckIns.length
    emu.setFaults({ commitAfterGiveUp: 1, lateCommitMs: 50 })
    const gaveUp = new AbortController()
    const pending = post(
      emu,
      'projects/create_check_in',
      { project_id: wireId(emu, SEED_IDS.projects.launchSite), status: 'caution', description: message('x') },
      { signal: gaveUp.signal },
    )
    while (emu.state.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    expect(emu.state.projectCheckIns.length).toBe(before)
    gaveUp.abort()
    await expect(pending).rejects.toThrow()
    await vi.waitFor(() => expect(emu.state.projectCheckIns.length).toBe(before + 1))
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

  it.each([
    ['504-html', 504, 'text/html', '<title>504 Gateway Time-out</title>', false],
    ['502-json', 502, 'application/json; charset=utf-8', '{"message":"Bad Gateway"}', false],
    // Dispatch's own 500 carries a JSON content type (turbo_connect/plugs/dispatch.ex).
    ['500-json', 500, 'application/json; charset=utf-8', '"message":"An unexpected error occurred"', true],
    ['503-html', 503, 'text/html', '<title>503 Service Temporarily Unavailable</title>', false],
  ] as const)(
    'failAfterCommit %s: the check-in is applied, and the client is told %i',
    async (answer, status, type, body, fromServer) => {
      emu.setFaults({ failAfterCommit: 1, failAfterCommitAnswer: answer })
      const r = await post(emu, 'goals/create_check_in', checkIn())
      expect(r.status).toBe(status)
      expect(r.headers.get('content-type')).toBe(type)
      expect(r.text).toContain(body)
      expect(r.headers.get('x-operately-version') !== null).toBe(fromServer)
      expect(created()).toBe(1)
      expect(emu.state.requests.at(-1)).toMatchObject({ status, committed: true, fault: expect.any(String) })
      // Used up: the next one is answered as usual.
      expect((await post(emu, 'goals/create_check_in', checkIn())).status).toBe(200)
      expect(created()).toBe(2)
    },
  )

  it('failAfterCommit with hangAfterCommitMs: applied, the answer held, then the failure (a gateway that gave up)', async () => {
    emu.setFaults({ failAfterCommit: 1, hangAfterCommitMs: 300 })
    const pending = post(emu, 'goals/create_check_in', checkIn())
    await vi.waitFor(() => expect(created()).toBe(1))
    expect(emu.state.requests.at(-1)!.status).toBeNull()
    expect((await pending).status).toBe(504)
  })

  it('failAfterCommit counts only applied mutations: a refused one is answered as usual', async () => {
    emu.setFaults({ failAfterCommit: 1 })
    expect((await post(emu, 'goals/create_check_in', {})).status).toBe(400)
    expect((await get(emu, 'people/get_me')).status).toBe(200)
    expect((await post(emu, 'goals/create_check_in', checkIn())).status).toBe(504)
  })

  it('resetAfterCommit: the check-in is applied, then the connection is reset (ECONNRESET)', async () => {
    emu.setFaults({ resetAfterCommit: 1 })
    const failure = await post(emu, 'goals/create_check_in', checkIn()).catch((err: unknown) => err)
    expect(failure).toBeInstanceOf(Error)
    const codes = JSON.stringify(failure, Object.getOwnPropertyNames(failure as object))
    expect(`${codes} ${String((failure as Error).cause)}`).toMatch(/ECONNRESET|other side closed|reset/i)
    expect(created()).toBe(1)
    expect(emu.state.requests.at(-1)).toMatchObject({ status: null, committed: true })
  })

  it('commitAfterGiveUp: nothing is applied while the client waits; it is applied after the client gave up', async () => {
    emu.setFaults({ commitAfterGiveUp: 1, lateCommitMs: 150 })
    const gaveUp = new AbortController()
    const pending = post(emu, 'goals/create_check_in', checkIn(), { signal: gaveUp.signal })
    while (emu.state.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(created()).toBe(0)
    gaveUp.abort()
    await expect(pending).rejects.toThrow()
    // Looking right after giving up finds nothing yet: that is the point of this fault.
    expect(created()).toBe(0)
    await vi.waitFor(() => expect(created()).toBe(1))
    expect(emu.state.requests[0]).toMatchObject({ status: null, committed: true, fault: 'commitAfterGiveUp' })
  })

  /**
   * Sends one request and gives up on it 40 ms after the emulator has it (not after it was sent: on a
   * loaded machine it may arrive later than that), then says which fault that request met.
   */
  const faultMet = async (send: (signal: AbortSignal) => Promise<unknown>): Promise<string | null> => {
    const before = emu.state.requests.length
    const gaveUp = new AbortController()
    const answered = send(gaveUp.signal).catch(() => undefined)
    while (emu.state.requests.length === before) await new Promise((resolve) => setTimeout(resolve, 2))
    const timer = setTimeout(() => gaveUp.abort(), 40)
    await answered
    clearTimeout(timer)
    return emu.state.requests[before]!.fault
  }

  it('chaos: the same seed gives the same requests the same faults, a different seed others', async () => {
    const run = async (seed: number) => {
      emu.reset()
      emu.setFaults({ chaos: { seed, rate: 0.5, holdMs: 50, lateCommitMs: 10 } })
      const faults: Array<string | null> = []
      for (let i = 0; i < 40; i++) {
        faults.push(
          await faultMet((signal) =>
            get(emu, 'goals/get', { id: wireId(emu, SEED_IDS.goals.shipEngine) }, { signal }),
          ),
        )
      }
      return faults
    }
    const first = await run(7)
    expect(first.filter((f) => f !== null).length).toBeGreaterThan(5)
    expect(new Set(first.filter((f) => f !== null)).size).toBeGreaterThan(2)
    expect(await run(7)).toEqual(first)
    expect(await run(8)).not.toEqual(first)
  })

  it('chaos: a mutation meets faults after its commit too, and every commit is logged as such', async () => {
    emu.setFaults({ chaos: { seed: 11, rate: 1, holdMs: 50, lateCommitMs: 10 } })
    const names = new Set<string>()
    for (let i = 0; i < 60; i++) {
      names.add((await faultMet((signal) => post(emu, 'goals/create_check_in', checkIn(), { signal })))!)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect([...names].some((n) => n.startsWith('commit-then-'))).toBe(true)
    expect(created()).toBe(emu.state.requests.filter((r) => r.committed).length)
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
