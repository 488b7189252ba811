import { beforeEach, describe, expect, it } from 'vitest'
import { SEED_IDS, shortIdFromUuid, type Emulator } from '../../../../e2e/emulator'
import type { CheckInHistoryRead } from '@shared/domain/check-in-history'
import type { AppError } from '@shared/errors'
import { hasSecretService, type SignedIn } from '../check-ins/testing/signed-in'
import { signedInForEachTest } from '../check-ins/testing/signed-in-each-test'

// goals.checkIns end to end: real HTTP to the emulator, the real keychain, the real cache on disk.

const ship = 'ship-the-analytical-engine-v2-kHLABHdtjTkzZF2eK502u'

type Network = 'normal' | 'offline' | 'garbage'

describe.skipIf(!hasSecretService)('the check-in history (goals.checkIns)', () => {
  let emulator: Emulator
  let session: SignedIn
  let network: Network = 'normal'

  // What the network does to the app's requests: nothing, no connection at all, or a proxy that answers
  // list_check_ins with something that is not Operately's answer.
  const switchableFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (network === 'offline') throw new TypeError('fetch failed')
    if (network === 'garbage' && url.includes('goals/list_check_ins'))
      return new Response('{"check_ins": "not a list"}', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    return fetch(input, init)
  }

  beforeEach(() => {
    network = 'normal'
  })
  signedInForEachTest((signed) => ({ emulator, session } = signed), { fetch: switchableFetch })

  const history = async (goalId: string): Promise<CheckInHistoryRead> => {
    const result = await session.services.dispatch('checkIns.history', {
      subject: { kind: 'goal', id: goalId },
    })
    if (!result.ok) throw Object.assign(new Error(result.error.message), { error: result.error })
    return result.value as CheckInHistoryRead
  }
  const failure = async (goalId: string): Promise<AppError> => {
    const result = await session.services.dispatch('checkIns.history', {
      subject: { kind: 'goal', id: goalId },
    })
    if (result.ok) throw new Error('expected a failure')
    return result.error
  }

  it('lists the published check-ins newest first, with author, message, target values and checklist', async () => {
    const read = await history(ship)
    expect(read).toMatchObject({ fromCache: false, lastError: null })
    expect(read.checkIns).toHaveLength(3)
    const [latest, middle, oldest] = read.checkIns
    expect(latest!.status).toBe('caution')
    expect(latest!.state).toBe('published')
    expect(latest!.author?.name).toBe('Ada Lovelace')
    expect(JSON.parse(latest!.message!)).toMatchObject({ type: 'doc' })
    expect(latest!.targets.map((t) => [t.name, t.previousValue, t.value, t.from, t.to, t.unit])).toEqual([
      ['Weekly active teams', 48, 72, 40, 120, 'teams'],
      ['p95 page load', 3, 2.4, 3.2, 1.5, 's'],
    ])
    expect(latest!.checklist.map((c) => [c.name, c.completed])).toEqual([
      ['Beta with 5 design partners', true],
      ['Security review signed off', false],
      ['Pricing page live', false],
    ])
    expect(middle!.targets.map((t) => t.value)).toEqual([48, 3])
    expect(oldest!.targets.map((t) => t.value)).toEqual([44, 3.1])
    expect(Date.parse(latest!.publishedAt!)).toBeGreaterThan(Date.parse(middle!.publishedAt!))
  })

  it('links each check-in to its page in Operately, as the assignments write such paths', async () => {
    const read = await history(ship)
    // The company part as the goal's own page has it (both learnt from the assignments' paths).
    const goal = await session.services.dispatch('goals.get', { id: ship })
    const goalPage = goal.ok ? (goal.value as { webUrl: string }).webUrl : ''
    const company = new URL(goalPage).pathname.split('/')[1]
    expect(company).toContain(shortIdFromUuid(SEED_IDS.company))
    expect(read.checkIns.length).toBeGreaterThan(0)
    for (const checkIn of read.checkIns) {
      expect(checkIn.webUrl).toBe(`${emulator.url}/${company}/goal-check-ins/${checkIn.id}`)
    }
    // Offline, the kept copy keeps its links.
    network = 'offline'
    expect((await history(ship)).checkIns.map((c) => c.webUrl)).toEqual(read.checkIns.map((c) => c.webUrl))
  })

  it('names the mentioned people the server no longer knows, and only them', async () => {
    const read = await history(ship)
    const [latest, middle, oldest] = read.checkIns
    // Barbara (mentioned in the latest) is a person of the company; Mary Somerville left.
    expect(latest!.message).toContain('Barbara')
    expect(latest!.formerMentions).toEqual([])
    expect(middle!.formerMentions).toEqual([])
    expect(oldest!.formerMentions).toEqual([
      { id: expect.stringContaining(shortIdFromUuid(SEED_IDS.formerPerson)), name: 'Mary Somerville' },
    ])
  })

  it('leaves out drafts and scheduled check-ins', async () => {
    const goal = emulator.state.goals.find((g) => g.id === SEED_IDS.goals.shipEngine)!
    const published = emulator.state.checkIns.find((c) => c.goalId === goal.id)!
    emulator.state.checkIns.push(
      { ...published, id: `${published.id.slice(0, -4)}d0d0`, state: 'draft', publishedAt: null },
      { ...published, id: `${published.id.slice(0, -4)}5c5c`, state: 'scheduled', publishedAt: null },
    )
    const read = await history(ship)
    expect(read.checkIns).toHaveLength(3)
    expect(read.checkIns.every((c) => c.state === 'published')).toBe(true)
  })

  it('answers offline with the copy from the last visit and when it was fetched', async () => {
    const online = await history(ship)
    network = 'offline'
    const offline = await history(ship)
    expect(offline.fromCache).toBe(true)
    expect(offline.fetchedAt).toBe(online.fetchedAt)
    expect(offline.lastError?.kind).toBe('offline')
    expect(offline.checkIns).toEqual(online.checkIns)
  })

  it('says offline when no copy was ever kept', async () => {
    network = 'offline'
    expect((await failure(ship)).kind).toBe('offline')
  })

  it('keeps the copy, and says why, when the server answers something unreadable', async () => {
    const online = await history(ship)
    network = 'garbage'
    const read = await history(ship)
    expect(read).toMatchObject({ fromCache: true, fetchedAt: online.fetchedAt })
    expect(read.lastError?.kind).toBe('invalid_response')
    expect(read.checkIns).toEqual(online.checkIns)
    // The unreadable answer did not replace the copy: offline, the same check-ins still show.
    network = 'offline'
    expect((await history(ship)).checkIns).toEqual(online.checkIns)
  })

  it('says so when the answer is unreadable and nothing was kept', async () => {
    network = 'garbage'
    expect((await failure(ship)).kind).toBe('invalid_response')
  })

  it('answers a goal the server does not know (404 Goal not found) as not found, never from a copy', async () => {
    const hidden = shortIdFromUuid(SEED_IDS.goals.acquisition)
    expect((await failure(hidden)).kind).toBe('not_found')
  })

  it('refuses an input that is not a goal id', async () => {
    expect((await failure('../../etc/passwd')).kind).toBe('invalid_input')
  })
})
