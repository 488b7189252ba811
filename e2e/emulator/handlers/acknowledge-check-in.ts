import type { Ctx } from '../context'
import type { Endpoint } from '../endpoint'
import { t } from '../inputs'
import { findVisibleCheckIn, findVisibleProjectCheckIn, requireEdit } from '../lookup'
import { markAcknowledged } from '../publish'
import { ApiError, replies } from '../replies'
import { checkIn, projectCheckIn } from '../serialize'
import type { CheckIn, CheckInRecord, Goal } from '../types'
import { atLeast } from '../version'

/**
 * The reviewer's half: `goals/acknowledge_check_in` and `projects/acknowledge_check_in`
 * (`app/lib/operately_web/api/{goals,projects}/acknowledge_check_in.ex`,
 * `app/lib/operately/operations/goal_update_acknowledging.ex`, `project_check_in_acknowledgement.ex`,
 * `idempotent_acknowledgement.ex`, at each tag).
 *
 * The idempotent form (projects on every tag, goals from 1.8.0): found and visible (404) → published
 * (404, 1.7.0+) → edit permission (403) → already acknowledged: 200 with the check-in as it is → the
 * author (400) → acknowledged. The goals' older form (1.5.0–1.7.0): found (404) → published (404, 1.7.0)
 * → `can_acknowledge` by role alone (403) → acknowledged, again each time it is asked.
 */

const AUTHORS_CANNOT = 'Authors cannot acknowledge their own check-ins'

/** Returns true when the check-in is to be acknowledged now, false when it already was (answered as is). */
function idempotentChecks(
  ctx: Ctx,
  record: CheckInRecord,
  parent: Parameters<typeof requireEdit>[1],
): boolean {
  requireEdit(ctx, parent)
  if (record.acknowledgedAt) return false
  if (record.authorId === ctx.me.id) throw new ApiError(replies.badRequest(AUTHORS_CANNOT))
  return true
}

const requirePublished = (record: CheckInRecord): void => {
  if (record.state !== 'published') throw new ApiError(replies.notFound())
}

/**
 * `Goals.Update.Permissions.can_acknowledge` (1.5.0–1.7.0): the reviewer of a check-in the champion
 * wrote, the champion of one the reviewer wrote, else the reviewer (whoever wrote it, the reviewer too).
 * Access levels play no part.
 */
function canAcknowledgeByRole(c: CheckIn, goal: Goal, personId: string): boolean {
  if (c.authorId === goal.championId && goal.reviewerId === personId) return true
  if (c.authorId === goal.reviewerId && goal.championId === personId) return true
  return goal.reviewerId === personId
}

export const acknowledgeGoalCheckIn: Endpoint = {
  kind: 'mutation',
  inputs: () => ({ id: { type: t.id, required: true } }),
  handle: (ctx) => {
    const c = findVisibleCheckIn(ctx, ctx.inputs.id as string)
    const goal = ctx.state.goals.find((g) => g.id === c.goalId)!
    requirePublished(c)
    // `Serializer.serialize(update, level: :full)` with the goal preloaded: author and acknowledging_person
    // were not loaded (null).
    const answer = () => ({ update: checkIn(ctx, c, { goal: true }) })
    if (atLeast(ctx.version, '1.8.0')) {
      if (!idempotentChecks(ctx, c, goal)) return answer()
    } else if (!canAcknowledgeByRole(c, goal, ctx.me.id)) {
      throw new ApiError(replies.forbidden())
    }
    markAcknowledged(ctx.state, c, ctx.me.id, ctx.now)
    return answer()
  },
}

export const acknowledgeProjectCheckIn: Endpoint = {
  kind: 'mutation',
  // `field :id, :id`: required, null allowed (a null id finds nothing: 404).
  inputs: () => ({ id: { type: t.id, required: true, nullable: true } }),
  handle: (ctx) => {
    const { checkIn: c, project } = findVisibleProjectCheckIn(ctx, (ctx.inputs.id as string | null) ?? '')
    requirePublished(c)
    if (idempotentChecks(ctx, c, project)) markAcknowledged(ctx.state, c, ctx.me.id, ctx.now)
    // `level: :essential` with the project preloaded with its champion and reviewer (serialized in full);
    // acknowledged_by, author and space not loaded (null).
    return { check_in: projectCheckIn(ctx, c, { project: { champion: true, reviewer: true } }) }
  },
}
