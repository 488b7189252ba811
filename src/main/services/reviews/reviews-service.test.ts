import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SEED_IDS, startEmulator, type Emulator } from '../../../../e2e/emulator'
import { checkInId } from '../../../../e2e/emulator/serialize'
import type { AcknowledgeOutcome, CheckInReview, ReviewRef } from '@shared/domain/reviews'
import type { MainServices } from '../create-services'
import { hasSecretService, signedInServices, type SignedIn } from '../check-ins/testing/signed-in'

// Reviewing and acknowledging check-ins end to end inside main: real HTTP to the emulator (its faults),
// the real keychain. Each acknowledgement must reach the server exactly once, on 1.8.0 and on 1.7.0 (where
// a goal's acknowledgement is not idempotent: a second request acknowledges and notifies again).

const ACK_GOAL = 'POST goals/acknowledge_check_in'
const ACK_PROJECT = 'POST projects/acknowledge_check_in'

/** Grace's latest check-in on "Hire a data team", which Ada reviews: not acknowledged yet. */
const dataTeamCheckIn = (emulator: Emulator) =>
  emulator.state.checkIns.find((c) => c.goalId === SEED_IDS.goals.dataTeam && !c.acknowledgedAt)!
/** Edsger's check-in on the compiler test suite, which Ada reviews (`project-check-ins` seed). */
const testSuiteCheckIn = (emulator: Emulator) =>
  emulator.state.projectCheckIns.find((c) => c.id === SEED_IDS.projectCheckIns.testSuite1)!

const goalRef = (emulator: Emulator): ReviewRef => ({
  kind: 'goal',
  checkInId: checkInId(dataTeamCheckIn(emulator)),
})
const projectRef = (emulator: Emulator): ReviewRef => ({
  kind: 'project',
  checkInId: checkInId(testSuiteCheckIn(emulator)),
})

const acknowledgements = (emulator: Emulator, ref: ReviewRef): number => {
  const record =
    ref.kind === 'goal'
      ? emulator.state.checkIns.find((c) => checkInId(c) === ref.checkInId)
      : emulator.state.projectCheckIns.find((c) => checkInId(c) === ref.checkInId)
  return record ? (emulator.state.acknowledgements[record.id] ?? 0) : 0
}
const posts = (emulator: Emulator, ref: ReviewRef) =>
  emulator.state.requests.filter(
    (r) => `${r.method} ${r.endpoint}` === (ref.kind === 'goal' ? ACK_GOAL : ACK_PROJECT),
  ).length

async function acknowledge(services: MainServices, ref: ReviewRef): Promise<AcknowledgeOutcome> {
  const result = await services.dispatch('reviews.acknowledge', ref)
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
  return result.value as AcknowledgeOutcome
}

async function review(services: MainServices, ref: ReviewRef): Promise<CheckInReview> {
  const result = await services.dispatch('reviews.get', ref)
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
  return result.value as CheckInReview
}

for (const version of ['1.8.0', '1.7.0'] as const) {
  describe.skipIf(!hasSecretService)(`reviews on ${version}`, () => {
    let emulator: Emulator
    let session: SignedIn
    let services: MainServices
    const extra: SignedIn[] = []

    beforeAll(async () => {
      emulator = await startEmulator({ version, seed: 'project-check-ins' })
    })
    afterAll(async () => {
      await emulator.close()
    })
    beforeEach(async () => {
      emulator.reset()
      session = await signedInServices(emulator, {
        requestTimeoutMs: 1_500,
        syncTiming: { backoff: { baseMs: 20, capMs: 100 }, unconfirmedSettleMs: 300 },
      })
      services = session.services
    })
    afterEach(async () => {
      emulator.resume()
      await session.cleanup()
      for (const s of extra.splice(0)) await s.cleanup()
    })

    it('reviews.get: the reviewer may acknowledge; the author is told why not', async () => {
      const goal = await review(services, goalRef(emulator))
      expect(goal).toMatchObject({
        kind: 'goal',
        subjectName: 'Hire a data team',
        author: { name: 'Grace Hopper' },
        acknowledgedAt: null,
        cannotAcknowledge: null,
        fromCache: false,
      })
      expect(goal.webUrl).toMatch(/goal-check-ins/)
      expect(goal.targets.length).toBeGreaterThan(0)
      expect(goal.checklist.length).toBeGreaterThan(0)
      const project = await review(services, projectRef(emulator))
      expect(project).toMatchObject({
        kind: 'project',
        subjectName: 'Compiler test suite',
        author: { name: 'Edsger Dijkstra' },
        cannotAcknowledge: null,
      })

      // A goal Ada may only view, whose reviewer is Grace: not hers either.
      const handbook = emulator.state.checkIns.find((c) => c.goalId === SEED_IDS.goals.compilerHandbook)!
      handbook.acknowledgedAt = null
      const other = await review(services, { kind: 'goal', checkInId: checkInId(handbook) })
      expect(other.cannotAcknowledge).toMatch(
        /^Only the goal’s reviewer acknowledges its check-ins \(its reviewer, Grace Hopper/,
      )

      // Ada's own check-in on the support backlog: never hers to acknowledge.
      const own = emulator.state.checkIns.find(
        (c) => c.goalId === SEED_IDS.goals.supportBacklog && !c.acknowledgedAt,
      )!
      const mine = await review(services, { kind: 'goal', checkInId: checkInId(own) })
      expect(mine.cannotAcknowledge).toMatch(/You wrote this check-in/)
      // And acknowledging it is refused before anything is queued or sent.
      const refused = await services.dispatch('reviews.acknowledge', {
        kind: 'goal',
        checkInId: checkInId(own),
      })
      expect(refused).toMatchObject({ ok: false, error: { message: /You wrote this check-in/ } })
      expect(services.sync.outbox.list()).toEqual([])
    })

    for (const kind of ['goal', 'project'] as const) {
      const refOf = kind === 'goal' ? goalRef : projectRef

      it(`acknowledges a ${kind} check-in once; asked again, nothing more is sent`, async () => {
        const ref = refOf(emulator)
        const from = emulator.state.requests.length
        expect(await acknowledge(services, ref)).toMatchObject({ outcome: 'acknowledged' })
        expect(acknowledgements(emulator, ref)).toBe(1)
        // The inbox is read again after the delivery: the row leaves and the badge goes down.
        await vi.waitFor(() => {
          const since = emulator.state.requests.slice(from).map((r) => r.endpoint)
          const sent = since.indexOf(`${kind}s/acknowledge_check_in`)
          expect(sent).toBeGreaterThanOrEqual(0)
          expect(since.slice(sent)).toContain('people/list_assignments')
        })
        expect(await acknowledge(services, ref)).toMatchObject({ outcome: 'acknowledged' })
        expect(acknowledgements(emulator, ref)).toBe(1)
        expect(posts(emulator, ref)).toBe(1)
        expect(services.sync.outbox.list()).toEqual([])
        expect((await review(services, ref)).cannotAcknowledge).toMatch(/already acknowledged/)
      })

      for (const fault of ['504 after the commit', 'connection reset after the commit'] as const) {
        it(`${kind}: ${fault}: acknowledged once on the server`, async () => {
          const ref = refOf(emulator)
          await review(services, ref)
          emulator.setFaults(
            fault === '504 after the commit'
              ? { failAfterCommit: 1, failAfterCommitAnswer: '504-html' }
              : { resetAfterCommit: 1 },
          )
          const first = await acknowledge(services, ref)
          if (first.outcome === 'queued') {
            await vi.waitFor(async () => {
              await services.dispatch('sync.now', {})
              expect(services.sync.outbox.list()).toEqual([])
            })
          }
          expect(acknowledgements(emulator, ref)).toBe(1)
          // A goal's acknowledgement is looked for, never sent twice (before 1.8.0 it would count twice).
          if (kind === 'goal') expect(posts(emulator, ref)).toBe(1)
        })
      }

      it(`${kind}: offline → queued → online → acknowledged once`, async () => {
        const ref = refOf(emulator)
        await review(services, ref)
        emulator.pause()
        // A read finds the server gone: from now on the app knows it is offline.
        expect(await services.dispatch('reviews.get', ref)).toMatchObject({
          ok: true,
          value: { fromCache: true, lastError: { kind: 'offline' } },
        })
        // Asked twice at the same moment (two clicks, two windows): one entry, on disk.
        const [queued, again] = await Promise.all([acknowledge(services, ref), acknowledge(services, ref)])
        expect(queued).toMatchObject({ outcome: 'queued', state: 'queued' })
        expect(again).toMatchObject({ outcome: 'queued', entryId: (queued as { entryId: string }).entryId })
        const [item] = (await services.sync.view()).items
        expect(item).toMatchObject({
          kind: 'acknowledgement',
          targetKind: kind,
          title: kind === 'goal' ? 'Hire a data team' : 'Compiler test suite',
          preview:
            kind === 'goal'
              ? 'Acknowledge Grace Hopper’s check-in'
              : 'Acknowledge Edsger Dijkstra’s check-in',
        })
        // Asked again while it waits: the same entry.
        expect(await acknowledge(services, ref)).toMatchObject({ outcome: 'queued' })
        expect(services.sync.outbox.list()).toHaveLength(1)
        expect(acknowledgements(emulator, ref)).toBe(0)

        emulator.resume()
        await services.dispatch('sync.now', {})
        expect(services.sync.outbox.list()).toEqual([])
        expect(acknowledgements(emulator, ref)).toBe(1)
        expect(posts(emulator, ref)).toBe(1)
      })
    }

    it('a goal check-in acknowledged elsewhere while the acknowledgement waited offline: nothing is sent', async () => {
      const ref = goalRef(emulator)
      await review(services, ref)
      emulator.pause()
      await services.dispatch('reviews.get', ref)
      expect(await acknowledge(services, ref)).toMatchObject({ outcome: 'queued' })
      // Meanwhile Ada acknowledged it from the web.
      const record = dataTeamCheckIn(emulator)
      record.acknowledgedAt = new Date().toISOString()
      record.acknowledgedById = SEED_IDS.people.ada
      emulator.state.acknowledgements[record.id] = 1
      emulator.resume()
      await services.dispatch('sync.now', {})
      expect(services.sync.outbox.list()).toEqual([])
      expect(posts(emulator, ref)).toBe(0)
      expect(emulator.state.acknowledgements[record.id]).toBe(1)
    })

    it('a goal acknowledgement whose answer was held back past the timeout is looked for, never sent again', async () => {
      const ref = goalRef(emulator)
      await review(services, ref)
      emulator.setFaults({ hangAfterCommitMs: 5_000 })
      const first = await acknowledge(services, ref)
      emulator.setFaults({ hangAfterCommitMs: 0 })
      if (first.outcome === 'queued') {
        await vi.waitFor(
          async () => {
            await services.dispatch('sync.now', {})
            expect(services.sync.outbox.list()).toEqual([])
          },
          { timeout: 8_000 },
        )
      }
      expect(acknowledgements(emulator, ref)).toBe(1)
      expect(posts(emulator, ref)).toBe(1)
    })

    it('the app killed while a goal acknowledgement was on the wire: the next run looks first, and sends nothing', async () => {
      const ref = goalRef(emulator)
      await review(services, ref)
      emulator.setFaults({ hangAfterCommitMs: 5_000 })
      void services.dispatch('reviews.acknowledge', ref)
      // The request is on the server (committed), its answer held back: copy the data as a kill leaves it.
      await vi.waitFor(() => expect(acknowledgements(emulator, ref)).toBe(1))
      const copy = mkdtempSync(join(tmpdir(), 'operately-tray-killed-'))
      cpSync(session.dataDir, copy, { recursive: true })
      emulator.setFaults({ hangAfterCommitMs: 0 })

      const next = await signedInServices(emulator, {
        dataDir: copy,
        syncTiming: { backoff: { baseMs: 20, capMs: 100 }, unconfirmedSettleMs: 300 },
      })
      extra.push(next)
      expect(next.services.sync.outbox.list()).toMatchObject([{ kind: 'acknowledgement' }])
      await vi.waitFor(async () => {
        await next.services.dispatch('sync.now', {})
        expect(next.services.sync.outbox.list()).toEqual([])
      })
      expect(acknowledgements(emulator, ref)).toBe(1)
      expect(posts(emulator, ref)).toBe(1)
    })

    it('refusals (not allowed, gone, the author) wait in Sync with plain words; nothing is lost', async () => {
      // Queued straight into the outbox (as after a change on the server while it waited offline).
      const handbook = emulator.state.checkIns.find((c) => c.goalId === SEED_IDS.goals.compilerHandbook)!
      handbook.acknowledgedAt = null
      handbook.acknowledgedById = null
      const forbidden = await services.sync.enqueue({
        kind: 'acknowledgement',
        payload: { kind: 'goal', checkInId: checkInId(handbook) },
        title: 'Publish the compiler handbook',
      })
      const gone = await services.sync.enqueue({
        kind: 'acknowledgement',
        payload: { kind: 'project', checkInId: 'Zm9vYmFyYmF6' },
        title: null,
      })
      await services.dispatch('sync.now', {})
      await vi.waitFor(() => expect(services.sync.outbox.get(forbidden.id)?.state).toBe('needs_attention'))
      expect(services.sync.outbox.get(forbidden.id)?.lastError?.message).toMatch(
        /may not acknowledge this check-in: only the goal’s reviewer can.*Your acknowledgement is kept here/,
      )
      await vi.waitFor(() => expect(services.sync.outbox.get(gone.id)?.state).toBe('failed'))
      expect(services.sync.outbox.get(gone.id)?.lastError?.message).toMatch(
        /This check-in is gone or no longer shared with you.*Your acknowledgement is kept here/,
      )
      expect(acknowledgements(emulator, { kind: 'goal', checkInId: checkInId(handbook) })).toBe(0)

      if (version === '1.8.0') {
        // The author (1.8.0 answers 400; before, the role rule answers 403).
        const own = emulator.state.checkIns.find(
          (c) => c.goalId === SEED_IDS.goals.supportBacklog && !c.acknowledgedAt,
        )!
        const authored = await services.sync.enqueue({
          kind: 'acknowledgement',
          payload: { kind: 'goal', checkInId: checkInId(own) },
          title: null,
        })
        await services.dispatch('sync.now', {})
        await vi.waitFor(() => expect(services.sync.outbox.get(authored.id)?.state).toBe('failed'))
        expect(services.sync.outbox.get(authored.id)?.lastError?.message).toMatch(
          /^You wrote this check-in, and Operately does not let authors acknowledge their own check-ins\. Your acknowledgement is kept here/,
        )
      }
      expect((await services.sync.view()).items.every((i) => i.kind === 'acknowledgement')).toBe(true)
    })

    it('a read-only token is refused before anything is queued or sent', async () => {
      const readOnly = await signedInServices(emulator, { token: emulator.tokens.readOnly })
      extra.push(readOnly)
      const ref = goalRef(emulator)
      expect((await review(readOnly.services, ref)).cannotAcknowledge).toMatch(/can only read/)
      const before = emulator.state.requests.length
      const refused = await readOnly.services.dispatch('reviews.acknowledge', ref)
      expect(refused).toMatchObject({
        ok: false,
        error: { kind: 'read_only_token', message: /can only read/ },
      })
      expect(readOnly.services.sync.outbox.list()).toEqual([])
      expect(emulator.state.requests.slice(before)).toEqual([])
    })
  })
}
