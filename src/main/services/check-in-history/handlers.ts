import type { checkInHistoryOperations } from '@shared/contract/check-in-history'
import type { AreaHandlers } from '../ipc/dispatcher'
import type { CheckInHistoryService } from './check-in-history-service'

/** `checkIns.history`: the history beside the check-in form. */
export function createCheckInHistoryHandlers(
  history: CheckInHistoryService,
): AreaHandlers<typeof checkInHistoryOperations> {
  return {
    'checkIns.history': ({ subject }) => history.list(subject),
  }
}
