import type { goalOperations } from '@shared/contract/goals'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { CheckInSubmitter } from '../check-ins/submit-or-queue'
import type { ServerDrafts } from '../check-ins/server-drafts'
import type { GoalsService } from './goals-service'

/** `goals.*` and `checkIns.create` (declared together in the contract's goals area). */
export function createGoalHandlers(deps: {
  goals: GoalsService
  /** Check-ins go through the outbox, and are sent from there (check-ins/submit-or-queue). */
  checkIns: CheckInSubmitter
  serverDrafts: ServerDrafts
}): AreaHandlers<typeof goalOperations> {
  return {
    'goals.list': ({ first }) => deps.goals.list({ first }),
    'goals.listRest': ({ readId }) => deps.goals.listRest(readId),
    'goals.get': ({ id }) => deps.goals.get(id),
    'goals.editRights': ({ ids }) => deps.goals.editRights(ids),
    'checkIns.create': (input) => deps.checkIns.submit(input),
    'checkIns.submission': (query) => deps.checkIns.submission(query),
    'checkIns.background': async ({ submissionId }) => {
      deps.checkIns.background(submissionId)
      return {}
    },
    'checkIns.withdraw': ({ submissionId }) => deps.checkIns.withdraw(submissionId),
    'checkIns.serverDrafts': () => deps.serverDrafts.list(),
  }
}
