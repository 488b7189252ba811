import type { reviewOperations } from '@shared/contract/reviews'
import {
  checkInReviewSchema,
  type AcknowledgeOutcome,
  type CheckInReview,
  type ReviewRef,
} from '@shared/domain/reviews'
import { AppFailure, appError, type AppError } from '@shared/errors'
import { lastSegment } from '@shared/ids'
import { freshnessOf, type Cache, type ConnectivityReporter } from '../cache/cache'
import type { WebUrls } from '../goals/web-urls'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { Logger } from '../log/logger'
import {
  acknowledgementKey,
  type AcknowledgementEntry,
  type AcknowledgementPayload,
  sameAccount,
  type OutboxAccount,
  type OutboxEntry,
} from '../outbox/entry'
import type { SessionService } from '../session/session-service'
import { acknowledgementError, type AcknowledgementDelivery } from '../sync/deliverers/acknowledgement'
import { queueReason } from '../sync/queue-reason'
import type { SyncService } from '../sync/sync-service'
import { READ_ONLY, toGoalReview, toProjectReview, type ReviewRecord } from './map-review'

/**
 * The reviewer's half of the rhythm (issue 37): a check-in read fresh for the person who acknowledges it
 * (kept for offline), and "Acknowledge" through the outbox: on disk before any request, sent once
 * (sync/deliverers/acknowledgement.ts), answered `acknowledged` or `queued`.
 */
export interface ReviewsService {
  get(ref: ReviewRef): Promise<CheckInReview>
  acknowledge(ref: ReviewRef): Promise<AcknowledgeOutcome>
}

const recordSchema = checkInReviewSchema.omit({ fetchedAt: true, fromCache: true, lastError: true })

/** A check-in id as the outbox keeps it (outbox/entry.ts): a short id, a slug or a UUID. */
const idPattern = /^[A-Za-z0-9-]{1,200}$/

const reviewKey = (ref: ReviewRef) => `review-${ref.kind}:${lastSegment(ref.checkInId)}`

export function createReviewsService(deps: {
  session: SessionService
  cache: Cache
  connectivity: ConnectivityReporter
  sync: SyncService
  webUrls: Pick<WebUrls, 'checkIn' | 'projectCheckIn'>
  log: Logger
}): ReviewsService {
  const { session, cache, connectivity, sync, webUrls, log } = deps

  const signedIn = async () => {
    const state = await session.get()
    if (state.status !== 'signed_in') {
      throw new AppFailure(
        appError('not_signed_in', 'You are signed out. Sign in to your Operately server first.'),
      )
    }
    return state
  }

  const checked = (ref: ReviewRef): AcknowledgementPayload => {
    if (!idPattern.test(ref.checkInId)) {
      throw new AppFailure(appError('invalid_input', 'That is not the id of a check-in.'))
    }
    return { kind: ref.kind, checkInId: ref.checkInId }
  }

  const pageOf = (ref: ReviewRef): Promise<string | null> =>
    (ref.kind === 'goal' ? webUrls.checkIn(ref.checkInId) : webUrls.projectCheckIn(ref.checkInId)).catch(
      (err: unknown) => {
        log.warn('reviews: could not build the web address of a check-in', { error: String(err) })
        return null
      },
    )

  async function read(ref: ReviewRef): Promise<ReviewRecord> {
    const state = await signedIn()
    const reader = { personId: state.person.id, canWrite: state.canWrite }
    const api = await session.client()
    try {
      if (ref.kind === 'goal') {
        const c = await api.getGoalCheckIn(ref.checkInId)
        // The goal's roles and rights: nested when the server includes them, else read with the goal.
        const nested = c.goal
        const goal =
          nested && (nested.reviewer || nested.champion) && nested.permissions
            ? nested
            : nested
              ? await api.getGoal(nested.id)
              : null
        return toGoalReview(c, goal, reader, await pageOf(ref))
      }
      const c = await api.getProjectCheckIn(ref.checkInId)
      return toProjectReview(c, null, reader, await pageOf(ref))
    } catch (err) {
      if (err instanceof AppFailure) throw new AppFailure(acknowledgementError(err.error, ref.kind))
      throw err
    }
  }

  async function get(ref: ReviewRef): Promise<CheckInReview> {
    checked(ref)
    await signedIn()
    const result = await cache.cachedRead(reviewKey(ref), () => read(ref), {
      connectivity,
      schema: recordSchema,
    })
    return { ...result.value, ...freshnessOf(result) }
  }

  /**
   * Acknowledgements delivered in this run, by account and key: asked again, the answer is the same. The
   * account is part of it: another server (or person) may well have a check-in with the same id.
   */
  const delivered = new Map<string, string | null>()
  const deliveredKey = (account: Pick<OutboxAccount, 'baseUrl' | 'personId'> | undefined, key: string) =>
    account ? `${account.baseUrl}\n${lastSegment(account.personId)}\n${key}` : `\n\n${key}`
  sync.engine.onEvent((event) => {
    if (event.type !== 'delivered' || event.entry.kind !== 'acknowledgement') return
    const result = event.result as AcknowledgementDelivery
    delivered.set(deliveredKey(event.entry.account, event.entry.key), result.acknowledgedAt)
    if (delivered.size > 200) delivered.delete(delivered.keys().next().value!)
    // The kept copy follows, so the check-in reads acknowledged offline too.
    const ref: ReviewRef = { kind: result.kind, checkInId: result.checkInId }
    void cache
      .read(reviewKey(ref), recordSchema)
      .then((kept) =>
        kept
          ? cache.write(reviewKey(ref), {
              ...kept.value,
              acknowledgedAt: kept.value.acknowledgedAt ?? result.acknowledgedAt ?? kept.fetchedAt,
              cannotAcknowledge: kept.value.cannotAcknowledge ?? 'This check-in is already acknowledged.',
            })
          : null,
      )
      .catch((err: unknown) =>
        log.warn('reviews: could not update the kept copy after an acknowledgement', { error: String(err) }),
      )
  })

  const stateOf = (entry: OutboxEntry): Extract<AcknowledgeOutcome, { outcome: 'queued' }>['state'] => {
    if (entry.state === 'failed' || entry.state === 'needs_attention' || entry.state === 'conflict') {
      return 'needs_you'
    }
    if (sync.engine.isSending(entry.id)) return 'sending'
    return entry.unconfirmed ? 'checking' : 'queued'
  }

  const queued = (entry: OutboxEntry, why: AppError | null = null, released = false): AcknowledgeOutcome => {
    const state = released && entry.state === 'pending' ? 'sending' : stateOf(entry)
    const reason =
      state === 'needs_you'
        ? (entry.lastError?.message ?? 'Operately refused it.')
        : state === 'checking'
          ? 'Operately may have it without saying so. The app looks at the check-in before sending anything again, so it is never acknowledged twice.'
          : state === 'sending'
            ? 'Operately has not answered yet.'
            : queueReason(entry.lastError ?? why)
    return { outcome: 'queued', entryId: entry.id, state, reason }
  }

  /** The signed-in account's entry for this check-in (server and person: ids repeat across servers). */
  const waitingFor = (key: string, account: OutboxAccount): AcknowledgementEntry | null =>
    (sync.outbox
      .list()
      .find(
        (e) =>
          e.kind === 'acknowledgement' &&
          e.key === key &&
          (e.account === undefined || sameAccount(e.account, account)),
      ) as AcknowledgementEntry | undefined) ?? null

  async function acknowledge(ref: ReviewRef): Promise<AcknowledgeOutcome> {
    const payload = checked(ref)
    const state = await signedIn()
    // Told before trying, and before anything is queued: the server would refuse it anyway.
    if (!state.canWrite) throw new AppFailure(appError('read_only_token', READ_ONLY))
    const key = acknowledgementKey(payload)
    const account: OutboxAccount = {
      baseUrl: state.baseUrl,
      personId: state.person.id,
      personName: state.person.fullName,
    }
    const doneKey = deliveredKey(account, key)
    const done = delivered.get(doneKey)
    if (done !== undefined && !waitingFor(key, account)) {
      return { outcome: 'acknowledged', acknowledgedAt: done }
    }
    let entry = waitingFor(key, account)
    if (!entry) {
      // What the server would refuse anyway (not theirs to acknowledge) is said now, from the check-in as
      // read now, or as kept when the server cannot be reached. Unknown (offline, nothing kept): queued.
      let review: CheckInReview | null = null
      try {
        review = await get(ref)
      } catch (err) {
        if (!(err instanceof AppFailure)) throw err
        if (!['offline', 'timeout', 'server_error'].includes(err.error.kind)) throw err
      }
      if (review?.acknowledgedAt) return { outcome: 'acknowledged', acknowledgedAt: review.acknowledgedAt }
      if (review?.cannotAcknowledge) {
        throw new AppFailure(appError('invalid_input', review.cannotAcknowledge))
      }
      // On disk before anything is sent: from here on, it is sent once, whatever happens to the app.
      entry = (await sync.enqueue({
        kind: 'acknowledgement',
        payload,
        title: review?.subjectName ?? null,
        subjectId: review?.subjectId || null,
        authorName: review?.author?.name ?? null,
      })) as AcknowledgementEntry
    }
    if (sync.connectivity.knownOffline()) return queued(entry)
    if (entry.state !== 'pending' && entry.state !== 'sending') return queued(entry)
    const report = await sync.engine.deliverNow(entry.id)
    if (report.outcome?.outcome === 'delivered') {
      const result = report.outcome.result as AcknowledgementDelivery
      return { outcome: 'acknowledged', acknowledgedAt: result.acknowledgedAt }
    }
    if (!report.entry) {
      const sent = delivered.get(doneKey) ?? delivered.get(deliveredKey(undefined, key))
      if (sent !== undefined) return { outcome: 'acknowledged', acknowledgedAt: sent }
      throw new AppFailure(
        appError('invalid_input', 'This acknowledgement was discarded before it was sent.'),
      )
    }
    const outcome = report.outcome
    return queued(report.entry, outcome && 'error' in outcome ? outcome.error : null, report.released)
  }

  return { get, acknowledge }
}

export function createReviewHandlers(reviews: ReviewsService): AreaHandlers<typeof reviewOperations> {
  return {
    'reviews.get': (ref) => reviews.get(ref),
    'reviews.acknowledge': (ref) => reviews.acknowledge(ref),
  }
}
