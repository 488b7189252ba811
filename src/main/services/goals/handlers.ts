import type { goalOperations } from '@shared/contract/goals'
import type { CheckInOutcome, CreateCheckInInput } from '@shared/domain/check-ins'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { GoalsService } from './goals-service'

/** `goals.*` and `checkIns.create` (declared together in the contract's goals area). */
export function createGoalHandlers(deps: {
  goals: GoalsService
  /** Creates the check-in now, or queues it when Operately cannot be reached (check-ins/submit-or-queue). */
  submitCheckIn: (input: CreateCheckInInput) => Promise<CheckInOutcome>
}): AreaHandlers<typeof goalOperations> {
  return {
    'goals.list': () => deps.goals.list(),
    'goals.get': ({ id }) => deps.goals.get(id),
    'checkIns.create': (input) => deps.submitCheckIn(input),
  }
}
