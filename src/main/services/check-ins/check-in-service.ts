import type { CheckInResult, CreateCheckInInput } from '@shared/domain/check-ins'
import { AppFailure, appError } from '@shared/errors'
import { sameId } from '@shared/ids'
import type { Logger } from '../log/logger'
import type { CheckIn, Goal, OperatelyClient } from '../operately/types'
import type { SessionService } from '../session/session-service'
import type { GoalsService } from '../goals/goals-service'
import type { CheckInDelivery } from '../sync/deliverers'
import { prepareCheckIn, type PreparedCheckIn } from './body'
import { toCheckInResult } from './result'

/**
 * What a check-in needs besides the outbox: who may submit one, and what the server recorded once it is
 * in, for the result view. Submitting itself goes through the outbox (submit-or-queue.ts), and the
 * outbox's deliverer makes sure each submission becomes exactly one check-in on the server.
 */
export interface CheckInService {
  /** Throws what a submission would be refused for before anything is queued: signed out, read-only token. */
  assertCanSubmit(): Promise<void>
  /**
   * The result view's record of a delivered check-in. Built from what the delivery read and sent when it
   * can be; else read again from the server (the goal and its check-ins). Never fails: the check-in is
   * posted, so at worst the result shows what was submitted.
   */
  resultOf(delivery: CheckInDelivery, submitted: CreateCheckInInput | null): Promise<CheckInResult>
}

/** What a check-in that can no longer be read said, taken from the check-in itself. */
function submittedFrom(checkIn: CheckIn, goal: Goal, submissionId: string): CreateCheckInInput {
  const status = checkIn.status === 'caution' || checkIn.status === 'off_track' ? checkIn.status : 'on_track'
  return {
    submissionId,
    goalId: goal.id,
    status,
    dueDate: { mode: 'keep' },
    targetValues: [],
    checklist: [],
    message: checkIn.message ?? '',
    notify: { mode: 'everyone' },
  }
}

export function createCheckInService(deps: {
  session: SessionService
  goals: GoalsService
  log: Logger
}): CheckInService {
  const { session, goals, log } = deps

  async function assertCanSubmit(): Promise<void> {
    const state = await session.get()
    if (state.status !== 'signed_in') {
      throw new AppFailure(
        appError('not_signed_in', 'You are signed out. Sign in to your Operately server first.'),
      )
    }
    if (!state.canWrite) {
      throw new AppFailure(
        appError(
          'read_only_token',
          'This API token can only read, so the app cannot post check-ins with it. In Operately, open Account → API tokens, create a token that is allowed to make changes (not read-only), and sign in again with it. What you wrote is kept as a draft.',
        ),
      )
    }
  }

  async function read(
    delivery: CheckInDelivery,
  ): Promise<{ checkIn: CheckIn; goal: Goal; client: OperatelyClient | null }> {
    if (delivery.checkIn && delivery.goal)
      return { checkIn: delivery.checkIn, goal: delivery.goal, client: null }
    const client = await session.client()
    const goal = delivery.goal ?? (await client.getGoal(delivery.goalId))
    const checkIn =
      delivery.checkIn ??
      (await client.listCheckIns(goal.id)).find((c) => sameId(c.id, delivery.checkInId)) ??
      null
    if (!checkIn) throw new Error('the posted check-in is not in the goal’s list')
    return { checkIn, goal, client }
  }

  /** Only what was submitted, when the server cannot be asked: the check-in is in, the details wait. */
  function fromSubmission(delivery: CheckInDelivery, submitted: CreateCheckInInput | null): CheckInResult {
    return {
      id: delivery.checkInId,
      goalId: delivery.goalId,
      goalName: '',
      status: submitted?.status ?? null,
      previousStatus: null,
      message: submitted?.message ?? '',
      insertedAt: null,
      targetChanges: [],
      checklist: submitted?.checklist ?? [],
      checklistChanges: [],
      dueDate: null,
      previousDueDate: null,
      changesKnown: false,
      webUrl: null,
      recovered: delivery.recovered,
      // What was asked: the server took the request as it was sent.
      state:
        submitted?.publication?.mode === 'draft'
          ? 'draft'
          : submitted?.publication?.mode === 'scheduled'
            ? 'scheduled'
            : 'published',
      scheduledAt: submitted?.publication?.mode === 'scheduled' ? submitted.publication.at : null,
    }
  }

  return {
    assertCanSubmit,

    async resultOf(delivery, submitted) {
      try {
        const { checkIn, goal, client } = await read(delivery)
        const input = submitted ?? submittedFrom(checkIn, goal, delivery.submissionId)
        const prepared: PreparedCheckIn =
          delivery.prepared ?? prepareCheckIn(input, goal, client?.knownCapabilities() ?? null)
        const webUrl = await goals.webUrl(goal.id).catch((err: unknown) => {
          log.warn('could not build the web address of a posted check-in', { error: String(err) })
          return null
        })
        return toCheckInResult(checkIn, { goal, prepared, webUrl, recovered: delivery.recovered })
      } catch (err) {
        log.warn('a posted check-in could not be read back for its result', { error: String(err) })
        return fromSubmission(delivery, submitted)
      }
    },
  }
}
