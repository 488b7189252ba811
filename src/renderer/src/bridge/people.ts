import type { MentionPerson } from '../editor'
import { call } from './operately'

/**
 * People to @mention, searched on the server. The signed-in person is left out: mentioning yourself
 * notifies nobody.
 */
export async function searchMentionable(query: string, ignoredIds: string[] = []): Promise<MentionPerson[]> {
  const { people } = await call((bridge) =>
    bridge.people.search({ query: query.slice(0, 200), ...(ignoredIds.length > 0 ? { ignoredIds } : {}) }),
  )
  return people.map((person) => ({ id: person.id, label: person.fullName }))
}
