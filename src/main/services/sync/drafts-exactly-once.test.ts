import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SEED_IDS, startEmulator, type Emulator } from '../../../../e2e/emulator'
import { wireId } from '../../../../e2e/emulator/test-support'
import type { Publication } from '@shared/domain/check-ins'
import { sameJson } from '../check-ins/recovery'
import type { CheckInDelivery } from './deliverers'
import { createFakeClock, type FakeClock } from './testing/fake-clock'
import { createRig, type Rig } from './testing/rig'
import { checkInSubmission, doc } from './testing/entries'

// Drafts and scheduled check-ins go through the outbox like every check-in: each becomes exactly one
// check-in on the server, however the request fails after the server saved it, and a scheduled time
// that passed while the entry waited is put to the person instead of being sent.

const ship = (emulator: Emulator) => wireId(emulator, SEED_IDS.goals.shipEngine)
const entry = (emulator: Emulator, text: string, publication: Publication) => {
  const queued = checkInSubmission(ship(emulator), doc(text))
  return { ...queued, payload: { ...queued.payload, publication } }
}

describe('drafts and scheduled check-ins through the outbox', () => {
  let clock: FakeClock = createFakeClock()
  let emulator: Emulator
  let old: Emulator
  let rig: Rig | null = null

  beforeAll(async () => {
    // The server's clock is the test's: "later" is the same moment for both.
    emulator = await startEmulator({ version: '1.8.0', now: () => new Date(clock.now()) })
    old = await startEmulator({ version: '1.6.0', now: () => new Date(clock.now()) })
  })
  afterAll(async () => {
    await emulator.close()
    await old.close()
  })
  afterEach(async () => {
    await rig?.close()
    rig = null
  })

  const fresh = async (
    options: Omit<Partial<Parameters<typeof createRig>[0]>, 'emulator'> & { emulator?: Emulator } = {},
  ) => {
    clock = createFakeClock()
    const server = options.emulator ?? emulator
    server.reset()
    rig = await createRig({ settleMs: 60_000, ...options, emulator: server, clock })
    return rig
  }
  const saying = (server: Emulator, text: string) =>
    server.state.checkIns.filter((c) => sameJson(c.message, JSON.parse(doc(text))))
  const creates = (server: Emulator) =>
    server.state.requests.filter((r) => r.endpoint === 'goals/create_check_in').length
  const delivered = (r: Rig) =>
    r.events.flatMap((e) => (e.type === 'delivered' ? [e.result as CheckInDelivery] : []))

  it('a draft whose connection is reset after the server saved it is found as a draft, never posted twice', async () => {
    const r = await fresh()
    emulator.setFaults({ resetAfterCommit: 1 })
    await r.outbox.append(entry(emulator, 'Half-way thoughts, to finish in Operately.', { mode: 'draft' }))
    await r.settle()
    // Once the server may still be applying it, the app waits, looks again, and finds it.
    await r.advance(61_000)

    expect(r.outbox.list()).toEqual([])
    expect(saying(emulator, 'Half-way thoughts, to finish in Operately.')).toMatchObject([{ state: 'draft' }])
    expect(creates(emulator)).toBe(1)
    expect(delivered(r)).toMatchObject([{ recovered: true, checkIn: { state: 'draft' } }])
    const body = emulator.state.requests.find((q) => q.endpoint === 'goals/create_check_in')!.body
    expect(body).toMatchObject({ post_as_draft: true })
  })

  it('a scheduled check-in whose answer comes after the timeout is found as scheduled, never posted twice', async () => {
    const r = await fresh({ timeoutMs: 300 })
    emulator.setFaults({ hangAfterCommitMs: 3_000 })
    const at = new Date(clock.now() + 3 * 24 * 60 * 60_000).toISOString()
    await r.outbox.append(entry(emulator, 'News for Monday morning.', { mode: 'scheduled', at }))
    await r.settle()
    emulator.clearFaults()
    await r.advance(61_000)

    expect(r.outbox.list()).toEqual([])
    expect(saying(emulator, 'News for Monday morning.')).toMatchObject([
      { state: 'scheduled', scheduledAt: at.replace('.000Z', 'Z') },
    ])
    expect(creates(emulator)).toBe(1)
    expect(delivered(r)).toMatchObject([{ recovered: true }])
  })

  it('a scheduled time that passed while the entry waited offline is asked about, not sent', async () => {
    const r = await fresh({ osOnline: false })
    const at = new Date(clock.now() + 10 * 60_000).toISOString()
    await r.outbox.append(entry(emulator, 'Meant for ten minutes from now.', { mode: 'scheduled', at }))
    await r.advance(30 * 60_000)
    r.os.online = true
    r.connectivity.osChanged()
    await r.settle()

    const [left] = r.outbox.list()
    // "Needs you": refused as it is, text intact, until the person edits, retries or discards it.
    expect(left).toMatchObject({ state: 'failed' })
    expect(left!.lastError!.message).toMatch(
      /^You scheduled this check-in for .+, and that time has passed before it could be sent\. Edit it to choose a new time or to post it now, or discard it\. Nothing was sent\./,
    )
    expect(creates(emulator)).toBe(0)
    // Left alone, it stays asked: nothing is sent later either.
    await r.advance(60 * 60_000)
    expect(creates(emulator)).toBe(0)
  })

  it('a scheduled time still ahead is sent as asked, and the server publishes it when the time comes', async () => {
    const r = await fresh()
    const at = new Date(clock.now() + 60 * 60_000).toISOString()
    await r.outbox.append(entry(emulator, 'Published in an hour.', { mode: 'scheduled', at }))
    await r.settle()
    expect(saying(emulator, 'Published in an hour.')).toMatchObject([{ state: 'scheduled' }])
    clock.advance(61 * 60_000)
    await r.client.listCheckIns(ship(emulator))
    expect(saying(emulator, 'Published in an hour.')).toMatchObject([{ state: 'published' }])
    expect(creates(emulator)).toBe(1)
  })

  it('a draft queued for a 1.6 server is not published instead: it waits for the person, and no draft key is sent', async () => {
    const r = await fresh({ emulator: old })
    await r.outbox.append(entry(old, 'Not for everyone yet.', { mode: 'draft' }))
    await r.settle()

    const [left] = r.outbox.list()
    // "Needs you": refused as it is, text intact, until the person edits, retries or discards it.
    expect(left).toMatchObject({ state: 'failed' })
    expect(left!.lastError!.message).toMatch(
      /^This Operately server does not keep drafts \(Operately 1\.7 and newer do\)\./,
    )
    expect(creates(old)).toBe(0)
    expect(saying(old, 'Not for everyone yet.')).toEqual([])
  })

  it('a scheduled check-in the server saves after the app gave up, whose time passes before the look that finds it, is found published, never posted twice', async () => {
    // The server may still be applying a request that got no answer for 10 minutes: longer than the 6 to go.
    const r = await fresh({ settleMs: 10 * 60_000, timeoutMs: 300 })
    emulator.setFaults({ commitAfterGiveUp: 1, lateCommitMs: 1_500 })
    const at = new Date(clock.now() + 6 * 60_000).toISOString()
    await r.outbox.append(entry(emulator, 'Out at six past.', { mode: 'scheduled', at }))
    await r.settle()
    // The first look, at once, finds nothing; the request lands after it.
    expect(saying(emulator, 'Out at six past.')).toEqual([])
    await new Promise((done) => setTimeout(done, 2_000))
    expect(saying(emulator, 'Out at six past.')).toMatchObject([{ state: 'scheduled' }])
    // Past its time before the app looks again: the server published it meanwhile.
    await r.advance(11 * 60_000)

    expect(r.outbox.list()).toEqual([])
    expect(saying(emulator, 'Out at six past.')).toMatchObject([{ state: 'published' }])
    expect(creates(emulator)).toBe(1)
    expect(delivered(r)).toMatchObject([{ recovered: true }])
  })

  it('a draft with the very words of a check-in published earlier, saved before a 504 (a 5xx after the commit): the draft is found, the old one never taken for it', async () => {
    const r = await fresh()
    const words = 'No change this month.'
    await r.outbox.append(entry(emulator, words, { mode: 'now' }))
    await r.settle()
    expect(saying(emulator, words)).toMatchObject([{ state: 'published' }])
    emulator.setFaults({ failAfterCommit: 1 })
    await r.outbox.append(entry(emulator, words, { mode: 'draft' }))
    await r.settle()
    await r.advance(61_000)

    expect(r.outbox.list()).toEqual([])
    const both = saying(emulator, words)
    expect(both.map((c) => c.state).sort()).toEqual(['draft', 'published'])
    expect(creates(emulator)).toBe(2)
    const [first, second] = delivered(r)
    expect(second).toMatchObject({ recovered: true, checkIn: { state: 'draft' } })
    expect(second!.checkInId).not.toBe(first!.checkInId)
  })

  it('a scheduled time this computer thinks is 2 minutes ahead, refused by a server 3 minutes ahead, waits for the person with the words kept, and is not retried', async () => {
    const skewed = await startEmulator({
      version: '1.8.0',
      now: () => new Date(clock.now() + 3 * 60_000),
    })
    try {
      const r = await fresh({ emulator: skewed })
      const at = new Date(clock.now() + 2 * 60_000).toISOString()
      const queued = entry(skewed, 'Before the stand-up.', { mode: 'scheduled', at })
      await r.outbox.append(queued)
      await r.settle()

      const [left] = r.outbox.list()
      expect(left).toMatchObject({ state: 'failed' })
      expect(left!.payload).toEqual(queued.payload)
      // Retry would send the same time to be refused again: the person is told why, and to pick a new one.
      expect(left!.lastError!.message).toMatch(
        /^Operately says the time you scheduled this check-in for \(.+\) has passed: its clock is ahead of this computer's\. Edit it to choose a later time or to post it now, or discard it\. Nothing was sent\./,
      )
      expect(creates(skewed)).toBe(1)
      await r.advance(60 * 60_000)
      expect(creates(skewed)).toBe(1)
      expect(saying(skewed, 'Before the stand-up.')).toEqual([])
    } finally {
      await rig?.close()
      rig = null
      await skewed.close()
    }
  })
})
