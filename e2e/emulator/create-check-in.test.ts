import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseIdInput, shortIdFromUuid } from './ids'
import { startEmulator } from './index'
import { deterministicToken } from './tokens'
import { SEED_IDS } from './seed-ids'
import { get, message, okJson, post, wireId } from './test-support'
import type { Emulator } from './types'

const NOW = new Date('2026-03-10T12:00:00Z')
let emu: Emulator
beforeAll(async () => {
  emu = await startEmulator({ now: () => NOW })
})
afterAll(() => emu.close())
beforeEach(() => emu.reset())

const goalId = () => wireId(emu, SEED_IDS.goals.shipEngine)
const shipEngine = () => emu.state.goals.find((g) => g.id === SEED_IDS.goals.shipEngine)!
const HANDLER_500 = '{"error":"Internal server error","message":"An unexpected error occurred"}'

/** The goal's checklist as the web UI sends it: exactly id, name, completed, index. */
function fullChecklist(completedNames: string[]) {
  return shipEngine().checks.map((c) => ({
    id: shortIdFromUuid(c.id),
    name: c.name,
    completed: completedNames.includes(c.name),
    index: c.index,
  }))
}

describe('a valid check-in', () => {
  it('applies target values, checklist and due date, and list_check_ins shows it first', async () => {
    const [teams, load] = shipEngine().targets
    const body = {
      goal_id: goalId(),
      status: 'caution',
      content: message('Security review moved to April.'),
      due_date: { date_type: 'month', date: '2026-06-30', value: 'Jun 2026' },
      checklist: fullChecklist(['Beta with 5 design partners', 'Pricing page live']),
      new_target_values: JSON.stringify([
        { id: shortIdFromUuid(teams!.id), value: 80 },
        { id: shortIdFromUuid(load!.id), value: 2.1 },
      ]),
      send_notifications_to_everyone: true,
      subscriber_ids: [wireId(emu, SEED_IDS.people.grace)],
    }
    const { update } = await okJson(post(emu, 'goals/create_check_in', body))

    expect(update.id).toMatch(/^2026-03-10-[A-Za-z0-9]+$/)
    expect(update).toMatchObject({
      status: 'caution',
      state: 'published',
      acknowledged: false,
      published_at: '2026-03-10T12:00:00Z',
    })
    for (const key of ['author', 'goal', 'reactions', 'subscription_list', 'permissions'])
      expect(update[key]).toBeNull()
    expect(
      update.goal_target_updates.map((t: { value: number; previous_value: number }) => [
        t.previous_value,
        t.value,
      ]),
    ).toEqual([
      [72, 80],
      [2.4, 2.1],
    ])
    // Ids inside a check-in are canonical UUIDs.
    expect(update.goal_target_updates[0].id).toBe(teams!.id)
    expect(update.checklist.filter((c: { completed: boolean }) => c.completed)).toHaveLength(2)
    expect(update.timeframe.contextual_end_date).toMatchObject({ date: '2026-06-30', value: 'Jun 2026' })

    const { goal } = await okJson(get(emu, 'goals/get', { id: goalId() }))
    expect(goal.targets.map((t: { value: number }) => t.value)).toEqual([80, 2.1])
    expect(goal.checklist.find((c: { name: string }) => c.name === 'Pricing page live').completed).toBe(true)
    expect(goal.timeframe.contextual_end_date.date).toBe('2026-06-30')
    // Due date set: the start moves to the goal's creation date.
    expect(goal.timeframe.contextual_start_date.date).toBe(shipEngine().insertedAt.slice(0, 10))
    expect(goal.last_check_in_id).toBe(update.id.slice('2026-03-10-'.length))
    expect(goal.next_update_scheduled_at).toBe('2026-04-01T00:00:00Z')

    const { check_ins } = await okJson(get(emu, 'goals/list_check_ins', { goal_id: goalId() }))
    expect(check_ins.map((c: { id: string }) => c.id)[0]).toBe(update.id)
    expect(check_ins).toHaveLength(4)
    expect(emu.state.requests.filter((r) => r.endpoint === 'goals/create_check_in')).toHaveLength(1)
  })

  it('leaves the timeframe alone when due_date is omitted (1.7.0+) and clears it when null', async () => {
    const before = shipEngine().timeframe
    await okJson(
      post(emu, 'goals/create_check_in', { goal_id: goalId(), status: 'on_track', content: message('a') }),
    )
    expect(shipEngine().timeframe).toEqual(before)
    await okJson(
      post(emu, 'goals/create_check_in', {
        goal_id: goalId(),
        status: 'on_track',
        content: message('b'),
        due_date: null,
      }),
    )
    expect(shipEngine().timeframe).toBeNull()
  })

  it('changes nothing on the goal when new_target_values is "[]" and checklist omitted', async () => {
    const before = JSON.stringify({ t: shipEngine().targets, c: shipEngine().checks })
    await okJson(
      post(emu, 'goals/create_check_in', {
        goal_id: goalId(),
        status: 'on_track',
        content: message('x'),
        new_target_values: '[]',
      }),
    )
    expect(JSON.stringify({ t: shipEngine().targets, c: shipEngine().checks })).toBe(before)
  })

  it('ignores checklist ids that are not this goal’s checks', async () => {
    const list = [
      ...fullChecklist([]),
      { id: shortIdFromUuid(SEED_IDS.goals.dataTeam), name: 'x', completed: true, index: 9 },
    ]
    await okJson(
      post(emu, 'goals/create_check_in', {
        goal_id: goalId(),
        status: 'on_track',
        content: message('x'),
        checklist: list,
      }),
    )
    expect(shipEngine().checks.every((c) => !c.completed)).toBe(true)
  })

  it('notifies the champion/reviewer and subscribers, and subscribes mentioned people', async () => {
    const grace = emu.state.people.find((p) => p.id === SEED_IDS.people.grace)!
    const content = JSON.stringify({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'mention', attrs: { id: wireId(emu, grace.id), label: grace.fullName } }],
        },
      ],
    })
    await okJson(post(emu, 'goals/create_check_in', { goal_id: goalId(), status: 'on_track', content }))
    const created = emu.state.checkIns.at(-1)!
    expect(created.subscriberIds).toEqual([SEED_IDS.people.ada, SEED_IDS.people.grace])
    expect(emu.state.unreadNotifications[SEED_IDS.people.barbara]).toBe(1)
    expect(emu.state.unreadNotifications[SEED_IDS.people.grace]).toBe(2)
    expect(emu.state.unreadNotifications[SEED_IDS.people.ada]).toBe(3)
  })
})

describe('field rules', () => {
  const base = () => ({ goal_id: goalId(), status: 'on_track', content: message('x') })
  const expectUnchanged = (before: string) => {
    expect(emu.state.checkIns).toHaveLength(8)
    expect(JSON.stringify(shipEngine())).toBe(before)
  }

  it('answers 500 when the due date label disagrees with the date, or the date is not a date', async () => {
    const before = JSON.stringify(shipEngine())
    const mismatch = await post(emu, 'goals/create_check_in', {
      ...base(),
      due_date: { date_type: 'quarter', date: '2026-06-30', value: 'Q3 2026' },
    })
    expect([mismatch.status, mismatch.text]).toEqual([500, HANDLER_500])
    const badDate = await post(emu, 'goals/create_check_in', {
      ...base(),
      due_date: { date_type: 'day', date: '2026-02-30', value: 'Feb 30, 2026' },
    })
    expect([badDate.status, badDate.text]).toEqual([500, '{"error":"Internal server error"}'])
    expectUnchanged(before)
  })

  it('answers 500 to a mention of someone who is no person of the company, and accepts a suspended one', async () => {
    const before = JSON.stringify(shipEngine())
    const mentioning = (id: string, label: string) =>
      JSON.stringify({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'mention', attrs: { id, label } }] }],
      })
    // Mary Somerville's account was deleted; the seeded check-in that mentions her stays.
    const former = await post(emu, 'goals/create_check_in', {
      ...base(),
      content: mentioning(`mary-somerville-${shortIdFromUuid(SEED_IDS.formerPerson)}`, 'Mary Somerville'),
    })
    expect([former.status, former.text]).toEqual([500, HANDLER_500])
    expectUnchanged(before)
    // A suspended person is still a person of the company: Operately takes the mention.
    const suspended = await post(emu, 'goals/create_check_in', {
      ...base(),
      content: mentioning(wireId(emu, SEED_IDS.people.charles), 'Charles Babbage'),
    })
    expect(suspended.status).toBe(200)
  })

  it('seeds shipEngine with three earlier check-ins whose values change, the oldest mentioning Mary', async () => {
    const { check_ins } = await okJson(get(emu, 'goals/list_check_ins', { goal_id: goalId() }))
    expect(check_ins).toHaveLength(3)
    const values = check_ins.map((c: { goal_target_updates: { value: number }[] }) =>
      c.goal_target_updates.map((t) => t.value),
    )
    expect(values).toEqual([
      [72, 2.4],
      [48, 3.0],
      [44, 3.1],
    ])
    expect(check_ins[2].message).toContain(shortIdFromUuid(SEED_IDS.formerPerson))
  })

  it('accepts each kind of contextual date with its label', async () => {
    const dates = [
      { date_type: 'day', date: '2026-03-05', value: 'Mar 5, 2026' },
      { date_type: 'month', date: '2026-03-31', value: 'Mar 2026' },
      { date_type: 'quarter', date: '2026-03-31', value: 'Q1 2026' },
      { date_type: 'year', date: '2026-12-31', value: '2026' },
    ]
    for (const due_date of dates) {
      const r = await post(emu, 'goals/create_check_in', { ...base(), due_date })
      expect(r.status).toBe(200)
    }
  })

  it('rejects a bad date_type with the enum message', async () => {
    const r = await post(emu, 'goals/create_check_in', {
      ...base(),
      due_date: { date_type: 'week', date: '2026-03-05', value: 'x' },
    })
    expect(r.status).toBe(400)
    expect(r.text).toContain(
      'Invalid value for enum contextual_date_type: week. Allowed values: day, month, quarter, year',
    )
  })

  it('answers a checklist item missing a key 500 and one with an extra key 400', async () => {
    const before = JSON.stringify(shipEngine())
    const [first] = fullChecklist([])
    const missing = await post(emu, 'goals/create_check_in', {
      ...base(),
      checklist: [{ id: first!.id, name: first!.name, completed: true }],
    })
    expect([missing.status, missing.text]).toEqual([500, HANDLER_500])
    const extra = await post(emu, 'goals/create_check_in', {
      ...base(),
      checklist: [{ ...first, completed_at: null }],
    })
    expect([extra.status, extra.text]).toEqual([
      400,
      '{"error":"Bad request","message":"Unknown input field: completed_at"}',
    ])
    expectUnchanged(before)
  })

  it('answers bad new_target_values: invalid JSON 500, foreign target 500, null value 500, null field 400', async () => {
    const before = JSON.stringify(shipEngine())
    const invalid = await post(emu, 'goals/create_check_in', { ...base(), new_target_values: '[{' })
    expect(invalid.status).toBe(500)
    const foreign = emu.state.goals.find((g) => g.id === SEED_IDS.goals.dataTeam)!.targets[0]!
    const wrongId = await post(emu, 'goals/create_check_in', {
      ...base(),
      new_target_values: JSON.stringify([{ id: shortIdFromUuid(foreign.id), value: 3 }]),
    })
    expect([wrongId.status, wrongId.text]).toEqual([500, HANDLER_500])
    const nullValue = await post(emu, 'goals/create_check_in', {
      ...base(),
      new_target_values: JSON.stringify([{ id: shortIdFromUuid(shipEngine().targets[0]!.id), value: null }]),
    })
    expect(nullValue.status).toBe(500)
    const nullField = await post(emu, 'goals/create_check_in', { ...base(), new_target_values: null })
    expect([nullField.status, nullField.text]).toEqual([
      400,
      `{"error":"Bad request","message":"Field 'new_target_values' cannot be null"}`,
    ])
    expectUnchanged(before)
  })

  it('answers a check-in on a goal Ada cannot see 404', async () => {
    const r = await post(emu, 'goals/create_check_in', {
      ...base(),
      goal_id: wireId(emu, SEED_IDS.goals.acquisition),
    })
    expect(r.status).toBe(404)
  })

  it('refuses a scheduled time in the past and keeps drafts off the goal', async () => {
    const past = await post(emu, 'goals/create_check_in', { ...base(), scheduled_at: '2026-03-01T00:00:00Z' })
    expect(past.text).toBe('{"error":"Bad request","message":"Scheduled time must be in the future"}')
    const before = JSON.stringify(shipEngine())
    const { update } = await okJson(post(emu, 'goals/create_check_in', { ...base(), post_as_draft: true }))
    expect(update.state).toBe('draft')
    expect(JSON.stringify(shipEngine())).toBe(before)
  })
})

describe('older servers', () => {
  it('require the due_date key on 1.6.0 and do not know post_as_draft', async () => {
    const old = await startEmulator({ version: '1.6.0', now: () => NOW })
    try {
      const id = wireId(old, SEED_IDS.goals.shipEngine)
      const missing = await post(old, 'goals/create_check_in', {
        goal_id: id,
        status: 'on_track',
        content: message('x'),
      })
      expect(missing.text).toBe('{"error":"Bad request","message":"Missing required fields: due_date"}')
      const draft = await post(old, 'goals/create_check_in', {
        goal_id: id,
        status: 'on_track',
        content: message('x'),
        due_date: null,
        post_as_draft: true,
      })
      expect(draft.text).toBe('{"error":"Bad request","message":"Unknown input field: post_as_draft"}')
      const ok = await okJson(
        post(old, 'goals/create_check_in', {
          goal_id: id,
          status: 'on_track',
          content: message('x'),
          due_date: null,
        }),
      )
      expect(ok.update).not.toHaveProperty('__typename')
      expect(old.state.checkIns.at(-1)!.sendToEveryone).toBe(true)
    } finally {
      await old.close()
    }
  })

  it('default send_notifications_to_everyone to false on 1.5.0', async () => {
    const old = await startEmulator({ version: '1.5.0', now: () => NOW })
    try {
      const id = wireId(old, SEED_IDS.goals.shipEngine)
      await okJson(
        post(old, 'goals/create_check_in', {
          goal_id: id,
          status: 'on_track',
          content: message('x'),
          due_date: null,
        }),
      )
      expect(old.state.checkIns.at(-1)!.sendToEveryone).toBe(false)
    } finally {
      await old.close()
    }
  })
})

describe('a scheduled check-in', () => {
  it('stays off the goal, shown only to its author, until its time; then only its state changes (scheduled_post_publishing.ex, 1.8.0)', async () => {
    let now = NOW
    const emu2 = await startEmulator({ now: () => now })
    try {
      const goal = emu2.state.goals.find((g) => g.id === SEED_IDS.goals.shipEngine)!
      const [teams] = goal.targets
      const lastBefore = goal.lastCheckInId
      const { update } = await okJson(
        post(emu2, 'goals/create_check_in', {
          goal_id: wireId(emu2, SEED_IDS.goals.shipEngine),
          status: 'caution',
          content: message('Monday morning news.'),
          new_target_values: JSON.stringify([{ id: shortIdFromUuid(teams!.id), value: 91 }]),
          scheduled_at: '2026-03-16T08:00:00Z',
        }),
      )
      expect(update).toMatchObject({
        state: 'scheduled',
        scheduled_at: '2026-03-16T08:00:00Z',
        published_at: null,
      })
      const listed = async () =>
        (
          await okJson(
            get(emu2, 'goals/list_check_ins', { goal_id: wireId(emu2, SEED_IDS.goals.shipEngine) }),
          )
        ).check_ins as Array<{ id: string; state: string; published_at: string | null }>

      now = new Date('2026-03-16T07:59:59Z')
      expect((await listed())[0]).toMatchObject({ id: update.id, state: 'scheduled' })
      expect(goal.targets[0]!.value).toBe(teams!.value)
      expect(goal.lastCheckInId).toBe(lastBefore)
      // Another person does not see someone else's unpublished check-in.
      const ada = emu2.state.apiTokens.find((t) => t.token === emu2.tokens.write)!
      // The goal's reviewer, who sees its published check-ins.
      const grace = emu2.state.people.find((p) => p.id === goal.reviewerId)!
      const graceToken = deterministicToken('grace-test')
      emu2.state.apiTokens.push({ token: graceToken, personId: grace.id, readOnly: false, revoked: false })
      const asGrace = await okJson(
        get(
          emu2,
          'goals/list_check_ins',
          { goal_id: wireId(emu2, SEED_IDS.goals.shipEngine) },
          { token: graceToken },
        ),
      )
      expect((asGrace.check_ins as Array<{ id: string }>).map((c) => c.id)).not.toContain(update.id)
      expect(ada.personId).not.toBe(grace.id)

      now = new Date('2026-03-16T08:00:01Z')
      expect((await listed())[0]).toMatchObject({
        id: update.id,
        state: 'published',
        published_at: '2026-03-16T08:00:00Z',
      })
      // The job publishes it but applies none of its values: the target keeps its value.
      expect(goal.targets[0]!.value).toBe(teams!.value)
      const record = emu2.state.checkIns.find((c) => c.id === parseIdInput(update.id))!
      expect(record.publishedAt).toBe('2026-03-16T08:00:00Z')
      expect(record.scheduledAt).toBeNull()
      expect(goal.lastCheckInId).toBe(record.id)
    } finally {
      await emu2.close()
    }
  })
})
