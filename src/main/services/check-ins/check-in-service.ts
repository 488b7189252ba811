import type { CheckInResult, CreateCheckInInput } from '@shared/domain/check-ins'
import { checkInDraftKey } from '@shared/contract/drafts'
import { AppFailure, appError, type AppError } from '@shared/errors'
import { idFromRef, sameId } from '@shared/ids'
import type { DraftsService } from '../drafts/drafts-service'
import type { Logger } from '../log/logger'
import type { CheckIn, Goal, OperatelyClient } from '../operately/types'
import type { SessionService } from '../session/session-service'
import type { GoalsService } from '../goals/goals-service'
import { prepareCheckIn, type PreparedCheckIn } from './body'
import { findEarlierAttempt } from './recovery'
import { toCheckInResult } from './result'

/**
 * Submitting a goal check-in, at most once per submission.
 *
 * `goals/create_check_in` is not idempotent (operately-api.md §6), so the form picks a `submissionId`
 * once per submission and this service guarantees:
 * - a second call while the first is in flight gets the first one's promise; after success, its result;
 * - after an ambiguous failure (no answer in time, connection lost after sending) nothing is sent again
 *   before `goals/list_check_ins` has been searched for the check-in the first attempt may have made;
 *   if it is there, it is the result (`recovered: true`). This happens once right away, and again before
 *   any later call with the same submissionId;
 * - a failure the server answered (400/403/404/500) comes back as it is and is never retried by itself.
 * Results are kept for the life of the process.
 */

export interface CheckInService {
  create(input: CreateCheckInInput): Promise<CheckInResult>
  /** When the first request of a submission went out (ms), or null when none has yet. */
  firstAttemptAt(submissionId: string): number | null
}

interface Submission {
  goalRef: string
  /** The goal as read before the first attempt, and the request built against it (re-sent unchanged). */
  goal: Goal | null
  prepared: PreparedCheckIn | null
  /** When the first attempt started, by this computer's clock. */
  firstAttemptAt: number | null
  /** An attempt may have reached the server: look before sending again. */
  ambiguous: boolean
}

const ambiguousKinds = new Set<AppError['kind']>(['timeout', 'offline'])
const isAmbiguous = (err: unknown): err is AppFailure =>
  err instanceof AppFailure && ambiguousKinds.has(err.error.kind)

const unverified = (cause: AppFailure): AppFailure =>
  new AppFailure({
    ...cause.error,
    message:
      'Operately did not confirm your check-in, and the app could not find out whether it was saved. Everything you wrote is kept. When your connection is back, press Submit again: the app looks for the check-in first, so it is never posted twice.',
  })

const notSaved = (cause: AppFailure): AppFailure =>
  new AppFailure({
    ...cause.error,
    message:
      'Operately did not answer, and your check-in has not appeared on the server. Everything you wrote is kept. Check your connection and press Submit again: the app looks for the check-in first, so it is never posted twice.',
  })

/** Errors that need the user to act on the session, whatever else went wrong. */
const sessionKinds = new Set<AppError['kind']>(['unauthorized', 'not_signed_in', 'keychain_unavailable'])

/**
 * Looking for an earlier attempt failed: unless the session itself is the problem, say that the app could
 * not find out whether the check-in was saved, under the kind of the failure that made it look.
 */
function lookupFailure(lookErr: unknown, cause: unknown): unknown {
  if (!(lookErr instanceof AppFailure) || sessionKinds.has(lookErr.error.kind)) return lookErr
  return unverified(isAmbiguous(cause) ? cause : lookErr)
}

export function createCheckInService(deps: {
  session: SessionService
  goals: GoalsService
  drafts: DraftsService
  log: Logger
  now?: () => number
}): CheckInService {
  const { session, goals, drafts, log } = deps
  const now = deps.now ?? Date.now
  const results = new Map<string, CheckInResult>()
  const inFlight = new Map<string, Promise<CheckInResult>>()
  const submissions = new Map<string, Submission>()

  /** Check-ins already returned for a submission: another submission never claims them. */
  const taken = (checkInId: string): boolean => [...results.values()].some((r) => sameId(r.id, checkInId))

  async function signedInWriter(): Promise<{ personId: string; serverVersion: string | null }> {
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
    return { personId: state.person.id, serverVersion: state.serverVersion }
  }

  async function lookForEarlierAttempt(
    client: OperatelyClient,
    sub: Submission,
    personId: string,
  ): Promise<CheckIn | null> {
    if (!sub.goal || !sub.prepared || sub.firstAttemptAt === null) return null
    const list = await client.listCheckIns(sub.goal.id)
    return findEarlierAttempt(list, {
      personId,
      status: sub.prepared.body.status,
      message: sub.prepared.body.content,
      since: sub.firstAttemptAt,
      taken,
    })
  }

  async function finish(
    checkIn: CheckIn,
    sub: Submission,
    input: CreateCheckInInput,
    recovered: boolean,
  ): Promise<CheckInResult> {
    const goal = sub.goal!
    // The check-in is posted: nothing from here on may turn that into an error (a retry would post it again).
    const webUrl = await goals.webUrl(goal.id).catch((err: unknown) => {
      log.warn('could not build the web address of a posted check-in', { error: String(err) })
      return null
    })
    const result = toCheckInResult(checkIn, { goal, prepared: sub.prepared!, webUrl, recovered })
    await clearDrafts(input.goalId, goal.id)
    log.info('check-in posted', { goal: goal.id, checkIn: checkIn.id, recovered })
    return result
  }

  /** A posted check-in's draft is done with. Failing to delete it must not turn success into an error. */
  async function clearDrafts(...goalIds: string[]): Promise<void> {
    for (const goalId of new Set(goalIds)) {
      try {
        await drafts.clear(checkInDraftKey(goalId))
      } catch (err) {
        log.warn('could not remove the draft of a posted check-in', { error: String(err) })
      }
    }
  }

  async function run(input: CreateCheckInInput, sub: Submission): Promise<CheckInResult> {
    const { personId, serverVersion } = await signedInWriter()
    const client = await session.client()

    // A previous call may have posted it without hearing back: look before sending anything.
    if (sub.ambiguous) {
      const earlier = await lookForEarlierAttempt(client, sub, personId).catch((err: unknown) => {
        throw lookupFailure(err, err)
      })
      if (earlier) return finish(earlier, sub, input, true)
    }

    if (!sub.goal || !sub.prepared) {
      // Read fresh: older servers need the goal's current due date re-sent, and the result view needs its
      // targets and checklist to show what changed.
      const goal = await client.getGoal(sub.goalRef)
      sub.prepared = prepareCheckIn(input, goal, client.serverVersion() ?? serverVersion)
      sub.goal = goal
    }

    for (let attempt = 1; ; attempt++) {
      sub.firstAttemptAt ??= now()
      let created: CheckIn | null
      try {
        created = await client.createCheckIn(sub.prepared.body)
      } catch (err) {
        if (!isAmbiguous(err)) throw err
        sub.ambiguous = true
        log.warn('check-in request ended without an answer; looking for it on the server', {
          kind: err.error.kind,
          attempt,
        })
        let earlier: CheckIn | null
        try {
          earlier = await lookForEarlierAttempt(client, sub, personId)
        } catch (lookErr) {
          throw lookupFailure(lookErr, err)
        }
        if (earlier) return finish(earlier, sub, input, true)
        if (attempt >= 2) throw notSaved(err)
        continue
      }
      if (created) return finish(created, sub, input, false)
      // A success without the check-in in it: find it rather than guess, and look again before any retry.
      sub.ambiguous = true
      const listed = await lookForEarlierAttempt(client, sub, personId)
      if (listed) return finish(listed, sub, input, false)
      throw new AppFailure(
        appError(
          'invalid_response',
          'Operately accepted the check-in but did not send it back, and it is not in the goal’s list of check-ins. Open the goal in Operately to see whether it was posted before sending it again.',
        ),
      )
    }
  }

  return {
    firstAttemptAt: (submissionId) => submissions.get(submissionId)?.firstAttemptAt ?? null,

    create(input) {
      // Everything up to registering the promise is synchronous: two calls in the same tick share it.
      const done = results.get(input.submissionId)
      const running = inFlight.get(input.submissionId)
      const known = submissions.get(input.submissionId)
      const goalRef = idFromRef(input.goalId)
      if (!goalRef) {
        return Promise.reject(
          new AppFailure(appError('invalid_input', 'That is not a goal id or a link to a goal.')),
        )
      }
      if ((done && !sameId(done.goalId, goalRef)) || (known && !sameId(known.goalRef, goalRef))) {
        return Promise.reject(
          new AppFailure(
            appError('invalid_input', 'This submission was already used for another goal. Reload the form.'),
          ),
        )
      }
      if (done) return Promise.resolve(done)
      if (running) return running

      const sub: Submission = known ?? {
        goalRef,
        goal: null,
        prepared: null,
        firstAttemptAt: null,
        ambiguous: false,
      }
      submissions.set(input.submissionId, sub)
      const promise = run(input, sub)
        .then((result) => {
          results.set(input.submissionId, result)
          submissions.delete(input.submissionId)
          return result
        })
        .catch((err: unknown) => {
          // Nothing can have been posted: a later call starts afresh (and re-reads the goal).
          if (!sub.ambiguous) submissions.delete(input.submissionId)
          throw err
        })
        .finally(() => inFlight.delete(input.submissionId))
      inFlight.set(input.submissionId, promise)
      return promise
    },
  }
}
