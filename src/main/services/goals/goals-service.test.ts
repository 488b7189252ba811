import { describe, expect, it, onTestFinished } from 'vitest'
import { SEED_IDS, shortIdFromUuid, type Emulator } from '../../../../e2e/emulator'
import type { GoalDetail, GoalSummary } from '@shared/domain/goals'
import { randomUUID } from 'node:crypto'
import keytar from 'keytar'
import { createMainServices } from '../create-services'
import {
  checkInInput,
  hasSecretService,
  observingFetch,
  readGoal,
  type SignedIn,
} from '../check-ins/testing/signed-in'
import { signedInForEachTest, type SignedInTest } from '../check-ins/testing/signed-in-each-test'

// goals.list and goals.get end to end: real HTTP to the emulator, the real keychain.

const goalIds = {
  ship: 'ship-the-analytical-engine-v2-kHLABHdtjTkzZF2eK502u',
  backlog: 'cut-the-support-backlog-in-half-9FxDMzbRkuS4ZHTvzusnf',
  dataTeam: 'hire-a-data-team-Cxxb8rxlN0tVEqPZqlDw06',
  handbook: 'publish-the-compiler-handbook-Gmct09zoWdZfKODKPaHENw',
  onboarding: 'improve-onboarding-docs-iYcDehpPpFq7riEJwmdsR',
  acquisition: 'acquire-difference-engine-ltd-FQrgwfa72EpDMKubVfK2bk',
}

describe.skipIf(!hasSecretService)('goals', () => {
  let emulator: Emulator
  let session: SignedIn
  let again: SignedInTest['again']
  signedInForEachTest((signed) => ({ emulator, session, again } = signed))

  const list = async (): Promise<GoalSummary[]> => {
    const result = await session.services.dispatch('goals.list', {})
    if (!result.ok) throw new Error(result.error.message)
    return (result.value as { goals: GoalSummary[] }).goals
  }
  const get = async (id: string): Promise<GoalDetail> => {
    const result = await session.services.dispatch('goals.get', { id })
    if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
    return result.value as GoalDetail
  }

  it('lists her own goals first (champion or reviewer), then the rest, each by name; never the hidden one', async () => {
    const goals = await list()
    expect(goals.map((g) => [g.name, g.role])).toEqual([
      ['Cut the support backlog in half', 'champion'],
      ['Hire a data team', 'reviewer'],
      ['Ship the Analytical Engine v2', 'champion'],
      ['Improve onboarding docs', null],
      ['Publish the compiler handbook', null],
    ])
    expect(goals.map((g) => g.id)).not.toContain(goalIds.acquisition)
  })

  it('shows each goal with its due date, last check-in and status', async () => {
    const goals = await list()
    const ship = goals.find((g) => g.id === goalIds.ship)!
    expect(ship.dueDate).toMatchObject({ dateType: 'quarter' })
    expect(ship.dueDate!.value).toMatch(/^Q[1-4] \d{4}$/)
    expect(ship.isClosed).toBe(false)
    expect(ship.spaceName).toEqual(expect.any(String))
    const backlog = goals.find((g) => g.id === goalIds.backlog)!
    expect(backlog.dueDate).toMatchObject({ dateType: 'year' })
    expect(backlog.lastCheckInAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(backlog.status).toMatch(/on_track|caution|off_track/)
    expect(goals.find((g) => g.id === goalIds.onboarding)!.dueDate).toBeNull()
  })

  const editRights = async (ids: string[]) => {
    const result = await session.services.dispatch('goals.editRights', { ids })
    if (!result.ok) throw new Error(result.error.message)
    return (result.value as { rights: Array<{ id: string; canEdit: boolean | null }> }).rights
  }
  const permissionReads = () =>
    emulator.state.requests.filter(
      (r) => r.endpoint === 'goals/get' && r.query?.['include_permissions'] === 'true',
    )

  describe('in two parts (the first screen, then the rest)', () => {
    type Part = { goals: GoalSummary[]; rest: { readId: string; count: number } | null }
    const part = async (name: 'goals.list' | 'goals.listRest', input: object): Promise<Part> => {
      const result = await session.services.dispatch(name, input)
      if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
      return result.value as Part
    }
    const listReads = () => emulator.state.requests.filter((r) => r.endpoint === 'goals/list').length

    it('answers the first rows, then the whole list from the same read: one request to the server', async () => {
      const head = await part('goals.list', { first: 2 })
      expect(head.goals.map((g) => g.name)).toEqual(['Cut the support backlog in half', 'Hire a data team'])
      expect(head.rest).toEqual({ readId: expect.any(String), count: 5 })
      const whole = await part('goals.listRest', { readId: head.rest!.readId })
      expect(whole.rest).toBeNull()
      expect(whole.goals).toEqual(await list())
      // The first screen and the rest came from one read; the list() above made the second.
      expect(listReads()).toBe(2)
    })

    it('asked for the rest twice, or for a read it never made, reads the list afresh, whole', async () => {
      const head = await part('goals.list', { first: 2 })
      await part('goals.listRest', { readId: head.rest!.readId })
      expect(listReads()).toBe(1)
      const again = await part('goals.listRest', { readId: head.rest!.readId })
      expect(again.goals).toHaveLength(5)
      expect(again.rest).toBeNull()
      const unknown = await part('goals.listRest', { readId: randomUUID() })
      expect(unknown.goals).toHaveLength(5)
      expect(listReads()).toBe(3)
    })

    it('puts in the rest the edit rights learnt after the first screen was drawn', async () => {
      const head = await part('goals.list', { first: 2 })
      expect(await editRights([goalIds.onboarding])).toEqual([{ id: goalIds.onboarding, canEdit: false }])
      const whole = await part('goals.listRest', { readId: head.rest!.readId })
      expect(whole.goals.find((g) => g.id === goalIds.onboarding)!.canEdit).toBe(false)
    })

    it('offline, both parts are the kept copy and say so, with why', async () => {
      await list()
      emulator.pause()
      onTestFinished(() => emulator.resume())
      const head = (await session.services.dispatch('goals.list', { first: 2 })) as {
        ok: true
        value: Part & { fromCache: boolean; lastError: unknown }
      }
      expect(head.value.fromCache).toBe(true)
      expect(head.value.lastError).not.toBeNull()
      const whole = (await session.services.dispatch('goals.listRest', {
        readId: head.value.rest!.readId,
      })) as {
        ok: true
        value: Part & { fromCache: boolean; lastError: unknown }
      }
      expect(whole.value.goals).toHaveLength(5)
      expect(whole.value.fromCache).toBe(true)
      expect(whole.value.lastError).toEqual(head.value.lastError)
    })

    it('never hands the rest of one read to the next person to sign in', async () => {
      const head = await part('goals.list', { first: 2 })
      const token = 'opk_' + 'h'.repeat(43)
      emulator.state.apiTokens.push({
        token,
        personId: SEED_IDS.people.grace,
        readOnly: false,
        revoked: false,
      })
      await session.services.dispatch('session.signOut', {})
      const signIn = await session.services.dispatch('session.signIn', { baseUrl: emulator.url, token })
      expect(signIn.ok).toBe(true)
      const whole = await part('goals.listRest', { readId: head.rest!.readId })
      // Read afresh for Grace (a second request), not Ada's read with Ada's roles in it.
      expect(listReads()).toBe(2)
      expect(whole.goals).toEqual(await list())
    })

    it('answers the whole list, and no rest, when it fits in the first screen', async () => {
      const head = await part('goals.list', { first: 40 })
      expect(head.goals).toHaveLength(5)
      expect(head.rest).toBeNull()
    })
  })

  it('gives the list at once, her own goals marked by their role, asking nothing about the rest', async () => {
    const goals = await list()
    expect(goals.map((g) => [g.name, g.canEdit])).toEqual([
      ['Cut the support backlog in half', true],
      ['Hire a data team', true],
      ['Ship the Analytical Engine v2', true],
      ['Improve onboarding docs', null],
      ['Publish the compiler handbook', null],
    ])
    expect(permissionReads()).toHaveLength(0)
  })

  it('asks about the goals named (the rows on screen), once; the list carries the answers from then on', async () => {
    await list()
    expect(await editRights([goalIds.onboarding, goalIds.handbook, goalIds.ship])).toEqual([
      { id: goalIds.onboarding, canEdit: false },
      { id: goalIds.handbook, canEdit: false },
      // Her own goal: the role settles it, no question.
      { id: goalIds.ship, canEdit: true },
    ])
    expect(permissionReads()).toHaveLength(2)
    expect((await list()).map((g) => g.canEdit)).toEqual([true, true, true, false, false])
    await editRights([goalIds.onboarding, goalIds.handbook])
    expect(permissionReads()).toHaveLength(2)
  })

  it('keeps the answers on disk: the services started again show the marks and ask nothing', async () => {
    await list()
    await editRights([goalIds.onboarding])
    // The app quits and starts again on the same folder.
    await session.services.close()
    const again = await createMainServices({
      dataDir: session.dataDir,
      keytar,
      vaultService: session.vaultService,
    })
    onTestFinished(() => again.close())
    const result = await again.dispatch('goals.list', {})
    if (!result.ok) throw new Error(result.error.message)
    const goals = (result.value as { goals: GoalSummary[] }).goals
    expect(goals.find((g) => g.id === goalIds.onboarding)!.canEdit).toBe(false)
    expect(goals.find((g) => g.id === goalIds.handbook)!.canEdit).toBeNull()
    expect(permissionReads()).toHaveLength(1)
  })

  it('follows a goal opened since: its detail is the latest word on edit rights', async () => {
    await list()
    await editRights([goalIds.handbook])
    const handbook = emulator.state.goals.find((g) => g.id === SEED_IDS.goals.compilerHandbook)!
    handbook.access.people[SEED_IDS.people.ada] = 'edit'
    expect((await get(goalIds.handbook)).canEdit).toBe(true)
    expect((await list()).find((g) => g.id === goalIds.handbook)!.canEdit).toBe(true)
  })

  it('corrects the mark of a goal whose check-in the server refused for want of rights', async () => {
    await list()
    const access = emulator.state.goals.find((g) => g.id === SEED_IDS.goals.onboardingDocs)!.access
    access.people[SEED_IDS.people.ada] = 'edit'
    expect(await editRights([goalIds.onboarding])).toEqual([{ id: goalIds.onboarding, canEdit: true }])
    const goal = await readGoal(session.services, goalIds.onboarding)
    // Her edit access is taken away on the server; the app still thinks she may check in.
    access.people[SEED_IDS.people.ada] = 'comment'
    const refused = await session.services.dispatch('checkIns.create', checkInInput(goal, 'Audit done.'))
    expect(refused).toMatchObject({ ok: false, error: { kind: 'forbidden', status: 403 } })
    await expect
      .poll(async () => (await list()).find((g) => g.id === goalIds.onboarding)!.canEdit)
      .toBe(false)
  })

  it('keeps what it learnt about edit rights to the person it learnt it for: the next one is asked afresh', async () => {
    await list()
    expect(await editRights([goalIds.onboarding])).toEqual([{ id: goalIds.onboarding, canEdit: false }])
    // Grace may edit the goal Ada may only comment on; she signs in on the same computer after Ada.
    emulator.state.goals.find((g) => g.id === SEED_IDS.goals.onboardingDocs)!.access.people[
      SEED_IDS.people.grace
    ] = 'edit'
    const token = 'opk_' + 'g'.repeat(43)
    emulator.state.apiTokens.push({ token, personId: SEED_IDS.people.grace, readOnly: false, revoked: false })
    await session.services.dispatch('session.signOut', {})
    const signIn = await session.services.dispatch('session.signIn', { baseUrl: emulator.url, token })
    expect(signIn.ok).toBe(true)
    expect((await list()).find((g) => g.id === goalIds.onboarding)!.canEdit).toBeNull()
    expect(await editRights([goalIds.onboarding])).toEqual([{ id: goalIds.onboarding, canEdit: true }])
  })

  it('asks about many goals four at a time, each once however often it is named meanwhile', async () => {
    const handbook = emulator.state.goals.find((g) => g.id === SEED_IDS.goals.compilerHandbook)!
    for (let i = 0; i < 40; i++) {
      emulator.state.goals.push({ ...handbook, id: randomUUID(), name: `Handbook chapter ${i}` })
    }
    let waiting = 0
    let mostAtOnce = 0
    session = await again({
      fetch: observingFetch(async (endpoint) => {
        if (endpoint !== 'goals/get') return
        waiting++
        mostAtOnce = Math.max(mostAtOnce, waiting)
        await new Promise((resolve) => setTimeout(resolve, 20))
        waiting--
      }),
    })
    const others = (await list()).filter((g) => g.canEdit === null).map((g) => g.id)
    expect(others).toHaveLength(42)
    await Promise.all([editRights(others), editRights(others.slice(0, 10))])
    expect(mostAtOnce).toBe(4)
    expect(permissionReads()).toHaveLength(42)
    expect((await list()).filter((g) => g.canEdit === false)).toHaveLength(42)
  })

  it('asks nothing about edit rights for a read-only token, which can edit nothing', async () => {
    session = await again({ token: emulator.tokens.readOnly })
    await list()
    expect(await editRights([goalIds.onboarding])).toEqual([{ id: goalIds.onboarding, canEdit: null }])
    expect(emulator.state.requests.filter((r) => r.endpoint === 'goals/get')).toHaveLength(0)
  })

  it('still knows her goals after she is renamed (ids compared by their last segment)', async () => {
    emulator.state.people.find((p) => p.id === SEED_IDS.people.ada)!.fullName = 'Ada King'
    const goals = await list()
    expect(goals.find((g) => g.id === goalIds.ship)!.role).toBe('champion')
    expect(goals.find((g) => g.id === goalIds.dataTeam)!.role).toBe('reviewer')
  })

  it('reads a goal she champions: editable, targets and checklist in order, who can be notified, web address', async () => {
    const goal = await get(goalIds.ship)
    expect(goal).toMatchObject({
      id: goalIds.ship,
      name: 'Ship the Analytical Engine v2',
      role: 'champion',
      canEdit: true,
      championName: 'Ada Lovelace',
      reviewerName: 'Barbara Liskov',
    })
    expect(goal.targets.map((t) => [t.name, t.from, t.to, t.unit, t.value, t.index])).toEqual([
      ['Weekly active teams', 40, 120, 'teams', 72, 0],
      ['p95 page load', 3.2, 1.5, 's', 2.4, 1],
    ])
    expect(goal.checklist).toEqual([
      { id: expect.any(String), name: 'Beta with 5 design partners', completed: true, index: 0 },
      { id: expect.any(String), name: 'Security review signed off', completed: false, index: 1 },
      { id: expect.any(String), name: 'Pricing page live', completed: false, index: 2 },
    ])
    // The reviewer is always told (Operately's `priority`); nobody follows a goal's next check-in yet.
    expect(goal.potentialSubscribers[0]).toMatchObject({
      fullName: 'Barbara Liskov',
      role: 'Reviewer',
      isSubscribed: false,
      alwaysNotified: true,
    })
    // Not Ada herself (the author is always subscribed), nor a suspended person.
    expect(goal.potentialSubscribers.map((s) => s.fullName)).not.toContain('Ada Lovelace')
    expect(goal.potentialSubscribers.map((s) => s.fullName)).not.toContain('Charles Babbage')
    const company = shortIdFromUuid(SEED_IDS.company)
    expect(goal.webUrl).toBe(`${emulator.url}/${company}/goals/${goalIds.ship}`)
  })

  it('shows the checklist in index order even when the server stores it otherwise', async () => {
    const ship = emulator.state.goals.find((g) => g.id === SEED_IDS.goals.shipEngine)!
    ship.checks = ship.checks.map((c, i) => ({ ...c, index: 2 - i }))
    const goal = await get(goalIds.ship)
    expect(goal.checklist.map((c) => [c.name, c.index])).toEqual([
      ['Pricing page live', 0],
      ['Security review signed off', 1],
      ['Beta with 5 design partners', 2],
    ])
  })

  it('reads a goal she can only view as not editable, by its bare short id too', async () => {
    const goal = await get(goalIds.handbook.split('-').at(-1)!)
    expect(goal).toMatchObject({ id: goalIds.handbook, role: null, canEdit: false })
    expect((await get(goalIds.onboarding)).canEdit).toBe(false)
    expect((await get(goalIds.dataTeam)).canEdit).toBe(true)
  })

  it('answers a goal she cannot see as not found', async () => {
    const result = await session.services.dispatch('goals.get', { id: goalIds.acquisition })
    expect(result).toMatchObject({ ok: false, error: { kind: 'not_found' } })
  })

  it('asks the server for the company part of web addresses once', async () => {
    await get(goalIds.ship)
    await get(goalIds.backlog)
    await get(goalIds.dataTeam)
    const asked = emulator.state.requests.filter((r) => r.endpoint === 'people/list_assignments')
    expect(asked).toHaveLength(1)
  })

  it('gives no web address when the company cannot be known (no assignments to read it from)', async () => {
    emulator.state.goals.forEach((g) => (g.nextUpdateScheduledAt = '2999-01-01T00:00:00Z'))
    emulator.state.projects.forEach((p) => (p.nextCheckInScheduledAt = '2999-01-01T00:00:00Z'))
    emulator.state.checkIns.forEach((c) => (c.acknowledgedAt = c.acknowledgedAt ?? c.insertedAt))
    const goal = await get(goalIds.ship)
    expect(goal.webUrl).toBeNull()
  })

  it('says signed out when nobody is signed in', async () => {
    await session.services.dispatch('session.signOut', {})
    expect(await session.services.dispatch('goals.list', {})).toMatchObject({
      ok: false,
      error: { kind: 'not_signed_in' },
    })
  })
})
