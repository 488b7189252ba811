import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SEED_IDS, startEmulator, type Emulator } from '../../../../e2e/emulator'
import { wireId } from '../../../../e2e/emulator/test-support'
import { createMainServices } from '../create-services'
import { silentLogger } from '../log/logger'
import { sameJson } from '../check-ins/recovery'
import {
  checkInInput,
  hasSecretService,
  messageDoc,
  observingFetch,
  readGoal,
  signedInServices,
  type SignedIn,
} from '../check-ins/testing/signed-in'
import { createFakeClock, type FakeClock } from './testing/fake-clock'
import { createRig, type Rig } from './testing/rig'
import { checkInSubmission, descriptionSave, doc } from './testing/entries'

// One test per way the promise "never twice, never lost" used to break (issue 11). Each runs the real
// services over real HTTP against the emulator, whose faults now include failures after the commit.

const SHIP = 'ship-the-analytical-engine-v2-kHLABHdtjTkzZF2eK502u'
const LAUNCH = 'launch-site-FTjZweJIkc6RtMHf1SwQI3'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
// Signed out, the services never reach the keychain.
const noKeychain = {
  getPassword: () => Promise.reject(new Error('no keychain in this test')),
  setPassword: () => Promise.reject(new Error('no keychain in this test')),
  deletePassword: () => Promise.reject(new Error('no keychain in this test')),
}

describe.skipIf(!hasSecretService)('exactly once, against a server that fails after it saves', () => {
  let emulator: Emulator
  let serverLag = 0
  const sessions: SignedIn[] = []

  beforeAll(async () => {
    // The server's clock, `serverLag` ms behind this computer's (a computer whose clock runs fast).
    emulator = await startEmulator({ now: () => new Date(Date.now() - serverLag) })
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(() => {
    serverLag = 0
    emulator.reset()
  })
  afterEach(async () => {
    emulator.resume()
    for (const s of sessions.splice(0)) await s.cleanup()
  })

  const start = async (options: Parameters<typeof signedInServices>[1] = {}) => {
    const s = await signedInServices(emulator, {
      // Short waits, so the tests do not sit out a real minute of "maybe saved".
      syncTiming: { unconfirmedSettleMs: 800, backoff: { baseMs: 50, capMs: 400 } },
      ...options,
    })
    sessions.push(s)
    return s
  }
  const saying = (text: string) =>
    emulator.state.checkIns.filter((c) => sameJson(c.message, JSON.parse(messageDoc(text))))
  const creates = () => emulator.state.requests.filter((r) => r.endpoint === 'goals/create_check_in').length
  const entryFiles = (dataDir: string) =>
    readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith('.json'))

  it('writes an online check-in to the outbox on disk, with the goal’s check-ins read just before, before it is sent', async () => {
    let onDisk: unknown[] | null = null
    let dataDir = ''
    const s = await start({
      fetch: observingFetch((endpoint, method) => {
        if (endpoint !== 'goals/create_check_in' || method !== 'POST') return
        onDisk = entryFiles(dataDir).map((name) =>
          JSON.parse(readFileSync(join(dataDir, 'outbox', name), 'utf8')),
        )
      }),
    })
    dataDir = s.dataDir
    const g = await readGoal(s.services, SHIP)
    const sent = checkInInput(g, 'Through the outbox first.')
    const existing = emulator.state.checkIns.filter((c) => c.goalId === SEED_IDS.goals.shipEngine).length
    const result = await s.services.dispatch('checkIns.create', sent)
    expect(result).toMatchObject({ ok: true, value: { outcome: 'created' } })

    expect(onDisk).toEqual([
      expect.objectContaining({
        kind: 'check-in',
        payload: expect.objectContaining({ submissionId: sent.submissionId }),
      }),
    ])
    // The ids of the goal's check-ins as they were before this one: what tells this one apart later.
    expect((onDisk![0] as { snapshot?: string[] }).snapshot).toHaveLength(existing)
    // Delivered: nothing is left on disk.
    expect(entryFiles(s.dataDir)).toEqual([])
  })

  it('reopening the goal during a slow submit and submitting again never makes a second check-in', async () => {
    let second: Promise<unknown> | null = null
    let resubmit: () => Promise<unknown> = async () => undefined
    const s = await start({
      fetch: observingFetch((endpoint, method) => {
        // While the first request is on the wire, the form is opened again (the draft restored) and
        // submitted: a new submission for the same goal.
        if (endpoint === 'goals/create_check_in' && method === 'POST' && !second) second = resubmit()
      }),
    })
    const g = await readGoal(s.services, SHIP)
    emulator.setFaults({ latencyMs: 300 })
    resubmit = () => s.services.dispatch('checkIns.create', checkInInput(g, 'Slow network, patient manager.'))
    const first = await s.services.dispatch(
      'checkIns.create',
      checkInInput(g, 'Slow network, patient manager.'),
    )
    const again = (await second) as unknown as { ok: boolean; error?: { message: string } }
    await s.services.sync.engine.idle()
    expect(saying('Slow network, patient manager.')).toHaveLength(1)
    expect(first).toMatchObject({ ok: true, value: { outcome: 'created' } })
    // The second form is told a check-in for this goal is already on its way (its text stays a draft).
    expect(again.ok).toBe(false)
    expect(again.error?.message).toMatch(/already/)
  })

  it('a 504 after the server saved it is "maybe saved": looked up, never posted again, even on Try again', async () => {
    const s = await start()
    const g = await readGoal(s.services, SHIP)
    const sent = checkInInput(g, 'Behind a gateway that gives up.')
    emulator.setFaults({ failAfterCommit: 1, failAfterCommitAnswer: '504-html' })
    const first = await s.services.dispatch('checkIns.create', sent)
    // "Try again" sends the same submission once more.
    const second = await s.services.dispatch('checkIns.create', sent)
    expect(saying('Behind a gateway that gives up.')).toHaveLength(1)
    expect(creates()).toBe(1)
    expect(first).toMatchObject({ ok: true, value: { outcome: 'created', recovered: true } })
    expect(second).toEqual(first)
  })

  it('a server that commits only after the app gave up waiting gets no second check-in', async () => {
    const s = await start({ requestTimeoutMs: 300 })
    const g = await readGoal(s.services, SHIP)
    const sent = checkInInput(g, 'Committed late.')
    emulator.setFaults({ commitAfterGiveUp: 1, lateCommitMs: 400 })
    const first = await s.services.dispatch('checkIns.create', sent)
    await vi.waitFor(() => expect(saying('Committed late.').length).toBeGreaterThan(0), { timeout: 3_000 })
    // Well after the late commit, and after the app has looked again and again: still one.
    await vi.waitFor(() => expect(s.services.sync.outbox.list()).toEqual([]), { timeout: 5_000 })
    await sleep(600)
    expect(saying('Committed late.')).toHaveLength(1)
    expect(creates()).toBe(1)
    // Meanwhile the form said what it knew: maybe saved, being checked.
    expect(first).toMatchObject({ ok: true, value: { outcome: 'queued', maybeSaved: true } })
  })

  it('finds its own check-in whatever this computer’s clock says (ten minutes fast)', async () => {
    serverLag = 10 * 60_000
    const s = await start()
    const g = await readGoal(s.services, SHIP)
    const sent = checkInInput(g, 'My clock runs fast.')
    emulator.setFaults({ dropAfterCommit: 1 })
    const result = await s.services.dispatch('checkIns.create', sent)
    await s.services.sync.engine.idle()
    expect(saying('My clock runs fast.')).toHaveLength(1)
    expect(creates()).toBe(1)
    expect(result).toMatchObject({ ok: true, value: { outcome: 'created', recovered: true } })
  })

  it('a delivered entry whose file cannot be removed is not posted again', async () => {
    let block: (() => void) | null = null
    const s = await start({
      fetch: observingFetch(
        () => undefined,
        (endpoint, method, outcome) => {
          if (endpoint === 'goals/create_check_in' && method === 'POST' && outcome === 'answered') block?.()
        },
      ),
    })
    const g = await readGoal(s.services, SHIP)
    // Queued while the server cannot be reached.
    emulator.pause()
    await s.services.dispatch('goals.get', { id: SHIP })
    const queued = await s.services.dispatch('checkIns.create', checkInInput(g, 'Stubborn file.'))
    expect(queued).toMatchObject({ ok: true, value: { outcome: 'queued' } })
    const [entry] = s.services.sync.outbox.list()
    const file = join(s.dataDir, 'outbox', `${entry!.id}.json`)
    // Once the server has answered, the entry's file turns into something that cannot be unlinked (a
    // non-empty directory), as a file held open by another program can be on some systems.
    block = () => {
      block = null
      renameSync(file, `${file}.moved`)
      mkdirSync(file)
      writeFileSync(join(file, 'held'), 'x')
    }
    emulator.resume()
    await s.services.dispatch('sync.now', {})
    expect(saying('Stubborn file.')).toHaveLength(1)

    rmSync(file, { recursive: true })
    await s.services.dispatch('sync.now', {})
    await vi.waitFor(() => expect(s.services.sync.outbox.list()).toEqual([]), { timeout: 5_000 })
    expect(saying('Stubborn file.')).toHaveLength(1)
    expect(creates()).toBe(1)
  })

  it('"Keep mine" sends only over the version the person was shown', async () => {
    const s = await start()
    const project = await s.services.dispatch('projects.get', { id: LAUNCH })
    if (!project.ok) throw new Error(project.error.message)
    const base = (project.value as { description: string | null }).description
    const setServer = (text: string) => {
      emulator.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!.description = JSON.parse(
        doc(text),
      ) as never
    }
    setServer('theirs, shown in the conflict panel')
    const mine = doc('mine')
    const conflict = await s.services.dispatch('projects.saveDescription', {
      projectId: LAUNCH,
      description: mine,
      baseDescription: base,
      overwrite: false,
    })
    expect(conflict).toMatchObject({ ok: true, value: { outcome: 'conflict' } })
    const shown = ((conflict.ok ? conflict.value : null) as { serverDescription?: string } | null)
      ?.serverDescription

    // While the panel is open, someone edits again.
    setServer('theirs again, never shown')
    const keepMine = await s.services.dispatch('projects.saveDescription', {
      projectId: LAUNCH,
      description: mine,
      baseDescription: shown ?? null,
      overwrite: true,
    })
    // The panel comes back, with the newer text.
    expect(keepMine).toMatchObject({ ok: true, value: { outcome: 'conflict' } })
    const newer = ((keepMine.ok ? keepMine.value : null) as { serverDescription?: string } | null)
      ?.serverDescription
    expect(JSON.parse(newer!)).toEqual(JSON.parse(doc('theirs again, never shown')))
    const server = emulator.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!.description
    expect(server).toEqual(JSON.parse(doc('theirs again, never shown')))
  })

  it('a save waiting behind an earlier one that met a colleague’s edit says that it waits for the person’s decision, not for the network', async () => {
    // A save sent in the background (queued offline earlier) is on its way when the person saves again.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let holding = true
    const s = await start({
      fetch: observingFetch(async (endpoint, method) => {
        if (endpoint === 'projects/get' && method === 'GET' && holding) await held
      }),
    })
    holding = false
    const project = await s.services.dispatch('projects.get', { id: LAUNCH })
    if (!project.ok) throw new Error(project.error.message)
    const base = (project.value as { description: string | null }).description
    emulator.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!.description = JSON.parse(
      doc('a colleague’s edit'),
    ) as never
    holding = true
    const earlier = await s.services.sync.enqueue({
      kind: 'description',
      payload: { projectId: LAUNCH, description: doc('queued on the train') },
      base,
      title: 'Launch site',
    })
    await vi.waitFor(() => expect(s.services.sync.engine.isSending(earlier.id)).toBe(true))
    const later = s.services.dispatch('projects.saveDescription', {
      projectId: LAUNCH,
      description: doc('typed at the desk'),
      baseDescription: base,
      overwrite: false,
    })
    await vi.waitFor(() => expect(s.services.sync.outbox.list()).toHaveLength(2))
    holding = false
    release()
    const answer = await later
    await s.services.sync.engine.idle()
    expect(s.services.sync.outbox.list().map((e) => e.state)).toEqual(['conflict', 'pending'])
    // The editor opens on the later save, and says what it waits for and where to decide.
    const reopened = await s.services.dispatch('projects.get', { id: LAUNCH })
    expect(reopened).toMatchObject({
      ok: true,
      value: { queued: { state: 'pending', behind: { state: 'conflict' } } },
    })
    // Answered after the earlier one met the conflict: the save says so itself.
    expect(answer).toMatchObject({
      ok: true,
      value: { outcome: 'queued', reason: expect.stringMatching(/earlier save .* needs your decision/i) },
    })
    // Nothing was sent over the colleague's text.
    const server = emulator.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!.description
    expect(server).toEqual(JSON.parse(doc('a colleague’s edit')))
  })
})

describe('queued files that cannot be read', () => {
  it('are shown in the Sync view with their words, until discarded', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'damaged-'))
    mkdirSync(join(dataDir, 'outbox'), { recursive: true })
    // Half a file: JSON cut short in the middle of what someone wrote.
    writeFileSync(
      join(dataDir, 'outbox', `${randomUUID()}.json`),
      '{"kind":"description","payload":{"projectId":"launch","description":"{\\"type\\":\\"doc\\",\\"content\\":[{\\"type\\":\\"paragraph\\",\\"content\\":[{\\"type\\":\\"text\\",\\"text\\":\\"The words I must not lose',
    )
    const services = await createMainServices({ dataDir, keytar: noKeychain, log: silentLogger })
    try {
      const view = await services.dispatch('sync.get', {})
      expect(view).toMatchObject({
        ok: true,
        value: {
          damaged: [expect.objectContaining({ text: expect.stringContaining('The words I must not lose') })],
        },
      })
      const [damaged] = view.ok ? (view.value as { damaged: Array<{ id: string }> }).damaged : []
      const after = await services.dispatch('sync.discardDamaged', { id: damaged!.id })
      expect(after).toMatchObject({ ok: true, value: { damaged: [] } })
      expect(readdirSync(join(dataDir, 'outbox', 'damaged'))).toEqual([])
    } finally {
      await services.close()
    }
  })
})

describe('one entry that keeps failing', () => {
  let emulator: Emulator
  let clock: FakeClock
  let rig: Rig | null = null

  beforeAll(async () => {
    clock = createFakeClock()
    emulator = await startEmulator({ now: () => new Date(clock.now()) })
  })
  afterAll(async () => {
    await emulator.close()
  })
  afterEach(async () => {
    await rig?.close()
    rig = null
  })

  it('does not hold back the others, and ends in "Needs you" with the server’s reason and its text', async () => {
    clock = createFakeClock()
    emulator.reset()
    rig = await createRig({ emulator, clock, osOnline: false })
    // A mention of someone who is not in the company: Operately answers 500 every time.
    const poison = JSON.stringify({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Thanks ' },
            { type: 'mention', attrs: { id: 'ghost-5o4L1LyB4jGyxle89UxXqY', label: 'Ghost' } },
          ],
        },
      ],
    })
    const description = (uuid: string) =>
      JSON.stringify(emulator.state.projects.find((p) => p.id === uuid)!.description)
    await rig.outbox.append(checkInSubmission(wireId(emulator, SEED_IDS.goals.shipEngine), poison))
    await rig.outbox.append(checkInSubmission(wireId(emulator, SEED_IDS.goals.supportBacklog), doc('good 1')))
    await rig.outbox.append(
      descriptionSave(
        wireId(emulator, SEED_IDS.projects.launchSite),
        doc('good 2'),
        description(SEED_IDS.projects.launchSite),
      ),
    )
    await rig.outbox.append(
      descriptionSave(
        wireId(emulator, SEED_IDS.projects.mobileBeta),
        doc('good 3'),
        description(SEED_IDS.projects.mobileBeta),
      ),
    )
    rig.os.online = true
    rig.connectivity.osChanged()
    await rig.settle()

    // The three good ones went out in the same pass, behind the failing one.
    expect(rig.outbox.list()).toHaveLength(1)
    expect(
      emulator.state.checkIns.filter((c) => sameJson(c.message, JSON.parse(doc('good 1')))),
    ).toHaveLength(1)

    // The failing one is tried a bounded number of times, then waits for the person, text intact.
    for (let i = 0; i < 30; i++) await rig.advance(10 * 60_000)
    const [left] = rig.outbox.list()
    expect(left).toMatchObject({ state: 'needs_attention', payload: { message: poison } })
    expect(left!.lastError!.message).toMatch(/mention/)
    const attempts = emulator.state.requests.filter((r) => r.endpoint === 'goals/create_check_in').length
    expect(attempts).toBeLessThanOrEqual(6)
    await rig.advance(60 * 60_000)
    expect(emulator.state.requests.filter((r) => r.endpoint === 'goals/create_check_in').length).toBe(
      attempts,
    )
  })
})
