import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SEED_IDS, startEmulator, type Emulator } from '../../../../e2e/emulator'
import { checkInId } from '../../../../e2e/emulator/serialize'
import { afterCommitAnswers, type Faults } from '../../../../e2e/emulator/types'
import type { AcknowledgeOutcome, ReviewRef } from '@shared/domain/reviews'
import type { MainServices } from '../create-services'
import { hasSecretService, signedInServices, type SignedIn } from '../check-ins/testing/signed-in'

// Hostile review of acknowledging (issue 37): every after-the-commit fault on a server where a goal's
// acknowledgement is not idempotent, hostile looks, crafted inputs, another account.

const ACK_GOAL = 'POST goals/acknowledge_check_in'

const dataTeam = (emulator: Emulator) =>
  emulator.state.checkIns.find((c) => c.goalId === SEED_IDS.goals.dataTeam && !c.acknowledgedAt)!
const goalRef = (emulator: Emulator): ReviewRef => ({
  kind: 'goal',
  checkInId: checkInId(dataTeam(emulator)),
})
const count = (emulator: Emulator, ref: ReviewRef) => {
  const record = emulator.state.checkIns.find((c) => checkInId(c) === ref.checkInId)!
  return emulator.state.acknowledgements[record.id] ?? 0
}
const posts = (emulator: Emulator) =>
  emulator.state.requests.filter((r) => `${r.method} ${r.endpoint}` === ACK_GOAL).length

async function acknowledge(services: MainServices, ref: ReviewRef): Promise<AcknowledgeOutcome> {
  const result = await services.dispatch('reviews.acknowledge', ref)
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
  return result.value as AcknowledgeOutcome
}

async function drain(services: MainServices, timeout = 8_000) {
  await vi.waitFor(
    async () => {
      await services.dispatch('sync.now', {})
      expect(services.sync.outbox.list()).toEqual([])
    },
    { timeout, interval: 100 },
  )
}

describe.skipIf(!hasSecretService)('acknowledging, hostile (1.7.0)', () => {
  let emulator: Emulator
  let session: SignedIn
  let services: MainServices
  const extra: SignedIn[] = []
  const others: Emulator[] = []
  /** When set, goals/get_check_in answers this instead (a hostile server or gateway). */
  let lookAnswer: (() => Response) | null = null

  beforeAll(async () => {
    emulator = await startEmulator({ version: '1.7.0', seed: 'project-check-ins' })
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(async () => {
    emulator.reset()
    lookAnswer = null
    session = await signedInServices(emulator, {
      requestTimeoutMs: 1_000,
      syncTiming: { backoff: { baseMs: 20, capMs: 100 }, unconfirmedSettleMs: 300 },
      fetch: (input, init) =>
        lookAnswer &&
        posts(emulator) > 0 &&
        String(input instanceof Request ? input.url : input).includes('goals/get_check_in')
          ? Promise.resolve(lookAnswer())
          : fetch(input, init),
    })
    services = session.services
  })
  afterEach(async () => {
    emulator.resume()
    await session.cleanup()
    for (const s of extra.splice(0)) await s.cleanup()
    for (const e of others.splice(0)) await e.close()
  })

  const faults: [string, Partial<Faults>][] = [
    ...afterCommitAnswers.map((a): [string, Partial<Faults>] => [
      a,
      { failAfterCommit: 1, failAfterCommitAnswer: a },
    ]),
    ['reset', { resetAfterCommit: 1 }],
    ['drop', { dropAfterCommit: 1 }],
    ['hang past the timeout', { hangAfterCommitMs: 3_000 }],
    ['late commit after giving up', { commitAfterGiveUp: 1, lateCommitMs: 100 }],
  ]
  for (const [name, fault] of faults) {
    it(`goal, ${name} after the commit: acknowledged exactly once`, async () => {
      const ref = goalRef(emulator)
      emulator.setFaults(fault)
      const first = await acknowledge(services, ref)
      emulator.setFaults({ hangAfterCommitMs: 0 })
      if (first.outcome === 'queued') await drain(services)
      await new Promise((r) => setTimeout(r, 400))
      expect(count(emulator, ref)).toBe(1)
      expect(posts(emulator)).toBe(1)
    })
  }

  for (const [name, answer] of [
    ['{}', () => Response.json({})],
    ['garbage', () => new Response('<html>oops</html>', { status: 200 })],
    ['404', () => Response.json({ error: 'Not found', message: 'not found' }, { status: 404 })],
    ['a gateway 502', () => new Response('<html>502</html>', { status: 502 })],
  ] as const) {
    it(`goal, 504 after the commit and then the look answers ${name}: never sent again`, async () => {
      const ref = goalRef(emulator)
      emulator.setFaults({ failAfterCommit: 1, failAfterCommitAnswer: '504-html' })
      lookAnswer = answer
      const first = await acknowledge(services, ref)
      expect(first.outcome).toBe('queued')
      for (let i = 0; i < 5; i++) {
        await services.dispatch('sync.now', {})
        await new Promise((r) => setTimeout(r, 100))
      }
      expect(posts(emulator)).toBe(1)
      lookAnswer = null
      // A look that cannot be read may leave it waiting for the person (in Sync): their Retry looks again.
      for (const e of services.sync.outbox.list()) {
        expect(e.lastError?.message).toBeTruthy()
        if (e.state !== 'pending') await services.dispatch('sync.retry', { id: e.id })
      }
      await drain(services)
      expect(count(emulator, ref)).toBe(1)
      expect(posts(emulator)).toBe(1)
    })
  }

  it('Acknowledge and Acknowledge-and-next racing, answer held: one request', async () => {
    const ref = goalRef(emulator)
    emulator.setFaults({ hangAfterCommitMs: 3_000 })
    const all = await Promise.all([
      acknowledge(services, ref),
      acknowledge(services, ref),
      acknowledge(services, ref),
    ])
    emulator.setFaults({ hangAfterCommitMs: 0 })
    if (all.some((o) => o.outcome === 'queued')) await drain(services)
    expect(count(emulator, ref)).toBe(1)
    expect(posts(emulator)).toBe(1)
  })

  it('crafted IPC input is refused, nothing queued or sent', async () => {
    const before = emulator.state.requests.length
    for (const input of [
      { kind: 'bad', checkInId: 'abc' },
      { kind: 'goal', checkInId: 'x'.repeat(100_000) },
      { kind: 'goal', checkInId: '../../people/x' },
      { kind: 'goal', checkInId: 'a/b' },
      { kind: 'goal', checkInId: 'abc', extra: 1 },
      { kind: 'goal' },
      null,
    ]) {
      const r = await services.dispatch('reviews.acknowledge', input as never)
      expect(r.ok, JSON.stringify(input)?.slice(0, 60)).toBe(false)
      const g = await services.dispatch('reviews.get', input as never)
      expect(g.ok).toBe(false)
    }
    expect(services.sync.outbox.list()).toEqual([])
    expect(emulator.state.requests.slice(before)).toEqual([])
  })

  it('acknowledged on one server, then signed in to another with the same ids: sent to the second too', async () => {
    const ref = goalRef(emulator)
    expect(await acknowledge(services, ref)).toMatchObject({ outcome: 'acknowledged' })
    expect(count(emulator, ref)).toBe(1)
    const second = await startEmulator({ version: '1.7.0', seed: 'project-check-ins' })
    others.push(second)
    await services.dispatch('session.signOut', {})
    const signIn = await services.dispatch('session.signIn', {
      baseUrl: second.url,
      token: second.tokens.write,
    })
    expect(signIn.ok).toBe(true)
    const outcome = await acknowledge(services, ref)
    if (outcome.outcome === 'queued') await drain(services)
    expect(count(second, ref)).toBe(1)
  })

  it('queued offline for one server, then signed in to another with the same ids: its own entry, sent there', async () => {
    const ref = goalRef(emulator)
    await services.dispatch('reviews.get', ref)
    emulator.pause()
    await services.dispatch('reviews.get', ref)
    expect(await acknowledge(services, ref)).toMatchObject({ outcome: 'queued' })
    const second = await startEmulator({ version: '1.7.0', seed: 'project-check-ins' })
    others.push(second)
    await services.dispatch('session.signOut', {})
    const signIn = await services.dispatch('session.signIn', {
      baseUrl: second.url,
      token: second.tokens.write,
    })
    expect(signIn.ok).toBe(true)
    const outcome = await acknowledge(services, ref)
    expect(outcome.outcome).toBe('acknowledged')
    expect(count(second, ref)).toBe(1)
    expect(count(emulator, ref)).toBe(0)
  })
})
