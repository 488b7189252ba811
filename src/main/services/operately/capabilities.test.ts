import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../../../e2e/emulator'
import { createOperatelyClient } from './client'
import { createHttp } from './http'
import { sendJson, startLocalServer } from './test-support/local-server'

// The capability probe against the emulator over real HTTP, one server per Operately release: what it
// finds, and that it leaves the server as it was (nothing created, nothing committed), whatever the token.

const releases = ['1.5.0', '1.6.0', '1.7.0', '1.8.0'] as const
type Release = (typeof releases)[number]

/** What Operately of each release takes (operately-api.md §6). */
const expected: Record<Release, { drafts: boolean; schedule: boolean; dueDateRequired: boolean }> = {
  '1.5.0': { drafts: false, schedule: false, dueDateRequired: true },
  '1.6.0': { drafts: false, schedule: false, dueDateRequired: true },
  '1.7.0': { drafts: true, schedule: false, dueDateRequired: false },
  '1.8.0': { drafts: true, schedule: true, dueDateRequired: false },
}

const servers = new Map<Release, Emulator>()
beforeAll(async () => {
  for (const version of releases) servers.set(version, await startEmulator({ version }))
})
afterAll(async () => {
  await Promise.all([...servers.values()].map((emulator) => emulator.close()))
})

/** Everything the server keeps but its request log. */
const kept = (emulator: Emulator): string => JSON.stringify({ ...emulator.state, requests: [] })

describe.each(releases)('the capability probe on Operately %s', (version) => {
  const probe = async (token: 'write' | 'readOnly' | 'revoked') => {
    const emulator = servers.get(version)!
    emulator.reset()
    const before = kept(emulator)
    const client = createOperatelyClient({ baseUrl: emulator.url, getToken: () => emulator.tokens[token] })
    const found = await client.capabilities()
    const asked = emulator.state.requests
    return { found, asked, before, after: kept(emulator), header: client.serverVersion() }
  }

  it('with a write token: finds drafts, scheduling and whether due_date is required, changing nothing', async () => {
    const { found, asked, before, after, header } = await probe('write')
    const { drafts, schedule } = expected[version]
    // Both endpoints are asked, each for itself; the keys came to both in the same releases.
    expect(found).toEqual({ header, ...expected[version], projects: { drafts, schedule } })
    expect(header).not.toBeNull()
    for (const endpoint of ['goals/create_check_in', 'projects/create_check_in']) {
      const at = asked.filter((request) => request.endpoint === endpoint)
      expect(at.length).toBeGreaterThanOrEqual(2)
      expect(at.length).toBeLessThanOrEqual(3)
    }
    for (const request of asked) {
      expect(request).toMatchObject({ method: 'POST', committed: false })
      expect(request.status).toBeGreaterThanOrEqual(400)
    }
    expect(after).toBe(before)
  })

  it('with a read-only token: finds drafts and scheduling the same, cannot tell the due date, changes nothing', async () => {
    const { found, asked, before, after } = await probe('readOnly')
    const { drafts, schedule } = expected[version]
    expect(found).toMatchObject({ drafts, schedule, projects: { drafts, schedule } })
    // Refused for the token before the fields are listed: unknown, so the app sends the date back.
    expect(found.dueDateRequired).toBeNull()
    expect(asked.every((request) => !request.committed)).toBe(true)
    expect(after).toBe(before)
  })

  it('with a revoked token: still tells drafts and scheduling, since the inputs are read before the token', async () => {
    const { found, after, before } = await probe('revoked')
    const { drafts, schedule } = expected[version]
    expect(found).toMatchObject({ drafts, schedule, projects: { drafts, schedule } })
    expect(after).toBe(before)
  })
})

describe('the capability probe is asked once and kept', () => {
  it('answers again from what it found while the server sends the same header, and asks again when it changes', async () => {
    const emulator = servers.get('1.8.0')!
    emulator.reset()
    const kept: unknown[] = []
    const client = createOperatelyClient({
      baseUrl: emulator.url,
      getToken: () => emulator.tokens.write,
      onCapabilities: (found) => void kept.push(found),
    })
    const first = await client.capabilities()
    const probes = () => emulator.state.requests.filter((r) => r.endpoint === 'goals/create_check_in').length
    const afterFirst = probes()
    await client.getMe()
    expect(await client.capabilities()).toBe(first)
    expect(probes()).toBe(afterFirst)
    expect(kept).toEqual([first])

    // What an earlier run kept, for another header than the server sends now: asked again.
    const stale = { ...first, header: 'an-older-build', schedule: false }
    const later = createOperatelyClient({
      baseUrl: emulator.url,
      getToken: () => emulator.tokens.write,
      knownCapabilities: stale,
    })
    expect(await later.capabilities()).toBe(stale) // no answer seen yet: nothing says the server changed
    await later.getMe()
    expect(await later.capabilities()).toEqual(first)
    expect(probes()).toBe(afterFirst * 2)
  })

  it('a server that cannot be reached: the kept answer stands, and with none the failure is said', async () => {
    const emulator = servers.get('1.7.0')!
    emulator.reset()
    emulator.pause()
    try {
      const fresh = createOperatelyClient({ baseUrl: emulator.url, getToken: () => emulator.tokens.write })
      await expect(fresh.capabilities()).rejects.toMatchObject({ error: { kind: 'offline' } })
    } finally {
      emulator.resume()
    }
  })

  it('a proxy answering in the way tells nothing: not taken for "not taken"', async () => {
    const emulator = servers.get('1.8.0')!
    emulator.reset()
    emulator.setFaults({ htmlBadGateway: 1 })
    const client = createOperatelyClient({ baseUrl: emulator.url, getToken: () => emulator.tokens.write })
    await expect(client.capabilities()).rejects.toMatchObject({
      error: { kind: 'server_error', status: 502 },
    })
    emulator.clearFaults()
    expect(await client.capabilities()).toMatchObject({ drafts: true, schedule: true })
  })

  it('the raw answer carries the server own words, the token never', async () => {
    const emulator = servers.get('1.8.0')!
    emulator.reset()
    const http = createHttp({ baseUrl: emulator.url, getToken: () => emulator.tokens.write })
    const answer = await http.answerOf({ method: 'POST', path: 'goals/create_check_in', body: {} })
    expect(answer).toEqual({
      status: 400,
      said: 'Missing required fields: goal_id, status, content',
      fromServer: true,
    })
  })
})

describe('a server that fails for a moment is not taken for an older one', () => {
  // A 500 says "not taken" only where ParseInputs crashes on a key the server has no atom for (1.5, 1.6).
  // A release that takes the key answers 500 too while its database is away (the token is looked up right
  // after the inputs are read): that must not be kept as "no drafts, no scheduling" until the next upgrade.
  it('every answer a 500: nothing is known, nothing is kept', async () => {
    const emulator = servers.get('1.8.0')!
    emulator.reset()
    emulator.setFaults({ serverErrors: 10 })
    const kept: unknown[] = []
    const client = createOperatelyClient({
      baseUrl: emulator.url,
      getToken: () => emulator.tokens.write,
      onCapabilities: (found) => void kept.push(found),
    })
    try {
      await expect(client.capabilities()).rejects.toMatchObject({ error: { kind: 'server_error' } })
      expect(kept).toEqual([])
    } finally {
      emulator.clearFaults()
    }
  })

  it('one 500 among healthy answers: the key is asked again, and found taken', async () => {
    const emulator = servers.get('1.8.0')!
    emulator.reset()
    emulator.setFaults({ serverErrors: 1 })
    const client = createOperatelyClient({ baseUrl: emulator.url, getToken: () => emulator.tokens.write })
    try {
      expect(await client.capabilities()).toMatchObject({
        drafts: true,
        schedule: true,
        dueDateRequired: false,
      })
    } finally {
      emulator.clearFaults()
    }
  })
})

describe('a server with no atom for the key (Operately 1.5 on a fresh node)', () => {
  it('a 500 on every ask of the key, and a healthy answer without it: not taken', async () => {
    const server = await startLocalServer((req, res) => {
      const body = JSON.parse(req.body || '{}') as Record<string, unknown>
      if ('post_as_draft' in body || 'scheduled_at' in body) {
        sendJson(res, 500, { errors: { detail: 'Internal Server Error' } })
      } else {
        sendJson(res, 400, {
          error: 'Bad request',
          message: 'Missing required fields: goal_id, status, content, due_date',
        })
      }
    })
    try {
      const client = createOperatelyClient({ baseUrl: server.url, getToken: () => 'opk_test' })
      expect(await client.capabilities()).toMatchObject({
        drafts: false,
        schedule: false,
        dueDateRequired: true,
      })
    } finally {
      await server.close()
    }
  })
})

describe('a server that takes drafts and has no atom for scheduled_at (a 1.7 node)', () => {
  it('asks a body without the key to tell the crash from a failure, and keeps drafts', async () => {
    const server = await startLocalServer((req, res) => {
      const body = JSON.parse(req.body || '{}') as Record<string, unknown>
      if ('scheduled_at' in body) sendJson(res, 500, { errors: { detail: 'Internal Server Error' } })
      else
        sendJson(res, 400, {
          error: 'Bad request',
          message: 'Missing required fields: goal_id, status, content',
        })
    })
    try {
      const client = createOperatelyClient({ baseUrl: server.url, getToken: () => 'opk_test' })
      expect(await client.capabilities()).toMatchObject({
        drafts: true,
        schedule: false,
        dueDateRequired: false,
      })
    } finally {
      await server.close()
    }
  })
})
