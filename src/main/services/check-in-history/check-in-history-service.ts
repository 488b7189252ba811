import { checkInHistorySchema, type CheckInHistoryRead } from '@shared/domain/check-in-history'
import { AppFailure, appError } from '@shared/errors'
import type { CheckInSubject } from '@shared/domain/check-ins'
import { lastSegment } from '@shared/ids'
import { listCheckInsOf } from '../check-ins/kinds'
import { freshnessOf, type Cache, type ConnectivityReporter } from '../cache/cache'
import type { WebUrls } from '../goals/web-urls'
import type { KnownPeople } from '../people/known-people'
import type { SessionService } from '../session/session-service'
import { isPublished, toPastCheckIn, withoutRepeats } from './map-check-in'

export interface CheckInHistoryService {
  /**
   * The goal's (the project's) published check-ins, newest first. Fresh from the server and kept on
   * disk; the kept copy when the server cannot be reached or sends something unreadable (with why). A
   * goal the server does not know (404) is said so, never hidden behind an old copy.
   */
  list(subject: CheckInSubject): Promise<CheckInHistoryRead>
}

/**
 * `check-ins:<short id>` (a goal's: the key kept before projects) or `project-check-ins:<short id>`: ids
 * naming the same goal or project (slug or short id) share one copy.
 */
export const historyKey = (subject: CheckInSubject): string =>
  `${subject.kind === 'goal' ? 'check-ins' : 'project-check-ins'}:${lastSegment(subject.id)}`

export function createCheckInHistoryService(deps: {
  session: SessionService
  cache: Cache
  connectivity: ConnectivityReporter
  /** Who the company knows (asked once in a while, not for every goal opened). */
  knownPeople: KnownPeople
  /** Each check-in's page in Operately. */
  webUrls: Pick<WebUrls, 'checkIn' | 'projectCheckIn'>
}): CheckInHistoryService {
  const { session, cache, connectivity, knownPeople, webUrls } = deps

  return {
    async list(subject) {
      const state = await session.get()
      if (state.status !== 'signed_in') {
        throw new AppFailure(
          appError('not_signed_in', 'You are signed out. Sign in to your Operately server first.'),
        )
      }
      const key = historyKey(subject)
      const pageOf = (id: string) =>
        subject.kind === 'goal' ? webUrls.checkIn(id) : webUrls.projectCheckIn(id)
      try {
        const read = await cache.cachedRead(
          key,
          async () => {
            const client = await session.client()
            const [checkIns, known] = await Promise.all([
              listCheckInsOf(client, subject),
              knownPeople.idsFor({ baseUrl: state.baseUrl, personId: state.person.id }),
            ])
            const shown = withoutRepeats(checkIns.filter(isPublished)).map((c) => toPastCheckIn(c, known))
            // The company part of the address is learnt once per server: one look for all of them.
            const addresses = await Promise.all(shown.map((c) => pageOf(c.id)))
            return { checkIns: shown.map((c, i) => ({ ...c, webUrl: addresses[i] ?? null })) }
          },
          { connectivity, schema: checkInHistorySchema },
        )
        return { ...read.value, ...freshnessOf(read) }
      } catch (err) {
        // A 2xx the app cannot read says nothing about the check-ins: the kept copy still stands, and the
        // screen says why it is not fresh. (cachedRead keeps copies only for an unreachable server.)
        if (!(err instanceof AppFailure) || err.error.kind !== 'invalid_response') throw err
        const copy = await cache.read(key, checkInHistorySchema)
        if (!copy) throw err
        return { ...copy.value, fetchedAt: copy.fetchedAt, fromCache: true, lastError: err.error }
      }
    },
  }
}
