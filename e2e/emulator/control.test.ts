import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator } from './index'
import { SEED_IDS } from './seed-ids'
import { get, message, post, wireId } from './test-support'
import type { Emulator } from './types'

// The control API, as a Playwright test in another process would use it.

let emu: Emulator
beforeAll(async () => {
  emu = await startEmulator()
})
afterAll(() => emu.close())
beforeEach(() => emu.reset())

async function control(method: string, path: string, body?: unknown) {
  const res = await fetch(`${emu.url}/__emulator/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any }
}

describe('control API', () => {
  it('GET state returns the live state and the request log, without any token', async () => {
    await get(emu, 'people/get_me')
    const { status, body } = await control('GET', 'state')
    expect(status).toBe(200)
    expect(body.people[0].fullName).toBe('Ada Lovelace')
    expect(body.requests).toHaveLength(1)
    expect(body.requests[0]).toMatchObject({ method: 'GET', endpoint: 'people/get_me', status: 200 })
    expect(body).not.toHaveProperty('apiTokens')
    const text = JSON.stringify(body)
    for (const token of Object.values(emu.tokens)) expect(text).not.toContain(token)
  })

  it('never logs the Authorization header', async () => {
    await get(emu, 'people/get_me')
    expect(JSON.stringify(emu.state.requests)).not.toContain(emu.tokens.write)
  })

  it('POST faults sets fault switches and refuses unknown ones', async () => {
    const set = await control('POST', 'faults', { serverErrors: 1 })
    expect(set.body.faults.serverErrors).toBe(1)
    expect((await get(emu, 'people/get_me')).status).toBe(500)
    const bad = await control('POST', 'faults', { explode: true })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('Unknown fault switch: explode.')
    expect((await control('POST', 'faults', { latencyMs: -1 })).status).toBe(400)
  })

  it('POST faults takes the after-commit answer and the chaos mix, and refuses malformed ones', async () => {
    const chaos = { seed: 42, rate: 0.2, holdMs: 800, lateCommitMs: 50 }
    const set = await control('POST', 'faults', {
      failAfterCommit: 2,
      failAfterCommitAnswer: '502-json',
      chaos,
    })
    expect(set.body.faults).toMatchObject({ failAfterCommit: 2, failAfterCommitAnswer: '502-json', chaos })
    expect((await control('POST', 'faults', { failAfterCommitAnswer: '418-html' })).status).toBe(400)
    expect(
      (await control('POST', 'faults', { chaos: { seed: 1, rate: 2, holdMs: 1, lateCommitMs: 1 } })).status,
    ).toBe(400)
    expect((await control('POST', 'faults', { chaos: { seed: 1 } })).status).toBe(400)
    expect((await control('POST', 'faults', { chaos: null })).body.faults.chaos).toBeNull()
  })

  it('POST reset restores the seed', async () => {
    await post(emu, 'goals/create_check_in', {
      goal_id: wireId(emu, SEED_IDS.goals.shipEngine),
      status: 'on_track',
      content: message('x'),
    })
    expect(emu.state.checkIns).toHaveLength(9)
    expect((await control('POST', 'reset')).status).toBe(200)
    expect(emu.state.checkIns).toHaveLength(8)
    expect(emu.state.requests).toEqual([])
  })

  it('POST pause drops API connections while the control API keeps answering; resume restores', async () => {
    await control('POST', 'pause')
    await expect(get(emu, 'people/get_me')).rejects.toThrow()
    expect((await control('GET', 'faults')).body.paused).toBe(true)
    await control('POST', 'resume')
    expect((await get(emu, 'people/get_me')).status).toBe(200)
  })

  it('POST clock freezes the server clock', async () => {
    await control('POST', 'clock', { now: '2030-01-15T10:00:00Z' })
    const { goal } = (await (await get(emu, 'goals/get', { id: SEED_IDS.goals.shipEngine })).json()) as {
      goal: { is_outdated: boolean }
    }
    expect(goal.is_outdated).toBe(true)
    await control('POST', 'clock', { now: null })
    expect((await control('POST', 'clock', { now: 'soon' })).status).toBe(400)
  })

  it('keeps the control API out of /api/', async () => {
    const r = await fetch(`${emu.url}/api/external/v1/__emulator/state`)
    expect(r.status).toBe(404)
    expect((await control('GET', 'nothing')).status).toBe(404)
  })
})
