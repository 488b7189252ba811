import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEED_IDS, slugId, startEmulator, type Emulator } from '../../../../e2e/emulator'
import type { CheckInSubmission, GoalCheckInInput, ProjectCheckInInput } from '@shared/domain/check-ins'
import type { GoalDetail } from '@shared/domain/goals'
import { hasSecretService, messageDoc, observingFetch, signedInServices } from './testing/signed-in'
import { signedInForEachTest, type SignedInTest } from './testing/signed-in-each-test'

// A hostile reading of the weekly project check-in (issue 36): what a crafted call, a goal and a project
// sharing an id, or a project taken away while its check-in waits do to the one mechanism both share.

const SHIP = 'ship-the-analytical-engine-v2-kHLABHdtjTkzZF2eK502u'
const LAUNCH = 'launch-site-FTjZweJIkc6RtMHf1SwQI3'
const MOBILE = slugId('Mobile app beta', SEED_IDS.projects.mobileBeta)

const projectInput = (projectId: string, over: Partial<ProjectCheckInInput> = {}): ProjectCheckInInput => ({
  submissionId: randomUUID(),
  projectId,
  status: 'caution',
  message: messageDoc(`Weekly ${randomUUID()}`),
  notify: { mode: 'everyone' },
  ...over,
})

const goalInput = (goal: GoalDetail, over: Partial<GoalCheckInInput> = {}): GoalCheckInInput => ({
  submissionId: randomUUID(),
  goalId: goal.id,
  status: 'on_track',
  dueDate: { mode: 'keep' },
  targetValues: [],
  checklist: goal.checklist,
  message: messageDoc(`Monthly ${randomUUID()}`),
  notify: { mode: 'everyone' },
  ...over,
})

describe.skipIf(!hasSecretService)('the project check-in, attacked', () => {
  let t: SignedInTest
  signedInForEachTest((signed) => {
    t = signed
  })
  const dispatch = (...args: Parameters<SignedInTest['session']['services']['dispatch']>) =>
    t.session.services.dispatch(...args)

  it("a project's screen asking with a goal's sent submission id never opens on the goal's check-in", async () => {
    const read = await dispatch('goals.get', { id: SHIP })
    if (!read.ok) throw new Error(read.error.message)
    const goal = goalInput(read.value as GoalDetail)
    const sent = await dispatch('checkIns.create', goal)
    expect(sent).toMatchObject({ ok: true, value: { outcome: 'created' } })

    // A project's draft holding that submission id (crafted, or a draft file copied by hand).
    const asked = await dispatch('checkIns.submission', {
      subject: { kind: 'project', id: LAUNCH },
      submissionId: goal.submissionId,
    })
    if (!asked.ok) throw new Error(asked.error.message)
    const answer = asked.value as CheckInSubmission
    // The goal's result on the project's screen would also have the screen clear the project's draft.
    expect(answer.status).toBe('none')
  })

  it('a project made view-only while its check-in waits: plain words, the words kept, nothing posted', async () => {
    const before = t.emulator.state.projectCheckIns.length
    t.emulator.pause()
    await dispatch('projects.checkInDetail', { id: MOBILE })
    const input = projectInput(MOBILE)
    const queued = await dispatch('checkIns.create', input)
    expect(queued).toMatchObject({ ok: true, value: { outcome: 'queued' } })
    const mobile = t.emulator.state.projects.find((p) => p.id === SEED_IDS.projects.mobileBeta)!
    mobile.access.people[SEED_IDS.people.ada] = 'view'
    t.emulator.resume()
    await dispatch('sync.now', {})
    await t.session.services.sync.engine.idle()

    expect(t.emulator.state.projectCheckIns).toHaveLength(before)
    const [item] = t.session.services.sync.outbox.list()
    expect(item).toMatchObject({ kind: 'check-in', payload: { message: input.message } })
    expect(item!.state).not.toBe('pending')
    expect(item!.lastError?.message).toMatch(/not allowed to change it/)
  })

  it('a goal check-in and a project check-in with the same submission id: the second is refused', async () => {
    const read = await dispatch('goals.get', { id: SHIP })
    if (!read.ok) throw new Error(read.error.message)
    const goal = goalInput(read.value as GoalDetail)
    expect(await dispatch('checkIns.create', goal)).toMatchObject({ ok: true })
    const project = projectInput(LAUNCH, { submissionId: goal.submissionId })
    const answer = await dispatch('checkIns.create', project)
    expect(answer).toMatchObject({ ok: false, error: { message: /already used for another project/ } })
    expect(
      t.emulator.state.projectCheckIns.filter((c) => c.projectId === SEED_IDS.projects.launchSite),
    ).not.toContainEqual(expect.objectContaining({ description: JSON.parse(project.message) }))
  })

  it('the same submission id for a waiting goal check-in and then a project: refused, the goal’s kept', async () => {
    const read = await dispatch('goals.get', { id: SHIP })
    if (!read.ok) throw new Error(read.error.message)
    t.emulator.pause()
    const goal = goalInput(read.value as GoalDetail)
    expect(await dispatch('checkIns.create', goal)).toMatchObject({ ok: true, value: { outcome: 'queued' } })
    const answer = await dispatch(
      'checkIns.create',
      projectInput(LAUNCH, { submissionId: goal.submissionId }),
    )
    expect(answer).toMatchObject({ ok: false, error: { message: /already used for another project/ } })
    const asked = await dispatch('checkIns.submission', {
      subject: { kind: 'project', id: LAUNCH },
      submissionId: goal.submissionId,
    })
    expect(asked).toMatchObject({ ok: true, value: { status: 'none' } })
    t.emulator.resume()
  })

  it("the Sync view names a project's check-in written from the inbox row (the project's page never opened)", async () => {
    // The form reads the project through projects.checkInDetail only; the project's page was never opened.
    const opened = await dispatch('projects.checkInDetail', { id: LAUNCH })
    expect(opened).toMatchObject({ ok: true, value: { name: 'Launch site' } })
    t.emulator.pause()
    await dispatch('projects.checkInDetail', { id: LAUNCH })
    expect(await dispatch('checkIns.create', projectInput(LAUNCH))).toMatchObject({
      ok: true,
      value: { outcome: 'queued' },
    })
    const view = await t.session.services.sync.view()
    expect(view.items).toMatchObject([{ kind: 'check-in', targetKind: 'project', title: 'Launch site' }])
    t.emulator.resume()
  })

  it('a 500 after the commit, then the project hidden for a moment (its list answers []): never posted twice', async () => {
    const mobile = () => t.emulator.state.projects.find((p) => p.id === SEED_IDS.projects.mobileBeta)!
    const ada = SEED_IDS.people.ada
    // Operately stores the check-in and answers 500; right after, the project is moved out of Ada's sight
    // (a space made secret, access taken away by mistake): projects/list_check_ins answers [] (R41).
    const s = await t.again({
      fetch: observingFetch(
        () => undefined,
        (endpoint, method) => {
          if (endpoint !== 'projects/create_check_in' || method !== 'POST') return
          mobile().access = { company: 'none', people: {} }
        },
      ),
    })
    t.emulator.setFaults({ failAfterCommit: 1, failAfterCommitAnswer: '500-json' })
    const input = projectInput(MOBILE)
    const saying = () =>
      t.emulator.state.projectCheckIns.filter(
        (c) => JSON.stringify(c.description) === JSON.stringify(JSON.parse(input.message)),
      )
    const first = await s.services.dispatch('checkIns.create', input)
    await s.services.sync.engine.idle()
    expect(saying()).toHaveLength(1)

    // Access comes back; the person presses what the form offers after that answer ("Try again", the same
    // submission), or Retry on what waits in the Sync view.
    mobile().access = { company: 'view', people: { [ada]: 'edit' } }
    if (!first.ok) await s.services.dispatch('checkIns.create', input)
    for (const item of s.services.sync.outbox.list()) await s.services.dispatch('sync.retry', { id: item.id })
    await s.services.dispatch('sync.now', {})
    await s.services.sync.engine.idle()
    expect(saying()).toHaveLength(1)
  })

  it('a 500 after the commit, then a 2xx list without its check-ins ({}): read as unknown, never as none', async () => {
    let garble = false
    const s = await t.again({
      fetch: async (input, init) => {
        const response = await fetch(input, init)
        const url = String(input instanceof Request ? input.url : input)
        if (url.includes('/projects/create_check_in')) garble = true
        else if (garble && url.includes('/projects/list_check_ins')) {
          // A gateway or cache in the way answers the look with an empty object, once.
          garble = false
          await response.text()
          return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
        }
        return response
      },
    })
    t.emulator.setFaults({ failAfterCommit: 1, failAfterCommitAnswer: '500-json' })
    const input = projectInput(LAUNCH)
    const saying = () =>
      t.emulator.state.projectCheckIns.filter(
        (c) => JSON.stringify(c.description) === JSON.stringify(JSON.parse(input.message)),
      )
    const first = await s.services.dispatch('checkIns.create', input)
    await s.services.sync.engine.idle()
    if (!first.ok) await s.services.dispatch('checkIns.create', input)
    for (const item of s.services.sync.outbox.list()) await s.services.dispatch('sync.retry', { id: item.id })
    await s.services.dispatch('sync.now', {})
    await s.services.sync.engine.idle()
    expect(saying()).toHaveLength(1)
  })
})

describe.skipIf(!hasSecretService)('a 1.6 server asked for what it cannot do, by a crafted call', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startEmulator({ version: '1.6.0' })
  })
  afterAll(async () => {
    await emulator.close()
  })

  for (const publication of [
    { mode: 'draft' as const },
    { mode: 'scheduled' as const, at: new Date(Date.now() + 3 * 86_400_000).toISOString() },
  ]) {
    it(`a project check-in as ${publication.mode}: refused in words, nothing posted, nothing left queued`, async () => {
      emulator.reset()
      const session = await signedInServices(emulator)
      try {
        const before = emulator.state.projectCheckIns.length
        const answer = await session.services.dispatch(
          'checkIns.create',
          projectInput(LAUNCH, { publication }),
        )
        expect(answer).toMatchObject({
          ok: false,
          error: { kind: 'invalid_input', message: /Operately 1\.[78]/ },
        })
        expect(emulator.state.projectCheckIns).toHaveLength(before)
        expect(
          emulator.state.requests.filter(
            (r) =>
              r.endpoint === 'projects/create_check_in' && (r.body as { project_id?: string })?.project_id,
          ),
        ).toHaveLength(0)
        expect(session.services.sync.outbox.list()).toHaveLength(0)
      } finally {
        await session.cleanup()
      }
    })
  }
})
