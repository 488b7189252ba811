import {
  subjectOf,
  type CheckInResult,
  type CheckInStatus,
  type CheckInSubject,
  type CreateCheckInInput,
} from '@shared/domain/check-ins'
import { AppFailure, appError } from '@shared/errors'
import { sameId } from '@shared/ids'
import type { Logger } from '../log/logger'
import type { CheckIn } from '../operately/types'
import type { SessionService } from '../session/session-service'
import type { WebUrls } from '../goals/web-urls'
import type { CheckInDelivery } from '../sync/deliverers'
import { listCheckInsOf, prepareFor, type Prepared } from './kinds'
import { toCheckInResult, toProjectCheckInResult } from './result'

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
   * can be; else read again from the server (the goal or project and its check-ins). Never fails: the
   * check-in is posted, so at worst the result shows what was submitted.
   */
  resultOf(delivery: CheckInDelivery, submitted: CreateCheckInInput | null): Promise<CheckInResult>
}

/** What a check-in that can no longer be read said, taken from the check-in itself. */
function submittedFrom(checkIn: CheckIn, subject: CheckInSubject, submissionId: string): CreateCheckInInput {
  const status: CheckInStatus =
    checkIn.status === 'caution' || checkIn.status === 'off_track' ? checkIn.status : 'on_track'
  const common = {
    submissionId,
    status,
    message: checkIn.message ?? '',
    notify: { mode: 'everyone' as const },
  }
  if (subject.kind === 'project') return { ...common, projectId: subject.id }
  return { ...common, goalId: subject.id, dueDate: { mode: 'keep' }, targetValues: [], checklist: [] }
}

export function createCheckInService(deps: {
  session: SessionService
  webUrls: Pick<WebUrls, 'goal' | 'project'>
  log: Logger
}): CheckInService {
  const { session, webUrls, log } = deps

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

  /** The check-in and what it was built against: from the delivery, else read again from the server. */
  async function read(
    delivery: CheckInDelivery,
    submitted: CreateCheckInInput | null,
  ): Promise<{ checkIn: CheckIn; sent: Prepared }> {
    if (delivery.checkIn && delivery.sent) return { checkIn: delivery.checkIn, sent: delivery.sent }
    const client = await session.client()
    const subject = delivery.subject
    const checkIn =
      delivery.checkIn ??
      (await listCheckInsOf(client, subject)).find((c) => sameId(c.id, delivery.checkInId)) ??
      null
    if (!checkIn) throw new Error(`the posted check-in is not in the ${subject.kind}’s list`)
    if (delivery.sent) return { checkIn, sent: delivery.sent }
    const input = submitted ?? submittedFrom(checkIn, subject, delivery.submissionId)
    // The request as it would have been built, against the goal or project as it is now: with what is
    // known the server takes, never a probe for a result view.
    return { checkIn, sent: await prepareFor(client, input, { knownOnly: true }) }
  }

  const pageOf = (sent: Prepared): Promise<string | null> =>
    (sent.kind === 'goal' ? webUrls.goal(sent.goal.id) : webUrls.project(sent.project.id)).catch(
      (err: unknown) => {
        log.warn('could not build the web address of a posted check-in', { error: String(err) })
        return null
      },
    )

  /** Only what was submitted, when the server cannot be asked: the check-in is in, the details wait. */
  function fromSubmission(delivery: CheckInDelivery, submitted: CreateCheckInInput | null): CheckInResult {
    const common = {
      id: delivery.checkInId,
      status: submitted?.status ?? null,
      previousStatus: null,
      message: submitted?.message ?? '',
      insertedAt: null,
      changesKnown: false,
      webUrl: null,
      recovered: delivery.recovered,
      // What was asked: the server took the request as it was sent.
      state:
        submitted?.publication?.mode === 'draft'
          ? ('draft' as const)
          : submitted?.publication?.mode === 'scheduled'
            ? ('scheduled' as const)
            : ('published' as const),
      scheduledAt: submitted?.publication?.mode === 'scheduled' ? submitted.publication.at : null,
    }
    const subject = submitted ? subjectOf(submitted) : delivery.subject
    if (subject.kind === 'project') return { ...common, projectId: subject.id, projectName: '' }
    return {
      ...common,
      goalId: subject.id,
      goalName: '',
      targetChanges: [],
      checklist: submitted && 'checklist' in submitted ? submitted.checklist : [],
      checklistChanges: [],
      dueDate: null,
      previousDueDate: null,
    }
  }

  return {
    assertCanSubmit,

    async resultOf(delivery, submitted) {
      try {
        const { checkIn, sent } = await read(delivery, submitted)
        const webUrl = await pageOf(sent)
        const recovered = delivery.recovered
        return sent.kind === 'goal'
          ? toCheckInResult(checkIn, { goal: sent.goal, prepared: sent.prepared, webUrl, recovered })
          : toProjectCheckInResult(checkIn, {
              project: sent.project,
              prepared: sent.prepared,
              webUrl,
              recovered,
            })
      } catch (err) {
        log.warn('a posted check-in could not be read back for its result', { error: String(err) })
        return fromSubmission(delivery, submitted)
      }
    },
  }
}
