import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { startEmulator, SEED_IDS, type Emulator } from '../../../../e2e/emulator'
import { checkInId } from '../../../../e2e/emulator/serialize'
import { post, wireId } from '../../../../e2e/emulator/test-support'
import { sameJson } from '../check-ins/recovery'
import { createDeliverers } from './deliverers'
import type { DeliveryReport } from './sync-engine'
import { createRig, type Rig } from './testing/rig'
import { createFakeClock, type FakeClock } from './testing/fake-clock'
import { checkInSubmission, descriptionSave, doc } from './testing/entries'
import { filesContaining } from './testing/disk'
import { observingFetch } from '../check-ins/testing/signed-in'

// The sync engine with the real deliverers, over real HTTP to the emulator, on a real disk; only time
// (a fake clock, shared with the emulator) and the OS's online flag are simulated.

describe('sync engine against the emulator', () => {
  let emulator: Emulator
  let clock: FakeClock = createFakeClock()
  let rig: Rig
  const rigs: Rig[] = []

  beforeAll(async () => {
    emulator = await startEmulator({ now: () => new Date(clock.now()) })
  })
  afterAll(async () => {
    await emulator.close()
    // Whatever happened in these tests, no file the app wrote holds a token.
    const tokens = Object.values(emulator.tokens)
    for (const r of rigs) expect(filesContaining(r.dataDir, tokens)).toEqual([])
  })
  beforeEach(() => {
    clock = createFakeClock()
    emulator.reset()
  })
  afterEach(async () => {
    await rig?.close()
  })

  const build = async (options: Partial<Parameters<typeof createRig>[0]> = {}) => {
    rig = await createRig({ emulator, clock, ...options })
    rigs.push(rig)
    return rig
  }

  const launchSite = () => wireId(emulator, SEED_IDS.projects.launchSite)
  const mobileBeta = () => wireId(emulator, SEED_IDS.projects.mobileBeta)
  const shipEngine = () => wireId(emulator, SEED_IDS.goals.shipEngine)
  const serverDescription = (uuid: string) => {
    const project = emulator.state.projects.find((p) => p.id === uuid)!
    return project.description === null ? null : JSON.stringify(project.description)
  }
  const holds = (uuid: string, text: string) =>
    sameJson(emulator.state.projects.find((p) => p.id === uuid)!.description, JSON.parse(text))
  const checkInsSaying = (message: string) =>
    emulator.state.checkIns.filter((c) => sameJson(c.message, JSON.parse(message)))
  const count = (request: string) => rig.requests().filter((r) => r === request).length
  /** The first POST to `endpoint` takes 40 s of the app's clock, then its connection is lost. */
  const slowThenLost = (endpoint: string) => {
    let slow = true
    const ours = (at: string, method: string) => at === endpoint && method === 'POST' && slow
    return observingFetch(
      (at, method) => {
        if (!ours(at, method)) return
        clock.advance(40_000)
        emulator.pause()
      },
      (at, method) => {
        if (!ours(at, method)) return
        slow = false
        emulator.resume()
      },
    )
  }
  /**
   * The first check-in POST loses its connection before the server sees it (`code`: how it failed). Later,
   * `landLate()` delivers that very request to the server, as a slow network or a server still working on
   * it would; `beforeResend` runs just before the app's second POST goes out.
   */
  const lostFirstPost = (code = 'ECONNRESET') => {
    const rig = {
      first: null as null | { url: string; init: RequestInit },
      posts: 0,
      beforeResend: async () => {},
    }
    const landLate = async () => {
      const { url, init } = rig.first!
      const response = await fetch(url, { ...init, signal: null })
      expect(response.status).toBe(200)
    }
    const client = (async (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      if (!url.endsWith('/goals/create_check_in') || init?.method !== 'POST') return fetch(input, init)
      rig.posts++
      if (rig.posts === 1) {
        rig.first = { url, init: { ...init } }
        throw new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) })
      }
      if (rig.posts === 2) await rig.beforeResend()
      return fetch(input, init)
    }) as typeof fetch
    return Object.assign(rig, { fetch: client, landLate })
  }
  /** A proxy answering every POST to `endpoint` with its HTML 502 page; nothing reaches the server. */
  const badGateway = (endpoint: string) => {
    const gateway = {
      posts: 0,
      fetch: (async (input, init) => {
        const url = input instanceof Request ? input.url : String(input)
        if (!url.endsWith(`/${endpoint}`) || init?.method !== 'POST') return fetch(input, init)
        gateway.posts++
        return new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        })
      }) as typeof fetch,
    }
    return gateway
  }

  it('never assumes online at start: nothing goes out until the OS is online and the server answered', async () => {
    await build({ osOnline: false })
    const base = serverDescription(SEED_IDS.projects.launchSite)
    await rig.outbox.append(descriptionSave(launchSite(), doc('written on a plane'), base))
    await rig.outbox.append(checkInSubmission(shipEngine(), doc('check-in from a plane')))
    await rig.settle()
    expect(rig.requests()).toEqual([])
    expect(rig.engine.status()).toMatchObject({ online: false, pending: 2, lastSyncedAt: null })

    rig.os.online = true
    rig.connectivity.osChanged()
    await rig.settle()
    expect(rig.requests()[0]).toBe('GET people/get_me')
    expect(rig.outbox.list()).toEqual([])
    expect(holds(SEED_IDS.projects.launchSite, doc('written on a plane'))).toBe(true)
    expect(checkInsSaying(doc('check-in from a plane'))).toHaveLength(1)
    expect(rig.engine.status()).toMatchObject({ online: true, pending: 0, lastSyncedAt: expect.any(String) })
    expect(rig.events.map((e) => e.type)).toEqual(['delivered', 'delivered'])
  })

  it('a check-in queued offline an hour ago, whose words were posted from the web meanwhile: asks before its first request; Retry sends it', async () => {
    await build({ osOnline: false })
    const message = doc('No change this month.')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    // An hour later, on her phone, she posts the very same check-in in Operately's web app.
    await rig.advance(60 * 60_000)
    const web = await post(emulator, 'goals/create_check_in', {
      goal_id: shipEngine(),
      status: 'on_track',
      content: message,
    })
    expect(web.status).toBe(200)

    rig.os.online = true
    rig.connectivity.osChanged()
    await rig.settle()
    const [asked] = rig.outbox.list()
    expect(asked).toMatchObject({ state: 'failed', askedSameWords: expect.any(String) })
    expect(asked!.lastError!.message).toMatch(
      /already has a check-in with these words by you.*Send this one too\?/,
    )
    expect(count('POST goals/create_check_in')).toBe(1)
    expect(checkInsSaying(message)).toHaveLength(1)

    // She means a second one: Retry sends it, once.
    await rig.engine.retry(asked!.id)
    await rig.settle()
    expect(rig.outbox.list()).toEqual([])
    expect(count('POST goals/create_check_in')).toBe(2)
    expect(checkInsSaying(message)).toHaveLength(2)
  })

  it('the same words posted before the check-in was queued (last month’s "No change") are not a reason to ask', async () => {
    await build({ osOnline: false })
    const message = doc('No change.')
    expect(
      (
        await post(emulator, 'goals/create_check_in', {
          goal_id: shipEngine(),
          status: 'on_track',
          content: message,
        })
      ).status,
    ).toBe(200)
    await rig.advance(30 * 24 * 60 * 60_000)
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    await rig.advance(60 * 60_000)
    rig.os.online = true
    rig.connectivity.osChanged()
    await rig.settle()
    expect(rig.outbox.list()).toEqual([])
    expect(checkInsSaying(message)).toHaveLength(2)
  })

  it('"Retry now" while offline sends nothing and says why on the item', async () => {
    await build({ osOnline: false })
    const base = serverDescription(SEED_IDS.projects.launchSite)
    const entry = await rig.outbox.append(descriptionSave(launchSite(), doc('on a plane'), base))
    await rig.engine.retry(entry.id)
    expect(rig.requests()).toEqual([])
    expect(rig.outbox.get(entry.id)).toMatchObject({
      state: 'pending',
      attempts: 0,
      lastError: { kind: 'offline', message: expect.stringMatching(/cannot be reached/) },
    })
  })

  it('collapses 50 saves made offline into exactly one update when back online', async () => {
    await build({ osOnline: false })
    const base = serverDescription(SEED_IDS.projects.launchSite)
    for (let i = 1; i <= 50; i++)
      await rig.outbox.append(descriptionSave(launchSite(), doc(`draft ${i}`), base))
    expect(rig.outbox.list()).toHaveLength(1)

    rig.os.online = true
    rig.connectivity.osChanged()
    await rig.settle()
    expect(rig.requests()).toEqual([
      'GET people/get_me',
      'GET projects/get',
      'POST projects/update_description',
    ])
    expect(holds(SEED_IDS.projects.launchSite, doc('draft 50'))).toBe(true)
    expect(rig.outbox.list()).toEqual([])
  })

  it('retries a 5xx streak with growing, jittered pauses, then delivers once', async () => {
    await build()
    emulator.setFaults({ serverErrors: 3 })
    await rig.outbox.append(
      descriptionSave(launchSite(), doc('after the outage'), serverDescription(SEED_IDS.projects.launchSite)),
    )
    await rig.settle()
    // The server failed the read before the save: nothing was sent yet.
    expect(rig.outbox.list()[0]).toMatchObject({
      state: 'pending',
      attempts: 0,
      lastError: { kind: 'server_error' },
    })

    // random() = 0.5 gives 75% of each step: 1.5 s, 3 s, 6 s. One millisecond early, nothing is sent.
    for (const pause of [1_500, 3_000, 6_000]) {
      const before = rig.requests().length
      expect(Date.parse(rig.engine.status().nextAttemptAt!) - clock.now()).toBe(pause)
      await rig.advance(pause - 1)
      expect(rig.requests()).toHaveLength(before)
      await rig.advance(1)
      expect(rig.requests().length).toBeGreaterThan(before)
    }
    expect(rig.outbox.list()).toEqual([])
    expect(count('POST projects/update_description')).toBe(1)
    expect(holds(SEED_IDS.projects.launchSite, doc('after the outage'))).toBe(true)
  })

  it('treats a proxy\'s HTML 502 as "try again later" and then delivers, check-ins included', async () => {
    await build()
    emulator.setFaults({ htmlBadGateway: 2 })
    await rig.outbox.append(checkInSubmission(shipEngine(), doc('through the proxy')))
    await rig.settle()
    const waiting = rig.outbox.list()[0]!
    expect(waiting).toMatchObject({ state: 'pending', lastError: { kind: 'server_error' } })
    expect(waiting.lastError!.message).toMatch(/gateway/)
    await rig.advance(60_000)
    await rig.advance(60_000)
    expect(rig.outbox.list()).toEqual([])
    expect(checkInsSaying(doc('through the proxy'))).toHaveLength(1)
    expect(count('POST goals/create_check_in')).toBe(1)
  })

  it('after a timeout on a check-in that the server did commit, finds it instead of creating a second one', async () => {
    await build({ timeoutMs: 1_000 })
    emulator.setFaults({ hangAfterCommitMs: 10_000 })
    const message = doc('slow server check-in')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    await rig.settle()
    // Looked up right after the timeout: it is there, so it is delivered, never sent again.
    expect(rig.outbox.list()).toEqual([])
    expect(checkInsSaying(message)).toHaveLength(1)
    expect(count('POST goals/create_check_in')).toBe(1)
    // Once for the snapshot before sending, once to look after the timeout.
    expect(count('GET goals/list_check_ins')).toBe(2)
    expect(rig.events.at(-1)).toMatchObject({ type: 'delivered', result: { recovered: true } })
  })

  it('after losing a check-in request the server never applied, looks again, sends nothing until it cannot still land, then asks before sending again', async () => {
    let cut = true
    await build({
      settleMs: 30_000,
      // The connection is lost as the request goes out: the server never sees it, the app cannot know.
      fetch: observingFetch(
        (endpoint, method) => {
          if (endpoint === 'goals/create_check_in' && method === 'POST' && cut) emulator.pause()
        },
        (endpoint, method) => {
          if (endpoint !== 'goals/create_check_in' || method !== 'POST' || !cut) return
          cut = false
          emulator.resume()
        },
      ),
    })
    const message = doc('lost on the way')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    await rig.settle()
    // It looks, and looks again, and sends nothing for 30 s: the server might still be working on it.
    expect(rig.outbox.list()[0]).toMatchObject({
      state: 'pending',
      attempts: 1,
      unconfirmed: expect.any(Object),
    })
    for (let i = 0; i < 5; i++) await rig.advance(5_000)
    expect(count('POST goals/create_check_in')).toBe(1)
    expect(rig.outbox.list()).toHaveLength(1)
    // The wait is over and it is not there; no answer ever came, so it may still land: the person decides.
    await rig.advance(30_000)
    const [asked] = rig.outbox.list()
    expect(asked).toMatchObject({ state: 'failed', askedToResend: expect.any(String) })
    expect(asked!.lastError!.message).toMatch(/^Not on Operately .* Send again\?/)
    for (let i = 0; i < 10; i++) await rig.advance(60_000)
    expect(count('POST goals/create_check_in')).toBe(1)
    // "Retry": it looks once more, then sends.
    await rig.engine.retry(asked!.id)
    await rig.settle()
    expect(rig.outbox.list()).toEqual([])
    expect(count('POST goals/create_check_in')).toBe(2)
    expect(checkInsSaying(message)).toHaveLength(1)
  })

  it('a request that got no answer and lands while the person is asked: their Retry finds it and posts nothing', async () => {
    const lost = lostFirstPost()
    await build({ settleMs: 30_000, fetch: lost.fetch })
    const message = doc('lands while asked')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    await rig.settle()
    await rig.advance(35_000)
    const [asked] = rig.outbox.list()
    expect(asked).toMatchObject({ state: 'failed', askedToResend: expect.any(String) })
    // Ten minutes late, the first request reaches Operately after all.
    await rig.advance(10 * 60_000)
    await lost.landLate()
    await rig.engine.retry(asked!.id)
    await rig.settle()
    expect(rig.outbox.list()).toEqual([])
    expect(lost.posts).toBe(1)
    expect(checkInsSaying(message)).toHaveLength(1)
    expect(rig.events.at(-1)).toMatchObject({ type: 'delivered', result: { recovered: true } })
  })

  it('a first request that lands just as the person’s re-send goes out: both are shown in "Needs you", and Retry posts no third', async () => {
    // A person fourteen hours ahead of UTC: the times they read can never be the server's UTC.
    const zoneBefore = process.env.TZ
    process.env.TZ = 'Pacific/Kiritimati'
    onTestFinished(() => {
      if (zoneBefore === undefined) delete process.env.TZ
      else process.env.TZ = zoneBefore
    })
    const lost = lostFirstPost()
    const page = (id: string) => `https://ops.example/acme-1/goal-check-ins/${id}`
    await build({
      settleMs: 30_000,
      fetch: lost.fetch,
      deliverers: (client, outbox) =>
        createDeliverers({ client, claims: outbox, webUrls: { checkIn: async (id) => page(id) } }),
    })
    const message = doc('lands with the re-send')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    await rig.settle()
    await rig.advance(35_000)
    const [asked] = rig.outbox.list()
    // After the last look and before the re-send reaches Operately, the first request lands.
    lost.beforeResend = lost.landLate
    await rig.engine.retry(asked!.id)
    await rig.settle()
    expect(checkInsSaying(message)).toHaveLength(2)
    const [shown] = rig.outbox.list()
    expect(shown).toMatchObject({ state: 'failed' })
    // Each copy with when it was posted, in the person's own time as the row's links say it.
    const copies = checkInsSaying(message)
    const local = (copy: (typeof copies)[number]) =>
      new Date(copy.insertedAt).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })
    expect(shown!.lastError!.message).toContain(
      `delete one of them (posted at ${local(copies[0]!)} and at ${local(copies[1]!)})`,
    )
    // And its page in Operately, to open and delete one.
    expect(shown!.kind === 'check-in' && shown!.copies).toEqual(
      copies.map((copy) => ({
        checkInId: checkInId(copy),
        postedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        url: page(checkInId(copy)),
      })),
    )
    // Whatever the person presses next, nothing is posted a third time.
    await rig.engine.retry(shown!.id)
    await rig.settle()
    expect(rig.outbox.list()).toEqual([])
    expect(lost.posts).toBe(2)
    expect(checkInsSaying(message)).toHaveLength(2)
  })

  it('a request that provably never reached Operately (connection refused) is sent again without asking', async () => {
    const lost = lostFirstPost('ECONNREFUSED')
    await build({ settleMs: 30_000, fetch: lost.fetch })
    const message = doc('refused at the door')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    await rig.settle()
    for (let i = 0; i < 5 && rig.outbox.list().length > 0; i++) await rig.advance(10_000)
    expect(rig.outbox.list()).toEqual([])
    expect(rig.events.some((e) => e.type === 'needs_attention')).toBe(false)
    expect(lost.posts).toBe(2)
    expect(checkInsSaying(message)).toHaveLength(1)
  })

  // Issue 38: a route lost or a timeout on a connection that already carried the check-in says
  // EHOSTUNREACH or ETIMEDOUT too; only a failed connect proves it never left.
  it.each(['EHOSTUNREACH', 'ETIMEDOUT', 'ENETDOWN'])(
    'a check-in the server saved before the connection failed with %s is looked for, never posted again',
    async (code) => {
      let posts = 0
      const landedThenLost = (async (input, init) => {
        const url = input instanceof Request ? input.url : String(input)
        if (!url.endsWith('/goals/create_check_in') || init?.method !== 'POST') return fetch(input, init)
        posts++
        const response = await fetch(input, init)
        if (posts > 1) return response
        expect(response.status).toBe(200)
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error(code), { code, syscall: 'read' }),
        })
      }) as typeof fetch
      await build({ settleMs: 30_000, fetch: landedThenLost })
      const message = doc(`landed, then ${code}`)
      await rig.outbox.append(checkInSubmission(shipEngine(), message))
      await rig.settle()
      for (let i = 0; i < 6 && rig.outbox.list().length > 0; i++) await rig.advance(10_000)
      expect(rig.outbox.list()).toEqual([])
      expect(posts).toBe(1)
      expect(checkInsSaying(message)).toHaveLength(1)
    },
  )

  it('waits its whole settle time from when a request failed, not from when it went out: a slow request gets the same grace', async () => {
    // The request takes 40 s of the app's time (a large body), and the connection is lost at the end.
    await build({ settleMs: 30_000, fetch: slowThenLost('goals/create_check_in') })
    const message = doc('slow and lost')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    await rig.settle()
    // For 25 s after the failure nothing is sent again: the server might still be working on it.
    for (let i = 0; i < 5; i++) await rig.advance(5_000)
    expect(count('POST goals/create_check_in')).toBe(1)
    expect(rig.outbox.list()).toHaveLength(1)
    // The whole wait after the failure passed: not there, so the person is asked (nothing sent by itself).
    await rig.advance(30_000)
    expect(rig.outbox.list()).toMatchObject([{ state: 'failed', askedToResend: expect.any(String) }])
    expect(count('POST goals/create_check_in')).toBe(1)
    expect(checkInsSaying(message)).toHaveLength(0)
  })

  it('a description save that failed after a slow request waits its whole settle time from the failure too', async () => {
    await build({ settleMs: 30_000, fetch: slowThenLost('projects/update_description') })
    const base = serverDescription(SEED_IDS.projects.launchSite)
    await rig.outbox.append(descriptionSave(launchSite(), doc('slow save, lost'), base))
    await rig.settle()
    for (let i = 0; i < 5; i++) await rig.advance(5_000)
    expect(count('POST projects/update_description')).toBe(1)
    await rig.advance(30_000)
    expect(rig.outbox.list()).toEqual([])
    expect(count('POST projects/update_description')).toBe(2)
    expect(holds(SEED_IDS.projects.launchSite, doc('slow save, lost'))).toBe(true)
  })

  it('a gateway answering every check-in with an HTML 502 (nothing saved) ends in "Needs you" with a question, after one send', async () => {
    // A proxy in front of Operately: every check-in POST gets its error page, nothing reaches the server.
    const gateway = badGateway('goals/create_check_in')
    await build({ settleMs: 30_000, fetch: gateway.fetch })
    const message = doc('behind a broken gateway')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    await rig.settle()
    // An hour of the app's time: it must stop by itself long before.
    for (let i = 0; i < 60 && rig.outbox.list()[0]?.state === 'pending'; i++) await rig.advance(60_000)
    const [entry] = rig.outbox.list()
    expect(entry).toMatchObject({ state: 'failed' })
    expect(entry?.lastError?.message).toMatch(/^Not on Operately .* Send again\?/)
    expect(gateway.posts).toBe(1)
    const before = gateway.posts
    for (let i = 0; i < 10; i++) await rig.advance(60_000)
    expect(gateway.posts).toBe(before)
    expect(checkInsSaying(message)).toHaveLength(0)
  })

  it('a gateway answering every description save with an HTML 502 ends in "Needs you" too, the text kept', async () => {
    const gateway = badGateway('projects/update_description')
    await build({ settleMs: 30_000, fetch: gateway.fetch })
    const base = serverDescription(SEED_IDS.projects.launchSite)
    await rig.outbox.append(descriptionSave(launchSite(), doc('saved behind a broken gateway'), base))
    await rig.settle()
    for (let i = 0; i < 60 && rig.outbox.list()[0]?.state !== 'needs_attention'; i++)
      await rig.advance(60_000)
    const [entry] = rig.outbox.list()
    expect(entry).toMatchObject({ state: 'needs_attention' })
    expect(entry?.lastError?.message).toMatch(/without a clear answer .*Your text is kept here/)
    expect(gateway.posts).toBeLessThanOrEqual(5)
    expect(serverDescription(SEED_IDS.projects.launchSite)).toBe(base)
  })

  it('after a timeout on a description save that committed, sees its own text and stops', async () => {
    await build({ timeoutMs: 1_000 })
    emulator.setFaults({ hangAfterCommitMs: 10_000 })
    await rig.outbox.append(
      descriptionSave(launchSite(), doc('slow save'), serverDescription(SEED_IDS.projects.launchSite)),
    )
    await rig.settle()
    emulator.clearFaults()
    await rig.advance(60_000)
    expect(rig.outbox.list()).toEqual([])
    expect(count('POST projects/update_description')).toBe(1)
    expect(rig.events.at(-1)).toMatchObject({ type: 'delivered', result: { alreadyOnServer: true } })
  })

  it('survives a connection dropped right after the server committed: goes offline, probes, then settles without duplicates', async () => {
    await build()
    emulator.setFaults({ dropAfterCommit: 2 })
    const message = doc('dropped check-in')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    await rig.outbox.append(
      descriptionSave(mobileBeta(), doc('dropped save'), serverDescription(SEED_IDS.projects.mobileBeta)),
    )
    await rig.settle()
    // Each is looked up right after its connection dropped, and found.
    expect(checkInsSaying(message)).toHaveLength(1)

    for (let i = 0; i < 6 && rig.outbox.list().length > 0; i++) await rig.advance(10_000)
    expect(rig.outbox.list()).toEqual([])
    expect(rig.engine.status().online).toBe(true)
    expect(checkInsSaying(message)).toHaveLength(1)
    expect(count('POST goals/create_check_in')).toBe(1)
    expect(count('POST projects/update_description')).toBe(1)
    expect(holds(SEED_IDS.projects.mobileBeta, doc('dropped save'))).toBe(true)
  })

  it('stops the whole queue on a 401 mid-sync, keeps every entry, sends nothing more until resumed', async () => {
    await build({ osOnline: false })
    // The token is deleted in Operately right after the first entry got through.
    const stopListening = rig.engine.onEvent((event) => {
      if (event.type !== 'delivered') return
      emulator.setFaults({ revokeTokens: true })
      stopListening()
    })
    await rig.outbox.append(
      descriptionSave(launchSite(), doc('first'), serverDescription(SEED_IDS.projects.launchSite)),
    )
    await rig.outbox.append(
      descriptionSave(mobileBeta(), doc('second'), serverDescription(SEED_IDS.projects.mobileBeta)),
    )
    const message = doc('third, a check-in')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    rig.os.online = true
    rig.connectivity.osChanged()
    await rig.settle()

    expect(rig.outbox.list()).toMatchObject([
      {
        payload: { description: doc('second') },
        state: 'needs_attention',
        lastError: { kind: 'unauthorized' },
      },
      { kind: 'check-in', state: 'pending', attempts: 0 },
    ])
    expect(rig.engine.status()).toMatchObject({
      halted: { kind: 'unauthorized' },
      needsAttention: 1,
      pending: 1,
    })
    expect(rig.events.map((e) => e.type)).toEqual(['delivered', 'needs_attention', 'halted'])

    const sent = rig.requests().length
    await rig.advance(60 * 60_000)
    await rig.engine.syncNow()
    await rig.engine.retry(rig.outbox.list()[1]!.id)
    await rig.settle()
    expect(rig.requests()).toHaveLength(sent)

    emulator.clearFaults() // the user signed in again with a working token
    await rig.engine.resume()
    await rig.settle()
    expect(rig.outbox.list()).toEqual([])
    expect(holds(SEED_IDS.projects.mobileBeta, doc('second'))).toBe(true)
    expect(checkInsSaying(message)).toHaveLength(1)
    expect(rig.engine.status().halted).toBeNull()
  })

  it('stays stopped after a restart until the user acts', async () => {
    await build()
    emulator.setFaults({ revokeTokens: true })
    await rig.outbox.append(
      descriptionSave(launchSite(), doc('kept'), serverDescription(SEED_IDS.projects.launchSite)),
    )
    await rig.settle()
    await rig.close()

    await build({ dataDir: rig.dataDir })
    // Only the connectivity probe: the queued save is not tried again with the same dead token.
    expect(rig.requests()).toEqual(['GET people/get_me'])
    expect(rig.engine.status()).toMatchObject({ halted: { kind: 'unauthorized' }, needsAttention: 1 })
    emulator.clearFaults()
    await rig.engine.resume()
    await rig.settle()
    expect(holds(SEED_IDS.projects.launchSite, doc('kept'))).toBe(true)
  })

  it('stops on a read-only token and delivers once the user signs in with one that can write', async () => {
    await build({ token: emulator.tokens.readOnly })
    await rig.outbox.append(
      descriptionSave(
        launchSite(),
        doc('needs a write token'),
        serverDescription(SEED_IDS.projects.launchSite),
      ),
    )
    const message = doc('check-in needing a write token')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    await rig.settle()
    expect(rig.outbox.list()).toMatchObject([
      { state: 'needs_attention', lastError: { kind: 'read_only_token' } },
      { state: 'pending', attempts: 0 },
    ])
    expect(rig.outbox.list()[0]!.lastError!.message).toMatch(/can only read/)
    expect(count('POST projects/update_description')).toBe(1)
    expect(count('POST goals/create_check_in')).toBe(0)

    rig.useToken(emulator.tokens.write)
    await rig.engine.resume()
    await rig.settle()
    expect(rig.outbox.list()).toEqual([])
    expect(holds(SEED_IDS.projects.launchSite, doc('needs a write token'))).toBe(true)
    expect(checkInsSaying(message)).toHaveLength(1)
  })

  it('keeps the text of a save for a deleted project, says it is gone or no longer shared, and goes on with the rest', async () => {
    await build({ osOnline: false })
    const base = serverDescription(SEED_IDS.projects.mobileBeta)
    const id = mobileBeta()
    await rig.outbox.append(descriptionSave(id, doc('text worth keeping'), base))
    const message = doc('after the deleted project')
    await rig.outbox.append(checkInSubmission(shipEngine(), message))
    emulator.state.projects.splice(
      emulator.state.projects.findIndex((p) => p.id === SEED_IDS.projects.mobileBeta),
      1,
    )
    rig.os.online = true
    rig.connectivity.osChanged()
    await rig.settle()

    const [kept] = rig.outbox.list()
    expect(kept).toMatchObject({ state: 'failed', payload: { description: doc('text worth keeping') } })
    expect(kept!.lastError).toMatchObject({ kind: 'not_found' })
    expect(kept!.lastError!.message).toMatch(/gone or no longer shared/)
    expect(checkInsSaying(message)).toHaveLength(1)
    expect(rig.engine.status()).toMatchObject({ failed: 1, pending: 0, halted: null })
    // Reopened, it is still there, still failed, not retried on its own.
    await rig.close()
    await build({ dataDir: rig.dataDir })
    expect(rig.outbox.list()).toMatchObject([
      { state: 'failed', payload: { description: doc('text worth keeping') } },
    ])
  })

  it('sets aside a save the person may no longer make (view-only), without stopping the queue', async () => {
    await build({ osOnline: false })
    const warehouse = wireId(emulator, SEED_IDS.projects.warehouse)
    await rig.outbox.append(
      descriptionSave(warehouse, doc('not mine to change'), serverDescription(SEED_IDS.projects.warehouse)),
    )
    await rig.outbox.append(
      descriptionSave(launchSite(), doc('mine'), serverDescription(SEED_IDS.projects.launchSite)),
    )
    rig.os.online = true
    rig.connectivity.osChanged()
    await rig.settle()
    expect(rig.outbox.list()).toMatchObject([{ state: 'needs_attention', lastError: { kind: 'forbidden' } }])
    expect(rig.outbox.list()[0]!.lastError!.message).toMatch(/not allowed to change it/)
    expect(holds(SEED_IDS.projects.launchSite, doc('mine'))).toBe(true)
    expect(rig.engine.status().halted).toBeNull()
  })

  it("honours the server's Retry-After, even when the user presses Sync now", async () => {
    await build()
    emulator.setFaults({ serverErrors: 1, retryAfterSeconds: 120 })
    await rig.outbox.append(checkInSubmission(shipEngine(), doc('patience')))
    await rig.settle()
    const sent = rig.requests().length
    expect(Date.parse(rig.engine.status().nextAttemptAt!) - clock.now()).toBe(120_000)
    await rig.advance(119_999)
    await rig.engine.syncNow()
    expect(rig.requests()).toHaveLength(sent)
    await rig.advance(1)
    expect(rig.outbox.list()).toEqual([])
    expect(checkInsSaying(doc('patience'))).toHaveLength(1)
  })

  it('takes an older text of its own that Operately applied late (its app was killed mid-request) for its own, not a conflict', async () => {
    await build({ osOnline: false })
    const base = serverDescription(SEED_IDS.projects.launchSite)
    // A save went out and the app was killed before the answer: back in line after the restart, its
    // request may still be on its way to being applied.
    const first = await rig.outbox.append(descriptionSave(launchSite(), doc('first text'), base))
    await rig.outbox.markAttempt(first.id)
    await rig.outbox.update(first.id, { state: 'pending' })
    // The person saves again; that text reaches Operately.
    await rig.outbox.append(descriptionSave(launchSite(), doc('second text'), base))
    rig.os.online = true
    rig.connectivity.osChanged()
    await rig.settle()
    expect(holds(SEED_IDS.projects.launchSite, doc('second text'))).toBe(true)
    // Then the killed app's request is applied after all: Operately holds the older text of the person's.
    emulator.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!.description = JSON.parse(
      doc('first text'),
    ) as never
    // The next save (same editor, same base) is sent over it: it is the person's own text, not someone else's.
    await rig.outbox.append(descriptionSave(launchSite(), doc('third text'), base))
    await rig.settle()
    expect(rig.events.filter((e) => e.type === 'conflict')).toEqual([])
    expect(rig.outbox.list()).toEqual([])
    expect(holds(SEED_IDS.projects.launchSite, doc('third text'))).toBe(true)
  })

  it('never overwrites a description that changed on the server after the edit began', async () => {
    await build({ osOnline: false })
    const base = serverDescription(SEED_IDS.projects.launchSite)
    const entry = await rig.outbox.append(descriptionSave(launchSite(), doc('my version'), base))
    const theirs = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'their version' }] }],
    }
    emulator.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!.description = theirs as never
    rig.os.online = true
    rig.connectivity.osChanged()
    await rig.settle()

    expect(count('POST projects/update_description')).toBe(0)
    expect(count('GET projects/get')).toBe(1)
    const [conflict] = rig.outbox.list()
    expect(conflict).toMatchObject({
      id: entry.id,
      state: 'conflict',
      payload: { description: doc('my version') },
      base,
    })
    expect(conflict!.kind === 'description' && JSON.parse(conflict!.conflict!.serverDescription!)).toEqual(
      theirs,
    )
    expect(rig.engine.status()).toMatchObject({ conflicts: 1, pending: 0 })

    // "Keep mine": the server's version becomes the base, and only then is the text sent.
    await rig.engine.requeue(entry.id, {
      base: conflict!.kind === 'description' ? conflict!.conflict!.serverDescription : null,
    })
    await rig.settle()
    expect(holds(SEED_IDS.projects.launchSite, doc('my version'))).toBe(true)
    expect(count('POST projects/update_description')).toBe(1)
  })

  it('sends a save made while the previous one was in flight after it, without a false conflict', async () => {
    // The first save's request is held on its way until the next two are queued: on a busy machine a
    // fixed server delay could end before they were written, and the test would prove nothing.
    let letFirstGo = () => {}
    const firstHeld = new Promise<void>((resolve) => (letFirstGo = resolve))
    let held = false
    await build({
      fetch: observingFetch(async (endpoint, method) => {
        if (endpoint !== 'projects/update_description' || method !== 'POST' || held) return
        held = true
        await firstHeld
      }),
    })
    const base = serverDescription(SEED_IDS.projects.launchSite)
    const sending = new Promise<void>((resolve) => {
      const stop = rig.outbox.subscribe((change) => {
        if (change.entry.state !== 'sending') return
        stop()
        resolve()
      })
    })
    await rig.outbox.append(descriptionSave(launchSite(), doc('version 1'), base))
    // The first save is on its way: the next ones (same base: the editor has not re-read) wait behind it.
    await sending
    const [first] = rig.outbox.list()
    expect(first).toMatchObject({ state: 'sending' })
    // Nobody may change what is being sent (e.g. resolving a conflict on it) until it comes back.
    await expect(rig.engine.updateEntry(first!.id, { base: null })).rejects.toMatchObject({
      error: { kind: 'invalid_input' },
    })
    await rig.outbox.append(descriptionSave(launchSite(), doc('version 2'), base))
    await rig.outbox.append(descriptionSave(launchSite(), doc('version 3'), base))
    expect(rig.outbox.list()).toHaveLength(2)
    letFirstGo()
    await rig.settle()
    expect(rig.outbox.list()).toEqual([])
    expect(holds(SEED_IDS.projects.launchSite, doc('version 3'))).toBe(true)
    expect(count('POST projects/update_description')).toBe(2)
    expect(rig.events.map((e) => e.type)).toEqual(['delivered', 'delivered'])
  })

  it('a save queued behind one that meets a colleague\'s edit asks once: "Keep mine" sends the newest text', async () => {
    // The first save's read of the project is held until the second save is queued behind it and a
    // colleague has changed the description in Operately: the first meets the conflict.
    let letFirstGo = () => {}
    const firstHeld = new Promise<void>((resolve) => (letFirstGo = resolve))
    let reading = () => {}
    const firstReading = new Promise<void>((resolve) => (reading = resolve))
    let held = false
    await build({
      fetch: observingFetch(async (endpoint, method) => {
        if (endpoint !== 'projects/get' || method !== 'GET' || held) return
        held = true
        reading()
        await firstHeld
      }),
    })
    const base = serverDescription(SEED_IDS.projects.launchSite)
    const first = await rig.outbox.append(descriptionSave(launchSite(), doc('version 1'), base))
    await firstReading
    const second = await rig.outbox.append(descriptionSave(launchSite(), doc('version 2'), base))
    expect(second.id).not.toBe(first.id)
    emulator.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!.description = JSON.parse(
      doc('their version'),
    )
    letFirstGo()
    await rig.settle()

    // One decision, on the newest text, in the entry the editor follows (the second save's).
    expect(rig.outbox.list()).toMatchObject([
      { id: second.id, state: 'conflict', payload: { description: doc('version 2') } },
    ])
    expect(rig.events.map((e) => [e.type, 'entry' in e ? e.entry.id : null])).toEqual([
      ['conflict', second.id],
    ])
    const [waiting] = rig.outbox.list()
    const theirs = waiting!.kind === 'description' ? waiting!.conflict!.serverDescription : null
    expect(sameJson(JSON.parse(theirs!), JSON.parse(doc('their version')))).toBe(true)

    // "Keep mine" as the editor's panel sends it: the text over the version shown.
    const keepMine = await rig.outbox.append({
      kind: 'description',
      payload: { projectId: launchSite(), description: doc('version 2') },
      base: theirs,
      rebase: true,
    })
    expect(keepMine.id).toBe(second.id)
    await rig.engine.syncNow()
    await rig.settle()
    expect(rig.outbox.list()).toEqual([])
    expect(holds(SEED_IDS.projects.launchSite, doc('version 2'))).toBe(true)
    expect(count('POST projects/update_description')).toBe(1)
    expect(rig.events.filter((e) => e.type === 'conflict')).toHaveLength(1)
  })

  it('keeps the order within a goal while other goals go ahead', async () => {
    await build()
    const backlog = wireId(emulator, SEED_IDS.goals.supportBacklog)
    // Ship's first check-in meets a gateway error on its first request (the snapshot read) and backs off.
    emulator.setFaults({ htmlBadGateway: 1 })
    await rig.outbox.append(checkInSubmission(shipEngine(), doc('ship, first')))
    await rig.settle()
    await rig.outbox.append(checkInSubmission(shipEngine(), doc('ship, second')))
    await rig.outbox.append(checkInSubmission(backlog, doc('backlog')))
    await rig.settle()
    // Ship's second waits behind its first; the backlog's goes.
    expect(checkInsSaying(doc('backlog'))).toHaveLength(1)
    expect(checkInsSaying(doc('ship, second'))).toHaveLength(0)
    expect(rig.outbox.list().map((e) => e.kind === 'check-in' && e.payload.message)).toEqual([
      doc('ship, first'),
      doc('ship, second'),
    ])
    await rig.advance(60_000)
    expect(rig.outbox.list()).toEqual([])
    const ship = emulator.state.checkIns.filter((c) => c.goalId === SEED_IDS.goals.shipEngine)
    expect(ship.slice(-2).map((c) => JSON.stringify(c.message))).toEqual([
      JSON.stringify(JSON.parse(doc('ship, first'))),
      JSON.stringify(JSON.parse(doc('ship, second'))),
    ])
  })

  it('deliverNow answers with what came of that attempt; release lets it go on without waiting', async () => {
    await build()
    const mine = await rig.outbox.append(checkInSubmission(shipEngine(), doc('the one the form waits for')))
    expect(await rig.engine.deliverNow(mine.id)).toMatchObject({
      outcome: { outcome: 'delivered' },
      entry: null,
    })
    // The form saw it happen: the event says so (no notification for it).
    expect(rig.events.find((e) => e.type === 'delivered' && e.entry.id === mine.id)).toMatchObject({
      awaited: true,
    })

    // Offline, nothing can be tried: the form hears so at once.
    rig.os.online = false
    rig.connectivity.osChanged()
    const offline = await rig.outbox.append(checkInSubmission(shipEngine(), doc('typed on a plane')))
    expect(await rig.engine.deliverNow(offline.id)).toMatchObject({ outcome: null, released: false })
    rig.os.online = true
    rig.connectivity.osChanged()
    await rig.settle()

    emulator.setFaults({ latencyMs: 300 })
    const slow = await rig.outbox.append(checkInSubmission(shipEngine(), doc('slow one')))
    const pending = rig.engine.deliverNow(slow.id)
    rig.engine.release(slow.id)
    expect(await pending).toMatchObject({ outcome: null, released: true })
    await rig.settle()
    // Nobody waits for it any more: its delivery is news (a notification in the app).
    expect(rig.events.find((e) => e.type === 'delivered' && e.entry.id === slow.id)).toMatchObject({
      awaited: false,
    })
    expect(checkInsSaying(doc('slow one'))).toHaveLength(1)
  })

  it('answers every form waiting for a save that meets a conflict; it never waits in the outbox', async () => {
    await build()
    const base = serverDescription(SEED_IDS.projects.launchSite)
    emulator.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!.description = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'theirs' }] }],
    } as never
    const states: string[] = []
    rig.outbox.subscribe(({ type, entry }) => states.push(`${type} ${entry.state}`))
    // Queued, it is picked at once; two wait for it before the server's text is read (a save that merged
    // into one already waiting): both hear the conflict from the step that found it, neither is told it
    // was saved, queued or discarded.
    const entry = await rig.outbox.append(descriptionSave(launchSite(), doc('mine'), base))
    // The editor shows the conflict as soon as it hears: by then the file must be gone, or a crash right
    // after would bring the save back, to be sent in the background once Operately holds its base again.
    const file = join(rig.dataDir, 'outbox', `${entry.id}.json`)
    const onDiskWhenTold: boolean[] = []
    const told = (report: Promise<DeliveryReport>) =>
      report.then((answer) => {
        onDiskWhenTold.push(existsSync(file))
        return answer
      })
    const first = told(rig.engine.deliverNow(entry.id))
    const second = told(rig.engine.deliverNow(entry.id))
    const expected = {
      outcome: { outcome: 'conflict', server: serverDescription(SEED_IDS.projects.launchSite) },
      entry: null,
      released: false,
      discarded: false,
    }
    expect(await first).toEqual(expected)
    expect(await second).toEqual(expected)
    expect(onDiskWhenTold).toEqual([false, false])
    await rig.settle()
    expect(rig.outbox.list()).toEqual([])
    expect(states.filter((s) => s.endsWith('conflict'))).toEqual([])
    expect(rig.events.filter((e) => e.type === 'conflict').map((e) => e.awaited)).toEqual([true])
    expect(count('POST projects/update_description')).toBe(0)
  })

  it('takes out a conflict the editor has, left by a disk that refused, only as it was: never a save merged into it since', async () => {
    // The entry's file turns into a non-empty directory once the server's text is read: the hand-over
    // cannot remove it, and the engine keeps it aside, to take out once the disk allows.
    let block: (() => void) | null = null
    await build({
      fetch: observingFetch(
        () => undefined,
        (endpoint, method, outcome) => {
          if (endpoint === 'projects/get' && method === 'GET' && outcome === 'answered') block?.()
        },
      ),
    })
    const base = serverDescription(SEED_IDS.projects.launchSite)
    emulator.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!.description = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'theirs' }] }],
    } as never
    const theirs = serverDescription(SEED_IDS.projects.launchSite)
    const entry = await rig.outbox.append(descriptionSave(launchSite(), doc('mine'), base))
    const file = join(rig.dataDir, 'outbox', `${entry.id}.json`)
    block = () => {
      block = null
      renameSync(file, `${file}.moved`)
      mkdirSync(file)
      writeFileSync(join(file, 'held'), 'x')
    }
    expect(await rig.engine.deliverNow(entry.id)).toMatchObject({
      outcome: { outcome: 'conflict' },
      entry: { id: entry.id },
    })
    await rig.engine.idle()
    rmSync(file, { recursive: true })

    // "Keep mine" from the editor merges into it in the very step before the engine takes it out ("Retry
    // now" in Sync, say, which only tries to take it out), and waits for it as the editor does.
    const merging = rig.outbox.append({
      kind: 'description',
      payload: { projectId: launchSite(), description: doc('keep mine') },
      base: theirs,
      rebase: true,
    })
    const retrying = rig.engine.retry(entry.id)
    const merged = await merging
    expect(merged.id).toBe(entry.id)
    const answer = rig.engine.deliverNow(merged.id)
    await retrying
    expect(await answer).toMatchObject({ outcome: { outcome: 'delivered' } })
    await rig.settle()
    expect(holds(SEED_IDS.projects.launchSite, doc('keep mine'))).toBe(true)
    expect(rig.outbox.list()).toEqual([])
  })

  it('discards an entry for good, never sending it', async () => {
    await build({ osOnline: false })
    const entry = await rig.outbox.append(checkInSubmission(shipEngine(), doc('changed my mind')))
    await rig.engine.discard(entry.id)
    rig.os.online = true
    rig.connectivity.osChanged()
    await rig.settle()
    expect(rig.outbox.list()).toEqual([])
    expect(count('POST goals/create_check_in')).toBe(0)
    await rig.close()
    await build({ dataDir: rig.dataDir })
    expect(rig.outbox.list()).toEqual([])
  })

  it('tells a save asking after its entry that it was discarded, not delivered: gone is not sent', async () => {
    await build({ osOnline: false })
    const entry = await rig.outbox.append(checkInSubmission(shipEngine(), doc('taken out')))
    await rig.engine.discard(entry.id)
    expect(await rig.engine.deliverNow(entry.id)).toEqual({
      outcome: null,
      entry: null,
      released: false,
      discarded: true,
    })
    // An id the outbox never had (or one delivered) is not called discarded.
    const unknown = await rig.engine.deliverNow('00000000-0000-4000-8000-000000000000')
    expect(unknown.discarded).toBe(false)
  })
})
