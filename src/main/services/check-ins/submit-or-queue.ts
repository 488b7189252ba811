import {
  resultSubject,
  sameSubject,
  subjectOf,
  type CheckInOutcome,
  type CheckInResult,
  type CheckInSubject,
  type CheckInSubmission,
  type CreateCheckInInput,
  type QueuedCheckIn,
} from '@shared/domain/check-ins'
import { goalDetailSchema } from '@shared/domain/goals'
import { projectCheckInDetailSchema, projectDetailSchema } from '@shared/domain/projects'
import { AppFailure, appError, type AppError } from '@shared/errors'
import { idFromRef } from '@shared/ids'
import { timeLabel } from '@shared/time-label'
import type { Cache } from '../cache/cache'
import { detailKey } from '../cache/cache-key'
import type { Logger } from '../log/logger'
import { claimSubject } from '../outbox/claims'
import type { CheckInEntry, OutboxEntry } from '../outbox/entry'
import type { CheckInDelivery } from '../sync/deliverers'
import type { DeliveryReport } from '../sync/sync-engine'
import type { SyncService } from '../sync/sync-service'
import type { CheckInService } from './check-in-service'
import { queueReason } from '../sync/queue-reason'

/**
 * Submitting a check-in, through the outbox. Every submission is written to disk (fsynced) as an outbox
 * entry before the first request; "online" means it is then sent at once, and the form waits for what
 * that attempt comes to: sent, or still waiting (queued, or being checked on the server), or refused.
 *
 * One submission per goal (per project) at a time: the form, its draft and the outbox agree on it. Asked
 * again with the same submission id (a second click, "Try again", the app restarted mid-submit) the
 * answer is that submission's, never a second check-in; a different submission for a goal that has one
 * waiting is refused, and the screen shows the waiting one instead. Goals and projects go the same way.
 */
export interface CheckInSubmitter {
  submit(input: CreateCheckInInput): Promise<CheckInOutcome>
  submission(query: {
    subject: CheckInSubject
    submissionId?: string | undefined
    recent?: boolean | undefined
  }): Promise<CheckInSubmission>
  /** The person stops waiting ("Keep it in the background"): the submit answers now, the entry goes on. */
  background(submissionId: string): void
  /** Takes a waiting submission back to edit it; refused while Operately may still have it. */
  withdraw(submissionId: string): Promise<CreateCheckInInput>
}

const KEPT = 'What you wrote is kept as a draft.'

/** How many delivered submissions are remembered for their result (one per goal is plenty). */
const rememberedDeliveries = 100

/** How long a goal opens on the check-in this computer sent for it, before a blank form. */
export const recentCheckInMs = 24 * 60 * 60_000

export function createCheckInSubmitter(deps: {
  checkIns: CheckInService
  sync: SyncService
  cache: Cache
  log: Logger
  now?: () => number
  /** The person's locale for times said in sentences (the OS's); the runtime's own when there is none. */
  locale?: () => string | undefined
}): CheckInSubmitter {
  const { checkIns, sync, cache, log } = deps
  const now = deps.now ?? Date.now
  const locale = deps.locale ?? (() => undefined)
  /** Deliveries seen in this run, by submission id, with what was submitted. */
  const deliveries = new Map<string, { delivery: CheckInDelivery; input: CreateCheckInInput }>()
  const results = new Map<string, Promise<CheckInResult>>()
  const submissionKey = (id: string) => id.toLowerCase()

  sync.engine.onEvent((event) => {
    if (event.type !== 'delivered' || event.entry.kind !== 'check-in') return
    const key = submissionKey(event.entry.payload.submissionId)
    deliveries.set(key, { delivery: event.result as CheckInDelivery, input: event.entry.payload })
    if (deliveries.size > rememberedDeliveries) deliveries.delete(deliveries.keys().next().value!)
  })

  /** The result of a submission that reached the server, if it did: in this run, or before (its claim). */
  function sentResult(
    submissionId: string,
    submitted: CreateCheckInInput | null,
  ): Promise<CheckInResult> | null {
    const key = submissionKey(submissionId)
    const known = results.get(key)
    if (known) return known
    const seen = deliveries.get(key)
    const claim = seen ? null : sync.outbox.claimForSubmission(submissionId)
    if (!seen && !claim) return null
    const delivery: CheckInDelivery = seen?.delivery ?? {
      subject: claimSubject(claim!),
      submissionId: claim!.submissionId,
      checkInId: claim!.checkInId,
      checkIn: null,
      sent: null,
      recovered: claim!.recovered ?? true,
    }
    const result = checkIns.resultOf(delivery, seen?.input ?? submitted ?? claim?.submitted ?? null)
    results.set(key, result)
    if (results.size > rememberedDeliveries) results.delete(results.keys().next().value!)
    return result
  }

  const stateOf = (entry: OutboxEntry): QueuedCheckIn['state'] => {
    if (entry.state === 'failed' || entry.state === 'needs_attention' || entry.state === 'conflict') {
      return 'needs_you'
    }
    if (sync.engine.isSending(entry.id)) return 'sending'
    return entry.unconfirmed ? 'checking' : 'queued'
  }

  const reasonFor = (entry: OutboxEntry, state: QueuedCheckIn['state'], why: AppError | null): string => {
    switch (state) {
      case 'needs_you':
        return entry.lastError?.message ?? 'Operately refused it.'
      case 'checking':
        return 'Operately may have saved it without saying so. The app looks for it on the server before sending anything again, so it is never posted twice.'
      case 'sending':
        return 'Operately has not answered yet.'
      case 'queued':
        return queueReason(entry.lastError ?? why)
    }
  }

  const queued = (entry: CheckInEntry, why: AppError | null = null, released = false): QueuedCheckIn => {
    const state = released && entry.state === 'pending' ? 'sending' : stateOf(entry)
    return {
      outcome: 'queued',
      entryId: entry.id,
      subject: subjectOf(entry.payload),
      submissionId: entry.payload.submissionId,
      queuedAt: entry.createdAt,
      state,
      maybeSaved: Boolean(entry.unconfirmed),
      reason: reasonFor(entry, state, why),
    }
  }

  const alreadyWaiting = (entry: OutboxEntry, subject: CheckInSubject) => {
    // In the person's own time and clock format, as the screens show times: the ISO string is UTC.
    const today = new Date(now())
    const label = timeLabel(entry.createdAt, today, locale())
    const when = !label
      ? ''
      : new Date(entry.createdAt).toDateString() === today.toDateString()
        ? ` (queued at ${label})`
        : ` (queued ${label})`
    return new AppFailure(
      appError(
        'invalid_input',
        `A check-in for this ${subject.kind} is already on its way${when}. It is sent once; follow it in the Sync view, and write the next one when it is in. ${KEPT}`,
      ),
    )
  }

  /** What the form hears once the attempt it waited for is over. */
  async function answer(
    report: DeliveryReport,
    entry: CheckInEntry,
    input: CreateCheckInInput,
  ): Promise<CheckInOutcome> {
    const outcome = report.outcome
    if (outcome?.outcome === 'delivered') {
      const result = await sentResult(input.submissionId, input)!
      return { outcome: 'created', ...result }
    }
    const now = report.entry as CheckInEntry | null
    if (!now) {
      // Gone without a delivery the form heard of: sent meanwhile (by another call), or discarded.
      const sent = sentResult(input.submissionId, input)
      if (sent) return { outcome: 'created', ...(await sent) }
      throw new AppFailure(
        appError('invalid_input', `This check-in was discarded before it was sent. ${KEPT}`),
      )
    }
    if (outcome?.outcome === 'needs_attention' && !now.unconfirmed) {
      // Refused while the person watches: the form has every word and says what to fix. Nothing of it is
      // on the server, so it leaves the outbox; the draft stays until a submission is in.
      await sync.engine.discard(now.id).catch((err: unknown) =>
        log.warn('check-ins: could not take a refused submission out of the outbox', {
          error: String(err),
        }),
      )
      throw new AppFailure(outcome.error)
    }
    if (outcome?.outcome === 'retry' && outcome.counts && !now.unconfirmed && now.state === 'pending') {
      // Operately's own error, and the check-in is not there: the form offers "Try again" with its text.
      await sync.engine
        .discard(now.id)
        .catch((err: unknown) =>
          log.warn('check-ins: could not take a failed submission out of the outbox', { error: String(err) }),
        )
      throw new AppFailure(outcome.error)
    }
    return queued(now, outcome && 'error' in outcome ? outcome.error : null, report.released)
  }

  /** The goal's or project's name as last read, for the Sync view's row; null when none is kept. */
  const titleOf = async (subject: CheckInSubject): Promise<string | null> => {
    if (subject.kind === 'goal') {
      const kept = await cache.read(detailKey('goal', subject.id), goalDetailSchema).catch(() => null)
      return kept?.value.name ?? null
    }
    // The check-in form reads the project as projects.checkInDetail keeps it; its page, as projects.get.
    const form = await cache
      .read(detailKey('project-check-in', subject.id), projectCheckInDetailSchema)
      .catch(() => null)
    if (form) return form.value.name
    const page = await cache.read(detailKey('project', subject.id), projectDetailSchema).catch(() => null)
    return page?.value.name ?? null
  }

  let queueing: Promise<unknown> = Promise.resolve()
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queueing.then(work, work)
    queueing = turn.catch(() => undefined)
    return turn
  }

  return {
    async submit(input) {
      await checkIns.assertCanSubmit()
      const subject = subjectOf(input)
      if (!idFromRef(subject.id)) {
        throw new AppFailure(
          appError('invalid_input', `That is not a ${subject.kind} id or a link to a ${subject.kind}.`),
        )
      }
      const usedElsewhere = () =>
        new AppFailure(
          appError(
            'invalid_input',
            `This submission was already used for another ${subject.kind}. Reload the form.`,
          ),
        )
      const sent = sentResult(input.submissionId, input)
      if (sent) {
        const result = await sent
        if (!sameSubject(resultSubject(result), subject)) throw usedElsewhere()
        return { outcome: 'created', ...result }
      }

      const title = await titleOf(subject)
      // Looked up and queued as one step, one submission at a time: two at once for one goal (or the same
      // one twice) would otherwise both find nothing waiting and both be queued.
      const entry = await oneAtATime(async () => {
        const known = sync.checkInEntry(input.submissionId) as CheckInEntry | null
        if (known && !sameSubject(subjectOf(known.payload), subject)) throw usedElsewhere()
        if (known) return known
        const other = sync.checkInEntryFor(subject)
        if (other) throw alreadyWaiting(other, subject)
        // On disk before anything is sent: from here on, it is sent once, whatever happens to the app.
        return (await sync.enqueue({ kind: 'check-in', payload: input, title })) as CheckInEntry
      })
      if (sync.connectivity.knownOffline()) return queued(entry)
      if (entry.state !== 'pending' && entry.state !== 'sending') return queued(entry)
      return answer(await sync.engine.deliverNow(entry.id), entry, input)
    },

    async submission({ subject, submissionId, recent }) {
      const sentAt = (id: string) => sync.outbox.claimForSubmission(id)?.at ?? null
      if (submissionId) {
        const sent = sentResult(submissionId, null)
        const result = sent ? await sent : null
        // Another goal's or project's submission (a crafted call, a draft copied by hand) says nothing
        // about this one: its result must not open here, nor have this draft cleared as done with.
        if (result && sameSubject(resultSubject(result), subject)) {
          return { status: 'sent', result, sentAt: sentAt(submissionId) }
        }
      }
      const entry = ((submissionId ? sync.checkInEntry(submissionId) : null) ??
        sync.checkInEntryFor(subject)) as CheckInEntry | null
      if (entry && sameSubject(subjectOf(entry.payload), subject)) {
        return { status: 'waiting', queued: queued(entry), submission: entry.payload }
      }
      // Nothing waits and no draft says otherwise: a goal checked in from here lately opens on that one
      // (sent in the background, by another window or before a restart), never on a blank form.
      const lately = recent ? sync.sentCheckInFor(subject, now() - recentCheckInMs) : null
      const sent = lately ? sentResult(lately.submissionId, null) : null
      if (lately && sent) return { status: 'sent', result: await sent, sentAt: lately.at }
      return { status: 'none' }
    },

    background(submissionId) {
      const entry = sync.checkInEntry(submissionId)
      if (entry) sync.engine.release(entry.id)
    },

    async withdraw(submissionId) {
      const entry = sync.checkInEntry(submissionId) as CheckInEntry | null
      if (!entry) {
        throw new AppFailure(
          appError('invalid_input', 'This check-in is no longer waiting: it was sent or discarded.'),
        )
      }
      if (entry.askedToResend && entry.unconfirmed) {
        // Waiting for the person's "Send again?": the first request may still land, and an edited copy
        // would not be recognised as the same check-in.
        throw new AppFailure(
          appError(
            'invalid_input',
            `The first request for this check-in may still reach Operately, so an edited copy could end up beside it. Check the ${subjectOf(entry.payload).kind} in Operately: if it is there, discard this; if not, Retry sends it as it is (after one more look).`,
          ),
        )
      }
      if (sync.engine.isSending(entry.id) || entry.unconfirmed) {
        throw new AppFailure(
          appError(
            'invalid_input',
            'Operately may already have this check-in: the app is checking. Wait until it knows, then edit it.',
          ),
        )
      }
      await sync.engine.discard(entry.id)
      return entry.payload
    },
  }
}
