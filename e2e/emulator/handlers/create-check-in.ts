import type { Ctx } from '../context'
import { contextualDate, contextualLabel, isoTimestamp, parseIsoDate } from '../dates'
import type { Endpoint } from '../endpoint'
import { deterministicUuid, parseIdInput } from '../ids'
import { t, type InputSpec } from '../inputs'
import { findPerson, findVisibleGoal, requireEdit } from '../lookup'
import { ApiError, replies } from '../replies'
import { checkIn as serializeCheckIn } from '../serialize'
import type {
  CheckIn,
  CheckInRecord,
  CheckInStatus,
  ContextualDate,
  ContextualDateType,
  Goal,
  Person,
  Timeframe,
} from '../types'
import { atLeast } from '../version'
import { markPublished } from '../publish'
import { mentionedPeople, parseRichText } from './rich-input'

/**
 * `POST goals/create_check_in`, with every field rule of operately-api.md §6. Everything is checked
 * before anything changes, so a failed request leaves the goal as it was.
 */

export const CHECK_IN_STATUSES = ['on_track', 'caution', 'off_track'] as const
const DATE_TYPES = ['day', 'month', 'quarter', 'year'] as const

/**
 * Operately's inputs, in their declaration order (`app/lib/operately_web/api/goals/create_check_in.ex`
 * at each tag), which is the order "Missing required fields" names them in.
 */
export function createCheckInInputs(version: string): InputSpec {
  const from17 = atLeast(version, '1.7.0')
  const spec: InputSpec = {
    goal_id: { type: t.id, required: true },
    status: { type: t.enumOf('goal_check_in_status', CHECK_IN_STATUSES), required: true },
    // `field` (required, null allowed) before 1.7.0; `field?` from 1.7.0: omitted, the timeframe stays.
    due_date: {
      type: t.object({
        date_type: t.enumOf('contextual_date_type', DATE_TYPES),
        value: t.string,
        date: t.date,
      }),
      nullable: true,
      required: !from17,
    },
    checklist: {
      type: t.listOf(t.object({ id: t.id, name: t.string, completed: t.boolean, index: t.integer })),
    },
    content: { type: t.json, required: true },
    new_target_values: { type: t.string },
  }
  return { ...spec, ...publishingInputs(version) }
}

/**
 * The inputs every kind of check-in takes after its own, in this order (`goals/create_check_in.ex`,
 * `projects/create_check_in.ex` at each tag): `post_as_draft` from 1.7.0, `send_notifications_to_everyone`,
 * `subscriber_ids`, `scheduled_at` from 1.8.0.
 */
export function publishingInputs(version: string): InputSpec {
  const spec: InputSpec = {}
  if (atLeast(version, '1.7.0')) spec.post_as_draft = { type: t.boolean }
  // null: true on 1.5.0; null: false with a default from 1.6.0 (a null is refused, an absent key defaults).
  spec.send_notifications_to_everyone = { type: t.boolean, nullable: !atLeast(version, '1.6.0') }
  // A null list parses as []: allowed on every version.
  spec.subscriber_ids = { type: t.listOf(t.id) }
  if (atLeast(version, '1.8.0')) spec.scheduled_at = { type: t.datetime, nullable: true }
  return spec
}

const fail = (): never => {
  throw new ApiError(replies.handlerFailure())
}

/** `new_target_values` is a JSON string; the server decodes it before it even looks the goal up. */
function decodeTargetValues(raw: unknown): unknown[] | undefined {
  if (raw === undefined) return undefined
  // Jason.decode! in the handler's parse_inputs: Dispatch rescues what it raises into its 500.
  let parsed: unknown
  try {
    parsed = JSON.parse(raw as string)
  } catch {
    return fail()
  }
  if (!Array.isArray(parsed)) return fail()
  return parsed
}

function targetUpdates(goal: Goal, items: unknown[]): Map<string, number> {
  const out = new Map<string, number>()
  for (const item of items) {
    const { id, value } = (item ?? {}) as { id?: unknown; value?: unknown }
    if (typeof id !== 'string' || typeof value !== 'number' || !Number.isFinite(value)) fail()
    const uuid = parseIdInput(id as string)
    if (!goal.targets.some((x) => x.id === uuid)) fail()
    out.set(uuid!, value as number)
  }
  return out
}

/** A due date must be complete, its date real, and its label must agree with the date. */
function dueDate(raw: unknown): ContextualDate | null | undefined {
  if (raw === undefined || raw === null) return raw
  const { date_type, date, value } = raw as Record<string, unknown>
  if (typeof date_type !== 'string' || typeof date !== 'string' || typeof value !== 'string') fail()
  // The date itself was checked while parsing (an unparseable one is a 500 before the token).
  const parsed = parseIsoDate(date as string)
  if (!parsed) return fail()
  if (contextualLabel(date_type as ContextualDateType, parsed) !== value) fail()
  return { date_type: date_type as ContextualDateType, date: date as string, value: value as string }
}

interface ChecklistItem {
  id: string
  name: string
  completed: boolean
  index: number
}

/** Each item needs exactly id, name, completed, index (extra keys were refused while parsing). */
function checklist(raw: unknown): ChecklistItem[] | undefined {
  if (raw === undefined) return undefined
  return (raw as Record<string, unknown>[]).map((item) => {
    if (item === null || typeof item !== 'object') fail()
    const { id, name, completed, index } = item
    if (typeof id !== 'string' || typeof name !== 'string' || typeof completed !== 'boolean') fail()
    if (typeof index !== 'number') fail()
    return {
      id: id as string,
      name: name as string,
      completed: completed as boolean,
      index: index as number,
    }
  })
}

/**
 * A due date resets the goal's start to its creation day, labelled with `Calendar.strftime(inserted_at,
 * "%b %d, %Y")`: the day zero-padded, "Mar 05, 2026", unlike the picker's "Mar 5, 2026"
 * (`app/lib/operately/operations/goal_check_in.ex`, 1.5.0–1.8.0).
 */
function startOfGoal(goal: Goal): ContextualDate {
  const day = contextualDate('day', new Date(goal.insertedAt))
  return { ...day, value: day.value.replace(/ (\d),/, ' 0$1,') }
}

/** `Operately.Scheduling.validate_scheduled_at`: the operation's first step. */
export function scheduledAt(ctx: Ctx): Date | null {
  const raw = ctx.inputs.scheduled_at
  if (typeof raw !== 'string') return null
  // Its form was checked while parsing.
  const when = new Date(raw)
  if (when.getTime() <= ctx.now.getTime())
    throw new ApiError(replies.badRequest('Scheduled time must be in the future'))
  return when
}

/**
 * What every new check-in records, goal or project, from the publishing inputs: its state (a draft, held
 * for its time, or published), and who is told: the author, the people asked for and the people mentioned
 * (an id naming no one fails the operation). `send_notifications_to_everyone` defaults to false on 1.5.0
 * (`|| false`), true on this API from 1.6.0 (`external_default: true`).
 */
export function newCheckInRecord(
  ctx: Ctx,
  id: string,
  schedule: Date | null,
  mentioned: Person[],
): CheckInRecord {
  const { inputs, state } = ctx
  const asked = ((inputs.subscriber_ids as string[] | null | undefined) ?? []).map((personId) => {
    const who = findPerson(state, personId)
    if (!who) fail()
    return who!.id
  })
  const now = isoTimestamp(ctx.now)
  return {
    id,
    authorId: ctx.me.id,
    status: inputs.status as CheckInStatus,
    state: inputs.post_as_draft === true ? 'draft' : schedule ? 'scheduled' : 'published',
    insertedAt: now,
    updatedAt: now,
    publishedAt: null,
    // A draft keeps the time it was sent with.
    scheduledAt: schedule ? isoTimestamp(schedule) : null,
    acknowledgedAt: null,
    acknowledgedById: null,
    subscriberIds: [...new Set([ctx.me.id, ...asked, ...mentioned.map((p) => p.id)])],
    sendToEveryone:
      typeof inputs.send_notifications_to_everyone === 'boolean'
        ? inputs.send_notifications_to_everyone
        : atLeast(ctx.version, '1.6.0'),
    commentsCount: 0,
  }
}

function handle(ctx: Ctx): unknown {
  const { inputs, state } = ctx
  const targetValues = decodeTargetValues(inputs.new_target_values)
  const goal = findVisibleGoal(ctx, inputs.goal_id as string)
  requireEdit(ctx, goal)
  // Operately.Scheduling.validate_scheduled_at is the operation's first step, before the document,
  // targets and checklist are looked at (operations/goal_check_in.ex, 1.8.0).
  const schedule = scheduledAt(ctx)

  const message = parseRichText(ctx, inputs.content as string)
  const mentioned = mentionedPeople(ctx, message)
  const due = dueDate(inputs.due_date)
  const checks = checklist(inputs.checklist)
  const values = targetUpdates(goal, targetValues ?? [])
  const base = newCheckInRecord(
    ctx,
    deterministicUuid(`created-check-in:${++state.sequence}`),
    schedule,
    mentioned,
  )

  // --- everything is valid. What the check-in records is what was sent
  // (`app/lib/operately/operations/goal_check_in.ex`, 1.5.0–1.8.0): a timeframe only when `due_date` was
  // sent, the sent target values only (with each target's value before), the sent checklist only.
  const now = isoTimestamp(ctx.now)
  const timeframe: Timeframe | null =
    due === undefined || due === null
      ? null
      : {
          contextual_start_date: startOfGoal(goal),
          contextual_end_date: due,
        }
  const sentTargets = [...values].map(([id, value]) => {
    const tg = goal.targets.find((x) => x.id === id)!
    return {
      id: tg.id,
      name: tg.name,
      value,
      previous_value: tg.value,
      unit: tg.unit,
      index: tg.index,
      from: tg.from,
      to: tg.to,
    }
  })
  const sentChecks = (checks ?? []).map((c) => ({
    id: parseIdInput(c.id) ?? c.id,
    name: c.name,
    index: c.index,
    completed: c.completed,
  }))

  const published = base.state === 'published'
  const record: CheckIn = {
    ...base,
    goalId: goal.id,
    message,
    targets: sentTargets,
    checklist: sentChecks,
    timeframe,
  }
  state.checkIns.push(record)

  // Drafts and scheduled check-ins change nothing on the goal; posted at once, the check-in's values
  // become the goal's. Scheduled ones are published later by the clock, state only (publish.ts).
  if (published) {
    if (due !== undefined) goal.timeframe = timeframe
    goal.targets = goal.targets.map((tg) =>
      values.has(tg.id) ? { ...tg, value: values.get(tg.id)!, updatedAt: now } : tg,
    )
    goal.checks = goal.checks.map((c) => {
      const update = checks?.find((u) => parseIdInput(u.id) === c.id)
      if (!update || (update.completed === c.completed && update.index === c.index)) return c
      const completedAt = update.completed ? (c.completed ? c.completedAt : now) : null
      return { ...c, completed: update.completed, index: update.index, completedAt, updatedAt: now }
    })
    markPublished(state, goal, record, ctx.now)
  }

  // The server does not load these associations for this response: author, goal, reactions,
  // subscription_list and permissions come back null.
  return { update: serializeCheckIn(ctx, record, {}) }
}

export const createCheckIn: Endpoint = { kind: 'mutation', inputs: createCheckInInputs, handle }
