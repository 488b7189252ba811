import { z } from 'zod'
import { personOptionSchema, type PersonOption } from '@shared/contract/people'
import { AppFailure } from '@shared/errors'
import { sameId } from '@shared/ids'
import type { Cache, ConnectivityReporter } from '../cache/cache'
import type { Logger } from '../log/logger'
import type { SessionService } from '../session/session-service'

export interface PeopleService {
  /**
   * People of the company whose name, e-mail or title matches, for @mentions and pickers. When the server
   * cannot be reached, the people seen in earlier searches that match: mentions still work offline.
   */
  search(input: { query: string; ignoredIds?: string[] }): Promise<PersonOption[]>
}

const RECENT_KEY = 'people:recent'
const MAX_RECENT = 200
const recentSchema = z.array(personOptionSchema)
const unreachable = ['offline', 'timeout', 'server_error']

/** Matches the way a person types a name: every word of the query starts a word of the name or title. */
export function matchesQuery(person: PersonOption, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const haystack = `${person.fullName} ${person.title ?? ''}`.toLowerCase().split(/[\s,.-]+/)
  return words.every((word) => haystack.some((part) => part.startsWith(word)))
}

export function createPeopleService(deps: {
  session: SessionService
  cache: Cache
  connectivity: ConnectivityReporter
  log: Logger
}): PeopleService {
  const { session, cache, connectivity, log } = deps

  /**
   * Adds the people not seen before, newest first. Mention searches run as the person types: a search
   * that brings no one new writes nothing (each write is an fsynced file).
   */
  const remember = async (found: PersonOption[]) => {
    const before = (await cache.read(RECENT_KEY, recentSchema))?.value ?? []
    const unseen = found.filter((f) => !before.some((p) => sameId(f.id, p.id)))
    if (unseen.length === 0) return
    await cache.write(RECENT_KEY, [...unseen, ...before].slice(0, MAX_RECENT))
  }

  const fromRecent = async (query: string, ignoredIds: string[] = []) => {
    const recent = (await cache.read(RECENT_KEY, recentSchema))?.value ?? []
    return recent.filter((p) => !ignoredIds.some((id) => sameId(id, p.id)) && matchesQuery(p, query.trim()))
  }

  return {
    async search({ query, ignoredIds }) {
      if (connectivity.knownOffline()) return fromRecent(query, ignoredIds)
      let people: PersonOption[]
      try {
        const client = await session.client()
        // Scoped to the company: some servers fail (500) when a search has no scope.
        const found = await client.searchPeople({
          query: query.trim(),
          ...(ignoredIds && ignoredIds.length > 0 ? { ignoredIds } : {}),
          scopeType: 'company',
        })
        people = found.map((p) => ({ id: p.id, fullName: p.full_name, title: p.title }))
      } catch (err) {
        if (err instanceof AppFailure && unreachable.includes(err.error.kind)) {
          connectivity.reportFailure(err.error.kind)
          return fromRecent(query, ignoredIds)
        }
        throw err
      }
      await remember(people).catch((err: unknown) =>
        log.warn('people: could not keep the search results for offline use', { error: String(err) }),
      )
      return people
    },
  }
}
