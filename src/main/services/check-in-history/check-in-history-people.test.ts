import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SEED_IDS, shortIdFromUuid, startEmulator, type Emulator } from '../../../../e2e/emulator'
import type { CheckInHistoryRead } from '@shared/domain/check-in-history'
import { KNOWN_PEOPLE_MAX_AGE_MS } from '../people/known-people'
import { hasSecretService, signedInServices, type SignedIn } from '../check-ins/testing/signed-in'

// Who the company knows (Operately's people/list, the whole company) is asked once per account and kept
// in memory for a while, not once per goal opened: real HTTP to the emulator, the real keychain.

const ship = 'ship-the-analytical-engine-v2-kHLABHdtjTkzZF2eK502u'
const support = shortIdFromUuid(SEED_IDS.goals.supportBacklog)
const dataTeam = shortIdFromUuid(SEED_IDS.goals.dataTeam)
const barbara = shortIdFromUuid(SEED_IDS.people.barbara)

describe.skipIf(!hasSecretService)('the check-in history asks who the company knows once in a while', () => {
  let emulator: Emulator
  let session: SignedIn
  let clock = 0
  /**
   * What people/list comes back as: the emulator's answer, a 500, or the answer without the signed-in
   * person (a proxy's). The emulator is asked either way, so its request log counts every ask.
   */
  let peopleList: 'real' | 'fails' | 'without-ada' = 'real'
  /** Holds people/list answers until the test lets them go (to keep one request on the wire). */
  let holdPeopleList: Promise<void> | null = null
  /** From now on, people/list answers wait; the function returned lets them go, and those after. */
  const holdPeopleListAnswers = () => {
    let release = () => {}
    holdPeopleList = new Promise<void>((resolve) => (release = resolve))
    return () => {
      release()
      holdPeopleList = null
    }
  }

  const testFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    const isPeopleList = new URL(url).pathname.endsWith('/people/list')
    const answer = await fetch(input, init)
    if (!isPeopleList) return answer
    if (holdPeopleList) await holdPeopleList
    if (peopleList === 'fails') return new Response('{"error":"Internal server error"}', { status: 500 })
    if (peopleList === 'real') return answer
    const { people } = (await answer.json()) as { people: Array<{ id: string }> }
    const ada = shortIdFromUuid(SEED_IDS.people.ada)
    return Response.json({ people: people.filter((p) => !p.id.endsWith(ada)) })
  }

  const signIn = () => signedInServices(emulator, { fetch: testFetch, now: () => clock })

  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(async () => {
    clock = Date.parse('2026-03-10T12:00:00Z')
    peopleList = 'real'
    holdPeopleList = null
    emulator.reset()
    session = await signIn()
  })
  afterEach(async () => {
    await session.cleanup()
  })

  const history = async (goalId: string): Promise<CheckInHistoryRead> => {
    const result = await session.services.dispatch('checkIns.history', {
      subject: { kind: 'goal', id: goalId },
    })
    if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
    return result.value as CheckInHistoryRead
  }
  const peopleListRequests = (on: Emulator = emulator) =>
    on.state.requests.filter((r) => r.endpoint === 'people/list').length
  /** Barbara leaves: her account is gone, the check-in that mentions her stays. */
  const barbaraLeaves = () => {
    emulator.state.people = emulator.state.people.filter((p) => p.id !== SEED_IDS.people.barbara)
  }
  /** Whether the latest check-in of the goal "ship" shows Barbara's mention as someone gone. */
  const barbaraShownGone = async () =>
    (await history(ship)).checkIns[0]!.formerMentions!.some((f) => f.id.endsWith(barbara))

  it('asks once for three goals opened one after another within the window', async () => {
    await history(ship)
    clock += 60_000
    await history(support)
    clock += 60_000
    await history(dataTeam)
    expect(peopleListRequests()).toBe(1)
    expect(emulator.state.requests.filter((r) => r.endpoint === 'goals/list_check_ins')).toHaveLength(3)
  })

  it('asks again once the window has passed, and a mention of someone who left meanwhile turns to text', async () => {
    expect(await barbaraShownGone()).toBe(false)
    barbaraLeaves()
    clock += KNOWN_PEOPLE_MAX_AGE_MS - 1
    // Still within the window: the kept list stands, Barbara is still taken as one of the company.
    expect(await barbaraShownGone()).toBe(false)
    expect(peopleListRequests()).toBe(1)
    clock += 1
    expect(await barbaraShownGone()).toBe(true)
    expect(peopleListRequests()).toBe(2)
  })

  it("asks again when the computer's clock was set back past the time the list came", async () => {
    await history(ship)
    clock -= 60 * 60_000
    await history(support)
    expect(peopleListRequests()).toBe(2)
  })

  it('asks again on the next read after people/list failed, and keeps nothing of the failure', async () => {
    peopleList = 'fails'
    const failed = await history(ship)
    expect(failed.checkIns[0]!.formerMentions).toBeNull()
    peopleList = 'real'
    barbaraLeaves()
    expect(await barbaraShownGone()).toBe(true)
    expect(peopleListRequests()).toBe(2)
    // The list that came back is kept: the next goal asks no more.
    await history(support)
    expect(peopleListRequests()).toBe(2)
  })

  it('asks again after a list without the signed-in person (not trusted, not kept)', async () => {
    peopleList = 'without-ada'
    expect((await history(ship)).checkIns[0]!.formerMentions ?? []).toEqual([])
    peopleList = 'real'
    barbaraLeaves()
    expect(await barbaraShownGone()).toBe(true)
    expect(peopleListRequests()).toBe(2)
  })

  /** Signs in with `token` on `on`, straight after whoever was signed in (no sign-out between). */
  const signsIn = async (on: Emulator, token: string) => {
    const signedIn = await session.services.dispatch('session.signIn', { baseUrl: on.url, token })
    expect(signedIn.ok).toBe(true)
  }
  /** Grace, on the first server. */
  const graceSignsIn = async () => {
    const token = 'opk_' + 'g'.repeat(43)
    if (!emulator.state.apiTokens.some((t) => t.token === token))
      emulator.state.apiTokens.push({
        token,
        personId: SEED_IDS.people.grace,
        readOnly: false,
        revoked: false,
      })
    await signsIn(emulator, token)
  }
  const adaSignsIn = (on: Emulator = emulator) => signsIn(on, on.tokens.write)
  /** Ada opens two goals: one people/list, kept for the second. */
  const adaHasTheListKept = async () => {
    await history(ship)
    await history(support)
    expect(peopleListRequests()).toBe(1)
  }

  it('asks afresh for another person signing in on the same computer and server', async () => {
    await adaHasTheListKept()
    // Grace signs in over Ada's session, within Ada's window; Barbara has left meanwhile. (Signing out
    // first forgets the list anyway: see the sign-out case below.)
    barbaraLeaves()
    await graceSignsIn()
    expect(await barbaraShownGone()).toBe(true)
    expect(peopleListRequests()).toBe(2)
  })

  it('asks afresh for the same person on another server (another company)', async () => {
    await adaHasTheListKept()
    // The emulator's seed is the same everywhere: Ada's id is the same on both servers.
    const other = await startEmulator()
    try {
      other.state.people = other.state.people.filter((p) => p.id !== SEED_IDS.people.barbara)
      await adaSignsIn(other)
      // Barbara left the other company: the first server's list (with her) does not speak for it.
      expect(await barbaraShownGone()).toBe(true)
      expect(peopleListRequests(other)).toBe(1)
      await history(support)
      expect(peopleListRequests(other)).toBe(1)
    } finally {
      await session.services.dispatch('session.signOut', {})
      await other.close()
    }
  })

  it('forgets the list at sign-out: the same person signing back in asks again', async () => {
    await history(ship)
    await session.services.dispatch('session.signOut', {})
    await adaSignsIn()
    await history(ship)
    expect(peopleListRequests()).toBe(2)
  })

  it('keeps no list that came back after someone else signed in', async () => {
    const release = holdPeopleListAnswers()
    const adasRead = history(ship)
    await expect.poll(() => peopleListRequests()).toBe(1)
    await graceSignsIn()
    release()
    await adasRead
    await adaSignsIn()
    await history(ship)
    expect(peopleListRequests()).toBe(2)
  })

  it('lets reads that come while people/list is on the wire share that one request', async () => {
    const release = holdPeopleListAnswers()
    const reads = Promise.all([history(ship), history(support), history(dataTeam)])
    // All three goals have been asked for while the one people/list is held.
    await expect
      .poll(() => emulator.state.requests.filter((r) => r.endpoint === 'goals/list_check_ins').length)
      .toBe(3)
    release()
    const [shipRead, supportRead, dataRead] = await reads
    expect(peopleListRequests()).toBe(1)
    for (const read of [shipRead, supportRead, dataRead]) {
      expect(read.checkIns.every((c) => c.formerMentions !== null)).toBe(true)
    }
  })
})
