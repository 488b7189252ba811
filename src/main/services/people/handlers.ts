import type { peopleOperations } from '@shared/contract/people'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { PeopleService } from './people-service'

export function createPeopleHandlers(people: PeopleService): AreaHandlers<typeof peopleOperations> {
  return {
    'people.search': async (input) => ({
      people: await people.search({
        query: input.query,
        ...(input.ignoredIds && { ignoredIds: input.ignoredIds }),
      }),
    }),
  }
}
