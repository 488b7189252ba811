import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import {
  SEED_IDS,
  shortIdFromUuid,
  startEmulator,
  versionHeader,
  type Emulator,
} from '../../../../e2e/emulator'
import { post } from '../../../../e2e/emulator/test-support'
import type {
  CheckInOutcome,
  GoalCheckInResult,
  GoalCheckInInput,
  CheckInStatus,
  CheckInSubmission,
  CreateCheckInInput,
} from '@shared/domain/check-ins'
import { checkInDraftKey } from '@shared/contract/drafts'
import { dueDateFor, type ContextualDate } from '@shared/domain/contextual-date'
import type { GoalDetail } from '@shared/domain/goals'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import keytar from 'keytar'
import { createMainServices, type MainServices } from '../create-services'
import { sameDocument } from './recovery'
import {
  hasSecretService,
  messageDoc,
  observingFetch,
  requestsSince,
  signedInServices,
  type SignedIn,
} from './testing/signed-in'

// Check-ins end to end inside main: real HTTP to the emulator (with its fault switches), the real keychain.

const SHIP = 'ship-the-analytical-engine-v2-kHLABHdtjTkzZF2eK502u'
const HANDBOOK = 'publish-the-compiler-handbook-Gmct09zoWdZfKODKPaHENw'
const ACQUISITION = 'acquire-difference-engine-ltd-FQrgwfa72EpDMKubVfK2bk'
const CREATE = 'POST goals/create_check_in'
const draftKey = checkInDraftKey(SHIP)

async function getGoal(services: MainServices, id: string): Promise<GoalDetail> {
  const result = await services.dispatch('goals.get', { id })
  if (!result.ok) throw new Error(result.error.message)
  return result.value as GoalDetail
}

/** A check-in that changes nothing but says something. */
function plainInput(goal: GoalDetail, over: Partial<GoalCheckInInput> = {}): GoalCheckInInput {
  return {
    submissionId: randomUUID(),
    goalId: goal.id,
    status: 'on_track',
    dueDate: { mode: 'keep' },
    targetValues: [],
    checklist: goal.checklist,
    message: messageDoc(`Check-in ${randomUUID()}`),
    notify: { mode: 'everyone' },
    ...over,
  }
}

async function submit(services: MainServices, input: CreateCheckInInput): Promise<GoalCheckInResult> {
  const result = await services.dispatch('checkIns.create', input)
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
  const value = result.value as CheckInOutcome
  if (value.outcome !== 'created') throw new Error(`queued instead of created: ${value.reason}`)
  const { outcome: _created, ...created } = value
  if (!('goalId' in created)) throw new Error('a goal check-in answered as a project’s')
  return created
}

const shipModel = (emulator: Emulator) =>
  emulator.state.goals.find((g) => g.id === SEED_IDS.goals.shipEngine)!
const createCount = (emulator: Emulator) =>
  emulator.state.requests.filter((r) => r.endpoint === 'goals/create_check_in').length

describe.skipIf(!hasSecretService)('check-ins', () => {
  let emulator: Emulator
  let session: SignedIn
  let services: MainServices
  const extra: SignedIn[] = []

  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(async () => {
    emulator.reset()
    session = await signedInServices(emulator)
    services = session.services
  })
  afterEach(async () => {
    emulator.resume()
    await session.cleanup()
    for (const s of extra.splice(0)) await s.cleanup()
  })

  const signedIn = async (options: Parameters<typeof signedInServices>[1]) => {
    const s = await signedInServices(emulator, options)
    extra.push(s)
    return s.services
  }

  describe('a full check-in', () => {
    for (const status of ['on_track', 'caution', 'off_track'] as const satisfies CheckInStatus[]) {
      it(`posts ${status} with target, checklist and due-date changes, and shows what the server recorded`, async () => {
        const goal = await getGoal(services, SHIP)
        await services.dispatch('drafts.save', { key: draftKey, value: { typed: 'half a sentence' } })
        const [teams, p95] = goal.targets
        const [beta, security, pricing] = goal.checklist
        const barbara = goal.potentialSubscribers.find((p) => p.fullName === 'Barbara Liskov')!
        const due = dueDateFor('month', { year: 2027, month: 2 })
        const input = plainInput(goal, {
          status,
          dueDate: { mode: 'set', date: due },
          // p95 is sent unchanged: it must not be in new_target_values.
          targetValues: [
            { id: teams!.id, value: 80 },
            { id: p95!.id, value: p95!.value! },
          ],
          // Pricing moves to the top; security review gets done. Given out of order on purpose.
          checklist: [
            { ...security!, completed: true, index: 2 },
            { ...pricing!, index: 0 },
            { ...beta!, index: 1 },
          ],
          message: messageDoc(`Status: ${status}`),
          notify: { mode: 'selected', personIds: [barbara.personId] },
        })
        const before = emulator.state.requests.length
        const checkInsBefore = emulator.state.checkIns.length

        const result = await submit(services, input)

        // The emulator's goal now holds the changes.
        const model = shipModel(emulator)
        expect(model.targets.map((t) => [t.name, t.value])).toEqual([
          ['Weekly active teams', 80],
          ['p95 page load', 2.4],
        ])
        expect([...model.checks].sort((a, b) => a.index - b.index).map((c) => [c.name, c.completed])).toEqual(
          [
            ['Pricing page live', false],
            ['Beta with 5 design partners', true],
            ['Security review signed off', true],
          ],
        )
        expect(model.timeframe?.contextual_end_date).toEqual({
          date_type: 'month',
          date: '2027-02-28',
          value: 'Feb 2027',
        })
        expect(emulator.state.checkIns).toHaveLength(checkInsBefore + 1)
        const record = emulator.state.checkIns.at(-1)!
        expect(record).toMatchObject({ status, authorId: SEED_IDS.people.ada, sendToEveryone: false })
        expect(record.subscriberIds).toContain(SEED_IDS.people.barbara)

        // Exactly one request, with exactly the fields the server takes.
        const posts = emulator.state.requests
          .slice(before)
          .filter((r) => r.endpoint === 'goals/create_check_in')
        expect(posts).toHaveLength(1)
        expect(posts[0]!.body).toEqual({
          goal_id: SHIP,
          status,
          content: input.message,
          due_date: { date_type: 'month', date: '2027-02-28', value: 'Feb 2027' },
          checklist: [
            { id: pricing!.id, name: 'Pricing page live', completed: false, index: 0 },
            { id: beta!.id, name: 'Beta with 5 design partners', completed: true, index: 1 },
            { id: security!.id, name: 'Security review signed off', completed: true, index: 2 },
          ],
          new_target_values: JSON.stringify([{ id: teams!.id, value: 80 }]),
          send_notifications_to_everyone: false,
          subscriber_ids: [barbara.personId],
        })

        // The result is what the server recorded, in the goal's own ids.
        expect(result).toEqual({
          id: expect.stringMatching(/^\d{4}-\d{2}-\d{2}-[A-Za-z0-9]+$/),
          goalId: SHIP,
          goalName: 'Ship the Analytical Engine v2',
          status,
          // What it was before, so the result can say what changed.
          previousStatus: goal.status,
          message: expect.any(String),
          insertedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          targetChanges: [
            {
              id: teams!.id,
              name: 'Weekly active teams',
              unit: 'teams',
              previousValue: 72,
              value: 80,
              from: 40,
              to: 120,
            },
          ],
          checklist: [
            { id: pricing!.id, name: 'Pricing page live', completed: false, index: 0 },
            { id: beta!.id, name: 'Beta with 5 design partners', completed: true, index: 1 },
            { id: security!.id, name: 'Security review signed off', completed: true, index: 2 },
          ],
          // Only the completion that changed (moving items around is not a change anyone reads).
          checklistChanges: [{ id: security!.id, name: 'Security review signed off', completed: true }],
          dueDate: due,
          previousDueDate: goal.dueDate,
          changesKnown: true,
          webUrl: `${emulator.url}/${shortIdFromUuid(SEED_IDS.company)}/goals/${SHIP}`,
          recovered: false,
          // Posted at once: published, nothing scheduled.
          state: 'published',
          scheduledAt: null,
        })
        expect(sameDocument(result.message, input.message)).toBe(true)
        // A posted check-in's draft is gone.
        expect(await services.dispatch('drafts.get', { key: draftKey })).toEqual({
          ok: true,
          value: { value: null, savedAt: null },
        })
      })
    }

    it('notifies everyone when asked', async () => {
      const goal = await getGoal(services, SHIP)
      await submit(services, plainInput(goal))
      expect(emulator.state.checkIns.at(-1)!.sendToEveryone).toBe(true)
    })
  })

  describe('due date', () => {
    it('untouched on 1.8.0: the key is left out and the date stays exactly as it was', async () => {
      const before = structuredClone(shipModel(emulator).timeframe)
      const goal = await getGoal(services, SHIP)
      const from = emulator.state.requests.length
      const result = await submit(services, plainInput(goal))
      const body = emulator.state.requests
        .slice(from)
        .find((r) => r.endpoint === 'goals/create_check_in')!.body
      expect(body).not.toHaveProperty('due_date')
      expect(shipModel(emulator).timeframe).toEqual(before)
      expect(result.dueDate).toEqual(goal.dueDate)
    })

    it('untouched on 1.6.0, where the key is required: the current date is sent back and stays', async () => {
      const old = await startEmulator({ version: '1.6.0' })
      try {
        const s = await signedInServices(old)
        extra.push(s)
        const endBefore = structuredClone(shipModel(old).timeframe!.contextual_end_date)
        const goal = await getGoal(s.services, SHIP)
        const result = await submit(s.services, plainInput(goal))
        const body = old.state.requests.find((r) => r.endpoint === 'goals/create_check_in')!.body as Record<
          string,
          unknown
        >
        expect(body['due_date']).toEqual(endBefore)
        expect(shipModel(old).timeframe!.contextual_end_date).toEqual(endBefore)
        expect(result.dueDate).toEqual(goal.dueDate)
      } finally {
        await old.close()
      }
    })

    const precisions: Array<[string, ContextualDate]> = [
      ['day', dueDateFor('day', { year: 2026, month: 7, day: 15 })],
      ['month (leap February)', dueDateFor('month', { year: 2028, month: 2 })],
      ['quarter', dueDateFor('quarter', { year: 2026, quarter: 3 })],
      ['year', dueDateFor('year', { year: 2027 })],
    ]
    for (const [what, date] of precisions) {
      it(`set with ${what} precision: the server accepts it and the goal's due date is ${date.value}`, async () => {
        const goal = await getGoal(services, SHIP)
        const result = await submit(services, plainInput(goal, { dueDate: { mode: 'set', date } }))
        expect(shipModel(emulator).timeframe!.contextual_end_date).toEqual({
          date_type: date.dateType,
          date: date.date,
          value: date.value,
        })
        expect(result.dueDate).toEqual(date)
        expect((await getGoal(services, SHIP)).dueDate).toEqual(date)
      })
    }

    it('removed on purpose: null is sent and the goal has no due date any more', async () => {
      const goal = await getGoal(services, SHIP)
      const from = emulator.state.requests.length
      const result = await submit(services, plainInput(goal, { dueDate: { mode: 'clear' } }))
      const body = emulator.state.requests
        .slice(from)
        .find((r) => r.endpoint === 'goals/create_check_in')!.body
      expect(body).toHaveProperty('due_date', null)
      expect(shipModel(emulator).timeframe).toBeNull()
      expect(result.dueDate).toBeNull()
      expect((await getGoal(services, SHIP)).dueDate).toBeNull()
    })

    it('refuses a label that disagrees with its day before sending anything', async () => {
      const goal = await getGoal(services, SHIP)
      const from = emulator.state.requests.length
      const result = await services.dispatch(
        'checkIns.create',
        plainInput(goal, {
          dueDate: { mode: 'set', date: { dateType: 'quarter', date: '2026-06-30', value: 'Q3 2026' } },
        }),
      )
      expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
      expect(requestsSince(emulator, from)).not.toContain(CREATE)
    })
  })

  describe('never twice', () => {
    it('connection dropped after the server saved it: found in the list, not sent again', async () => {
      const goal = await getGoal(services, SHIP)
      const input = plainInput(goal, { status: 'caution' })
      const checkInsBefore = emulator.state.checkIns.length
      emulator.setFaults({ dropAfterCommit: 1 })

      const first = await submit(services, input)
      expect(first.recovered).toBe(true)
      expect(first.status).toBe('caution')
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore + 1)
      expect(createCount(emulator)).toBe(1)
      // Read once before sending (the snapshot) and once to look after the connection dropped.
      expect(emulator.state.requests.filter((r) => r.endpoint === 'goals/list_check_ins')).toHaveLength(2)

      // Submitting again with the same id gives the same answer without asking the server about it.
      const from = emulator.state.requests.length
      expect(await submit(services, input)).toEqual(first)
      // (The inbox reads what is owed again after each delivery: that is the only request since.)
      expect(requestsSince(emulator, from).filter((r) => r !== 'GET people/list_assignments')).toEqual([])
    })

    it('connection dropped and the network gone: queued, and once back the outbox finds it instead of posting again', async () => {
      let failOnCreate = true
      const s = await signedIn({
        fetch: observingFetch(
          () => undefined,
          (endpoint, _method, outcome) => {
            // The network goes down right after the answer was lost: the app cannot look yet.
            if (endpoint === 'goals/create_check_in' && outcome === 'failed' && failOnCreate) emulator.pause()
          },
        ),
      })
      const goal = await getGoal(s, SHIP)
      await s.dispatch('drafts.save', { key: draftKey, value: { typed: 'keep me' } })
      const input = plainInput(goal)
      const checkInsBefore = emulator.state.checkIns.length
      emulator.setFaults({ dropAfterCommit: 1 })

      const queued = await s.dispatch('checkIns.create', input)
      expect(queued).toMatchObject({
        ok: true,
        value: { outcome: 'queued', submissionId: input.submissionId },
      })
      const outcome = (queued.ok ? queued.value : null) as CheckInOutcome | null
      // It may be on the server: the form says so, and that the app checks before sending it again.
      expect(outcome).toMatchObject({ state: 'checking', maybeSaved: true })
      if (outcome?.outcome === 'queued') expect(outcome.reason).toMatch(/may have saved it/)
      // It was saved, but the app could not know: the draft stays until it does.
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore + 1)
      expect(await s.dispatch('drafts.get', { key: draftKey })).toMatchObject({
        value: { value: { typed: 'keep me' } },
      })
      // Pressing Submit again while it waits answers the same queued item; nothing more is sent.
      expect(await s.dispatch('checkIns.create', input)).toMatchObject({
        ok: true,
        value: { outcome: 'queued' },
      })
      expect(s.sync.outbox.list()).toHaveLength(1)

      failOnCreate = false
      emulator.resume()
      // Back online, the outbox looks on the goal first, finds it, and creates nothing.
      expect(await s.dispatch('sync.now', {})).toMatchObject({ ok: true, value: { items: [] } })
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore + 1)
      expect(createCount(emulator)).toBe(1)
      await vi.waitFor(async () =>
        expect(await s.dispatch('drafts.get', { key: draftKey })).toMatchObject({ value: { value: null } }),
      )
    })

    it('two submissions for one goal at the same moment: one is queued, the other told one is on its way', async () => {
      const goal = await getGoal(services, SHIP)
      const checkInsBefore = emulator.state.checkIns.length
      emulator.pause()
      await services.dispatch('goals.get', { id: SHIP })
      const same = plainInput(goal)
      const answers = await Promise.all([
        services.dispatch('checkIns.create', plainInput(goal)),
        services.dispatch('checkIns.create', plainInput(goal)),
        services.dispatch('checkIns.create', same),
        services.dispatch('checkIns.create', same),
      ])
      const entries = answers.flatMap((a) => (a.ok ? [(a.value as { entryId?: string }).entryId] : []))
      expect(entries.length).toBeGreaterThan(0)
      expect(new Set(entries).size).toBe(1)
      for (const refused of answers.filter((a) => !a.ok)) {
        if (!refused.ok) expect(refused.error.message).toMatch(/already on its way/)
      }
      expect((await services.sync.view()).items).toHaveLength(1)
      emulator.resume()
      await services.dispatch('sync.now', {})
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore + 1)
      expect(createCount(emulator)).toBe(1)
    })

    it("a second check-in in a goal's lane is refused while the first waits, in the words the form shows (the time in the person's own zone)", async () => {
      // A person fourteen hours ahead of UTC: the hour they read can never be UTC's.
      const zoneBefore = process.env.TZ
      process.env.TZ = 'Pacific/Kiritimati'
      onTestFinished(() => {
        if (zoneBefore === undefined) delete process.env.TZ
        else process.env.TZ = zoneBefore
      })
      const goal = await getGoal(services, SHIP)
      const checkInsBefore = emulator.state.checkIns.length
      emulator.pause()
      await services.dispatch('goals.get', { id: SHIP })
      const first = await services.dispatch('checkIns.create', plainInput(goal))
      expect(first).toMatchObject({ ok: true, value: { outcome: 'queued' } })
      const [waiting] = services.sync.outbox.list()
      const queuedAt = new Date(waiting!.createdAt).toLocaleTimeString(undefined, {
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'Pacific/Kiritimati',
      })

      // Another submission for the same goal (a second window, a form opened again): its own words.
      const second = await services.dispatch(
        'checkIns.create',
        plainInput(goal, { message: messageDoc('A second check-in, written while the first waits.') }),
      )
      expect(second).toMatchObject({
        ok: false,
        error: {
          kind: 'invalid_input',
          message: `A check-in for this goal is already on its way (queued at ${queuedAt}). It is sent once; follow it in the Sync view, and write the next one when it is in. What you wrote is kept as a draft.`,
        },
      })
      // Nothing of it was queued or merged into the first: one item, with the first's words.
      expect(services.sync.outbox.list()).toMatchObject([
        {
          id: waiting!.id,
          payload: { message: (waiting as { payload: { message: string } }).payload.message },
        },
      ])

      emulator.resume()
      await services.dispatch('sync.now', {})
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore + 1)
      expect(createCount(emulator)).toBe(1)
      // Once the first is in, the next check-in for the goal goes.
      const next = await services.dispatch('checkIns.create', plainInput(goal))
      expect(next).toMatchObject({ ok: true, value: { outcome: 'created' } })
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore + 2)
    })

    it('known offline: queued at once without a request, created once when the server is back', async () => {
      const goal = await getGoal(services, SHIP)
      const checkInsBefore = emulator.state.checkIns.length
      emulator.pause()
      // A read finds the server gone: from now on the app knows it is offline.
      expect(await services.dispatch('goals.get', { id: SHIP })).toMatchObject({
        ok: true,
        value: { fromCache: true, lastError: { kind: 'offline' } },
      })
      const before = emulator.state.requests.length
      const queued = await services.dispatch('checkIns.create', plainInput(goal))
      expect(queued).toMatchObject({ ok: true, value: { outcome: 'queued' } })
      expect(emulator.state.requests).toHaveLength(before)
      expect((await session.services.sync.view()).items).toMatchObject([
        { kind: 'check-in', state: 'pending', title: goal.name, attempts: 0 },
      ])

      emulator.resume()
      await services.dispatch('sync.now', {})
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore + 1)
      expect(createCount(emulator)).toBe(1)
      expect((await services.sync.view()).items).toEqual([])
    })

    it('a queued check-in discarded from Sync takes its draft with it, and nothing reaches the server', async () => {
      const goal = await getGoal(services, SHIP)
      await services.dispatch('drafts.save', { key: draftKey, value: { typed: 'the queued words' } })
      const checkInsBefore = emulator.state.checkIns.length
      emulator.pause()
      await services.dispatch('goals.get', { id: SHIP })
      expect(await services.dispatch('checkIns.create', plainInput(goal))).toMatchObject({
        ok: true,
        value: { outcome: 'queued' },
      })
      const [item] = (await services.sync.view()).items
      expect(await services.dispatch('sync.discard', { id: item!.id })).toMatchObject({
        ok: true,
        value: { items: [] },
      })
      // Answered only once the draft is gone: the form opened next reads the goal as it is.
      expect(await services.dispatch('drafts.get', { key: draftKey })).toMatchObject({
        value: { value: null },
      })

      emulator.resume()
      await services.dispatch('sync.now', {})
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore)
    })

    it('answer held back past the timeout after the server saved it: found in the list, not sent again', async () => {
      const s = await signedIn({ requestTimeoutMs: 500 })
      const goal = await getGoal(s, SHIP)
      const checkInsBefore = emulator.state.checkIns.length
      emulator.setFaults({ hangAfterCommitMs: 30_000 })
      const result = await submit(s, plainInput(goal, { status: 'off_track' }))
      expect(result).toMatchObject({ recovered: true, status: 'off_track', goalId: SHIP })
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore + 1)
      expect(createCount(emulator)).toBe(1)
    })

    it('lost before the server got it: not there after the wait, asked, sent again once on Retry, and an older identical check-in is not taken for it', async () => {
      const goal = await getGoal(services, SHIP)
      const message = messageDoc('No change this month.')
      // Last month Ada wrote the very same words.
      const older = await post(emulator, 'goals/create_check_in', {
        goal_id: SHIP,
        status: 'on_track',
        content: message,
      })
      expect(older.status).toBe(200)
      const hourAgo = new Date(Date.now() - 3_600_000).toISOString()
      Object.assign(emulator.state.checkIns.at(-1)!, {
        insertedAt: hourAgo,
        publishedAt: hourAgo,
        updatedAt: hourAgo,
      })

      let cutFirst = true
      const s = await signedIn({
        fetch: observingFetch(
          (endpoint) => {
            if (endpoint === 'goals/create_check_in' && cutFirst) emulator.pause()
          },
          (endpoint) => {
            if (endpoint === 'goals/create_check_in' && cutFirst) {
              cutFirst = false
              emulator.resume()
            }
          },
        ),
        syncTiming: { unconfirmedSettleMs: 300, backoff: { baseMs: 50, capMs: 200 } },
      })
      const checkInsBefore = emulator.state.checkIns.length
      const from = emulator.state.requests.length
      const input = plainInput(goal, { message })
      // The connection was lost after sending: maybe saved. Not found after the wait, it may still land,
      // so the person is asked; their Retry looks once more and sends it.
      const first = await s.dispatch('checkIns.create', input)
      expect(first).toMatchObject({ ok: true, value: { outcome: 'queued', state: 'checking' } })
      await vi.waitFor(
        async () =>
          expect(
            await s.dispatch('checkIns.submission', {
              subject: { kind: 'goal', id: goal.id },
              submissionId: input.submissionId,
            }),
          ).toMatchObject({
            ok: true,
            value: {
              status: 'waiting',
              queued: { state: 'needs_you', reason: expect.stringMatching(/Send again\?/) },
            },
          }),
        { timeout: 5_000 },
      )
      expect(requestsSince(emulator, from).filter((r) => r === CREATE)).toHaveLength(1)
      // Editing it now could put an edited copy beside a late first request: refused, with what to do.
      expect(await s.dispatch('checkIns.withdraw', { submissionId: input.submissionId })).toMatchObject({
        ok: false,
        error: { message: expect.stringMatching(/may still reach Operately/) },
      })
      await s.dispatch('sync.retry', { id: s.sync.outbox.list()[0]!.id })
      await vi.waitFor(() => expect(s.sync.outbox.list()).toEqual([]), { timeout: 5_000 })
      const sent = await s.dispatch('checkIns.submission', {
        subject: { kind: 'goal', id: goal.id },
        submissionId: input.submissionId,
      })
      expect(sent).toMatchObject({ ok: true, value: { status: 'sent', result: { recovered: false } } })
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore + 1)
      expect(requestsSince(emulator, from).filter((r) => r === CREATE)).toHaveLength(2)
      const value = (sent.ok ? sent.value : null) as CheckInSubmission | null
      if (value?.status === 'sent') expect(value.result.id).not.toBe(JSON.parse(older.text).update.id)
    })

    it('two submits at once with the same id: one request, one check-in, the same answer', async () => {
      const goal = await getGoal(services, SHIP)
      const input = plainInput(goal)
      const checkInsBefore = emulator.state.checkIns.length
      const [a, b] = await Promise.all([
        services.dispatch('checkIns.create', input),
        services.dispatch('checkIns.create', input),
      ])
      expect(a).toMatchObject({ ok: true })
      expect(b).toEqual(a)
      expect(createCount(emulator)).toBe(1)
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore + 1)
    })

    it('a second submit while the first is on the wire, and a third after: still one request', async () => {
      let second: ReturnType<MainServices['dispatch']> | null = null
      let input: CreateCheckInInput | null = null
      let dispatchRef: MainServices['dispatch'] | null = null
      const s = await signedIn({
        fetch: observingFetch((endpoint) => {
          if (endpoint === 'goals/create_check_in' && !second) second = dispatchRef!('checkIns.create', input)
        }),
      })
      dispatchRef = s.dispatch
      input = plainInput(await getGoal(s, SHIP))
      const checkInsBefore = emulator.state.checkIns.length
      const first = await s.dispatch('checkIns.create', input)
      expect(second).not.toBeNull()
      expect(await second!).toEqual(first)
      expect(await s.dispatch('checkIns.create', input)).toEqual(first)
      expect(createCount(emulator)).toBe(1)
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore + 1)
    })

    it('refuses to reuse a submission for another goal', async () => {
      const goal = await getGoal(services, SHIP)
      const input = plainInput(goal)
      await submit(services, input)
      const other = await services.dispatch('checkIns.create', {
        ...input,
        goalId: 'hire-a-data-team-Cxxb8rxlN0tVEqPZqlDw06',
      })
      expect(other).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
      expect(createCount(emulator)).toBe(1)
    })
  })

  describe('sent earlier', () => {
    it('a goal opens on the check-in this computer sent in the last day, after a restart and with Operately unreachable; never on another account’s or an older one', async () => {
      const goal = await getGoal(services, SHIP)
      const input = plainInput(goal, { message: messageDoc('Sent from here before.') })
      await submit(services, input)
      const ask = (s: MainServices, recent: boolean) =>
        s.dispatch('checkIns.submission', {
          subject: { kind: 'goal', id: goal.id },
          ...(recent ? { recent } : {}),
        })
      // Only when asked (the form asks when it has no draft: a draft is the person's next check-in).
      expect(await ask(services, false)).toMatchObject({ ok: true, value: { status: 'none' } })

      const claimsDir = join(session.dataDir, 'outbox', 'claims')
      const [claimFile] = readdirSync(claimsDir)
      const claimPath = join(claimsDir, claimFile!)
      const claim = JSON.parse(readFileSync(claimPath, 'utf8')) as {
        at: string
        account: { personId: string }
      }
      let running = services
      // The app quits, its record is changed as a case needs, and the app starts again on the same folder.
      const restarted = async (change: (c: typeof claim) => void) => {
        await running.close()
        const edited = structuredClone(claim)
        change(edited)
        writeFileSync(claimPath, JSON.stringify(edited))
        running = await createMainServices({
          dataDir: session.dataDir,
          keytar,
          vaultService: session.vaultService,
        })
        return running
      }
      onTestFinished(() => running.close())

      // The next run, with Operately unreachable: the words sent and when, from this computer's record.
      emulator.pause()
      const later = await ask(await restarted(() => undefined), true)
      expect(later).toMatchObject({
        ok: true,
        value: { status: 'sent', sentAt: claim.at, result: { id: expect.any(String), recovered: false } },
      })
      const value = (later.ok ? later.value : null) as CheckInSubmission | null
      expect(value?.status === 'sent' && value.result.message).toBe(input.message)
      emulator.resume()

      // Another person signed in on this computer does not see it as theirs.
      expect(await ask(await restarted((c) => (c.account.personId = 'someone-else')), true)).toMatchObject({
        ok: true,
        value: { status: 'none' },
      })
      // A day later, the goal opens on a blank form again.
      const dayAgo = new Date(Date.now() - 25 * 3_600_000).toISOString()
      expect(await ask(await restarted((c) => (c.at = dayAgo)), true)).toMatchObject({
        ok: true,
        value: { status: 'none' },
      })
      expect(createCount(emulator)).toBe(1)
    })
  })

  describe('refusals', () => {
    it('a check-in without a message is refused before anything is queued or sent, as Operately’s own form does', async () => {
      const goal = await getGoal(services, SHIP)
      const from = emulator.state.requests.length
      for (const message of [
        messageDoc(''),
        JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] }),
        JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'hardBreak' }] }] }),
      ]) {
        const result = await services.dispatch('checkIns.create', plainInput(goal, { message }))
        expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
        if (!result.ok) expect(result.error.message).toContain('Write a message')
      }
      expect(requestsSince(emulator, from)).toEqual([])
      expect(await services.dispatch('sync.get', {})).toMatchObject({ ok: true, value: { items: [] } })
    })

    it('a read-only token is refused before any request, with what to do', async () => {
      const readOnly = await signedIn({ token: emulator.tokens.readOnly })
      const goal = await getGoal(readOnly, SHIP)
      const from = emulator.state.requests.length
      const result = await readOnly.dispatch('checkIns.create', plainInput(goal))
      expect(result).toMatchObject({ ok: false, error: { kind: 'read_only_token' } })
      if (!result.ok) expect(result.error.message).toMatch(/API tokens/)
      expect(requestsSince(emulator, from)).toEqual([])
    })

    it('a goal she can only view: 403, a clear message, nothing created, the draft kept', async () => {
      const goal = await getGoal(services, HANDBOOK)
      const key = `check-in:${HANDBOOK}`
      await services.dispatch('drafts.save', { key, value: { typed: 'still here' } })
      const checkInsBefore = emulator.state.checkIns.length
      const result = await services.dispatch('checkIns.create', plainInput(goal))
      expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden', status: 403 } })
      if (!result.ok) expect(result.error.message).toMatch(/not allowed to change it/)
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore)
      expect(await services.dispatch('drafts.get', { key })).toMatchObject({
        value: { value: { typed: 'still here' } },
      })
    })

    it('a goal she cannot see: not found, nothing sent', async () => {
      const from = emulator.state.requests.length
      const result = await services.dispatch('checkIns.create', {
        ...plainInput({ id: ACQUISITION, checklist: [] } as unknown as GoalDetail),
      })
      expect(result).toMatchObject({ ok: false, error: { kind: 'not_found', status: 404 } })
      expect(requestsSince(emulator, from)).not.toContain(CREATE)
    })

    it('a 500 from the server: a clear error, nothing created, no automatic retry; the same submission can be sent again', async () => {
      const s = await signedIn({
        fetch: observingFetch((endpoint) => {
          if (endpoint === 'goals/create_check_in' && createCount(emulator) === 0)
            emulator.setFaults({ serverErrors: 1 })
        }),
      })
      const goal = await getGoal(s, SHIP)
      const input = plainInput(goal)
      const checkInsBefore = emulator.state.checkIns.length
      const failed = await s.dispatch('checkIns.create', input)
      expect(failed).toMatchObject({ ok: false, error: { kind: 'server_error', status: 500 } })
      if (!failed.ok) expect(failed.error.message).toMatch(/Operately ran into a problem/)
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore)
      expect(createCount(emulator)).toBe(1)

      const retried = await submit(s, input)
      expect(retried.recovered).toBe(false)
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore + 1)
      expect(createCount(emulator)).toBe(2)
    })

    it('a mention of someone who is not in the company: the server’s 500, nothing created', async () => {
      const goal = await getGoal(services, SHIP)
      const message = JSON.stringify({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'mention', attrs: { id: 'ghost-5o4L1LyB4jGyxle89UxXqY', label: 'Ghost' } }],
          },
        ],
      })
      const checkInsBefore = emulator.state.checkIns.length
      const result = await services.dispatch('checkIns.create', plainInput(goal, { message }))
      expect(result).toMatchObject({ ok: false, error: { kind: 'server_error', status: 500 } })
      if (!result.ok) expect(result.error.message).toMatch(/mention/)
      expect(emulator.state.checkIns).toHaveLength(checkInsBefore)
    })

    it('a 400 from a server that refuses a field: its reason shown, nothing created, not retried', async () => {
      const proxy = await startRefusingProxy(emulator.url, 'Unknown input field: checklist')
      try {
        const s = await signedInServices({ ...emulator, url: proxy.url })
        extra.push(s)
        const goal = await getGoal(s.services, SHIP)
        const checkInsBefore = emulator.state.checkIns.length
        // The sign-in's questions of what the server takes met the refusal too.
        const refusedAtSignIn = proxy.refused
        const result = await s.services.dispatch('checkIns.create', plainInput(goal))
        expect(result).toMatchObject({ ok: false, error: { kind: 'bad_request', status: 400 } })
        if (!result.ok) expect(result.error.message).toContain('Unknown input field: checklist')
        expect(proxy.refused - refusedAtSignIn).toBe(1)
        expect(emulator.state.checkIns).toHaveLength(checkInsBefore)
      } finally {
        await proxy.close()
      }
    })

    it('signed out: says so', async () => {
      const goal = await getGoal(services, SHIP)
      await services.dispatch('session.signOut', {})
      expect(await services.dispatch('checkIns.create', plainInput(goal))).toMatchObject({
        ok: false,
        error: { kind: 'not_signed_in' },
      })
    })
  })
})

/**
 * A server in front of the emulator that answers `goals/create_check_in` with a literal 400 (as a server
 * version that does not take a field would) and passes every other request through.
 */
async function startRefusingProxy(
  target: string,
  reason: string,
): Promise<{ url: string; refused: number; close(): Promise<void> }> {
  const state = { refused: 0 }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void (async () => {
        if (req.url?.includes('/goals/create_check_in')) {
          state.refused++
          res.writeHead(400, { 'x-operately-version': versionHeader('1.8.0') })
          res.end(JSON.stringify({ error: 'Bad request', message: reason }))
          return
        }
        const headers: Record<string, string> = {}
        for (const name of ['authorization', 'accept', 'content-type']) {
          const value = req.headers[name]
          if (typeof value === 'string') headers[name] = value
        }
        const upstream = await fetch(`${target}${req.url ?? '/'}`, {
          method: req.method ?? 'GET',
          headers,
          body: req.method === 'POST' ? Buffer.concat(chunks).toString('utf8') : undefined,
        })
        const out: Record<string, string> = {}
        for (const name of ['x-operately-version', 'content-type']) {
          const value = upstream.headers.get(name)
          if (value) out[name] = value
        }
        res.writeHead(upstream.status, out)
        res.end(await upstream.text())
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    get refused() {
      return state.refused
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
