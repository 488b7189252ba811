import type { goalOperations } from '@shared/contract/goals'
import type { CheckInService } from '../check-ins/check-in-service'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { GoalsService } from './goals-service'

/** `goals.*` and `checkIns.create` (declared together in the contract's goals area). */
export function createGoalHandlers(deps: {
  goals: GoalsService
  checkIns: CheckInService
}): AreaHandlers<typeof goalOperations> {
  return {
    'goals.list': () => deps.goals.list(),
    'goals.get': ({ id }) => deps.goals.get(id),
    'checkIns.create': (input) => deps.checkIns.create(input),
  }
}
