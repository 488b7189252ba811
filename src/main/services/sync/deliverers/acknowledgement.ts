import { AppFailure, type AppError } from '@shared/errors'
import type { OperatelyClient } from '../../operately/client'
import type { AcknowledgementEntry, AcknowledgementPayload } from '../../outbox/entry'
import type { Deliverer, DeliveryOutcome } from '../outcomes'
import {
  outcomeFromError,
  refusedByServer,
  stillChecking,
  stillSettling,
  unexpectedFailure,
} from '../outcomes'

/** What a delivered acknowledgement reports. */
export interface AcknowledgementDelivery {
  kind: AcknowledgementPayload['kind']
  checkInId: string
  /** When the server says it was acknowledged (null when its answer did not say). */
  acknowledgedAt: string | null
  /** Found acknowledged on the server (an earlier request, the web, another computer) rather than by this request. */
  alreadyOnServer: boolean
}

const AUTHORS = /authors cannot acknowledge/i

/** The server's refusals of an acknowledgement, in words a reviewer can act on. */
export function acknowledgementError(error: AppError, kind: AcknowledgementPayload['kind']): AppError {
  const subject = kind === 'goal' ? 'goal' : 'project'
  switch (error.kind) {
    case 'bad_request':
      return AUTHORS.test(error.message)
        ? {
            ...error,
            message:
              'You wrote this check-in, and Operately does not let authors acknowledge their own check-ins.',
          }
        : error
    case 'forbidden':
      return {
        ...error,
        message:
          kind === 'goal'
            ? 'Operately says you may not acknowledge this check-in: only the goal’s reviewer can (or its champion, for a check-in the reviewer wrote), with edit access to the goal.'
            : 'Operately says you may not acknowledge this check-in: only the project’s reviewer or champion can, with edit access to the project.',
      }
    case 'not_found':
      return {
        ...error,
        message: `This check-in is gone or no longer shared with you: it, or its ${subject}, may have been deleted, or your access removed.`,
      }
    case 'read_only_token':
      return {
        ...error,
        message:
          'This API token can only read, so the app cannot acknowledge check-ins with it. In Operately, open Account → API tokens, create a token that is allowed to make changes (not read-only), and sign in again with it.',
      }
    default:
      return error
  }
}

const reworded = (err: unknown, kind: AcknowledgementPayload['kind']): unknown =>
  err instanceof AppFailure ? new AppFailure(acknowledgementError(err.error, kind)) : err

const unconfirmedFrom = (at: number, settleAt: number, answered = false) => ({
  at: new Date(at).toISOString(),
  settleAt: new Date(settleAt).toISOString(),
  ...(answered ? { answered: true as const } : {}),
})

/**
 * Sends a queued acknowledgement exactly once.
 *
 * Projects (every version) and goals from 1.8.0 are idempotent: an acknowledged check-in answers 200 as
 * it is, so a project's acknowledgement is simply sent again after an unclear answer. Goals before 1.8.0
 * are not (a second request acknowledges and notifies the author again), and the app cannot tell the
 * version from the header: so a goal's check-in is looked at (`goals/get_check_in`, `acknowledged_at`)
 * before every request, the first included (it may have been acknowledged meanwhile, from the web), and
 * after an unclear answer (a timeout, a reset, a 5xx, the app killed) nothing is sent again until the look
 * shows it acknowledged (delivered) or the server can no longer be working on that request (`settleAt`).
 * A look that cannot be read is never taken as "not acknowledged".
 */
export function createAcknowledgementDeliverer(deps: { client: () => Promise<OperatelyClient> }): Deliverer {
  return async (queued, context): Promise<DeliveryOutcome> => {
    if (queued.kind !== 'acknowledgement') {
      return { outcome: 'needs_attention', error: unexpectedFailure(new Error('not an acknowledgement')) }
    }
    let entry: AcknowledgementEntry = queued
    const { kind, checkInId } = entry.payload
    const api = await deps.client()
    const delivered = (acknowledgedAt: string | null, alreadyOnServer: boolean): DeliveryOutcome => {
      const result: AcknowledgementDelivery = { kind, checkInId, acknowledgedAt, alreadyOnServer }
      return { outcome: 'delivered', result }
    }
    const look = async (): Promise<string | null> => {
      try {
        return await api.goalCheckInAcknowledgedAt(checkInId)
      } catch (err) {
        throw reworded(err, kind)
      }
    }

    if (kind === 'goal') {
      let at: string | null
      try {
        at = await look()
      } catch (err) {
        if (entry.unconfirmed && err instanceof AppFailure) return stillChecking(outcomeFromError(err.error))
        throw err
      }
      if (at !== null) return delivered(at, true)
      if (entry.unconfirmed) {
        if (await stillSettling(entry, context)) {
          return {
            outcome: 'retry',
            checking: true,
            error: entry.lastError ?? {
              kind: 'timeout',
              message:
                'Operately has not confirmed your acknowledgement yet. The app looks at the check-in before sending it again, so it is never sent twice.',
            },
          }
        }
        // Not acknowledged, and that request can no longer be applied: it never was.
        entry = (await context.record({ unconfirmed: null })) as AcknowledgementEntry
      }
    }

    const sentAt = context.now()
    // Until its answer is recorded the request may have been applied: on disk with the attempt's count,
    // so a crash before the answer makes the next attempt look first (goals).
    entry = (await context.beforeSend({
      unconfirmed: unconfirmedFrom(sentAt, sentAt + context.settleMs),
    })) as AcknowledgementEntry
    try {
      const answer =
        kind === 'goal'
          ? await api.acknowledgeGoalCheckIn(checkInId)
          : await api.acknowledgeProjectCheckIn(checkInId)
      return delivered(answer.acknowledgedAt, false)
    } catch (err) {
      if (!(err instanceof AppFailure)) throw err
      if (!err.error.maybeApplied) {
        // Refused before anything was applied, or never sent: nothing to look for next time.
        await context.record({ unconfirmed: null })
        throw reworded(err, kind)
      }
      const answered = err.error.maybeApplied === 'answered'
      if (kind === 'project') {
        // Idempotent: sending it again is safe, and tells. An unclear answer every time waits for the person.
        await context.record({ unconfirmed: null })
        const outcome = outcomeFromError({ ...err.error, maybeApplied: undefined })
        return outcome.outcome === 'retry' ? { ...outcome, counts: true } : outcome
      }
      const settleAt = answered ? sentAt : context.now() + context.settleMs
      entry = (await context.record({
        unconfirmed: unconfirmedFrom(sentAt, settleAt, answered),
      })) as AcknowledgementEntry
      let at: string | null
      try {
        at = await look()
      } catch (lookErr) {
        if (lookErr instanceof AppFailure) return stillChecking(outcomeFromError(lookErr.error))
        throw lookErr
      }
      if (at !== null) return delivered(at, true)
      if (answered) {
        // Operately itself answered, and the check-in is not acknowledged: it was not applied.
        await context.record({ unconfirmed: null })
        return refusedByServer(err.error)
      }
      // No answer: it may still land. Looked at again before anything is sent (see above).
      return { outcome: 'retry', checking: true, counts: true, error: err.error }
    }
  }
}
