import type { PersonOption } from '@shared/contract/people'
import type { SessionService } from '../session/session-service'

export interface PeopleService {
  /** People of the company whose name, e-mail or title matches, for @mentions and pickers. */
  search(input: { query: string; ignoredIds?: string[] }): Promise<PersonOption[]>
}

export function createPeopleService(deps: { session: SessionService }): PeopleService {
  return {
    async search({ query, ignoredIds }) {
      const client = await deps.session.client()
      // Scoped to the company: some servers fail (500) when a search has no scope.
      const people = await client.searchPeople({
        query: query.trim(),
        ...(ignoredIds && ignoredIds.length > 0 ? { ignoredIds } : {}),
        scopeType: 'company',
      })
      return people.map((p) => ({ id: p.id, fullName: p.full_name, title: p.title }))
    },
  }
}
