import { useMemo } from 'react'
import type { CheckInFormSubject } from './check-in-subject'
import { useCheckInHistory } from '../../bridge/check-in-history'
import { targetHistory, type TargetPoint } from './target-history'

/**
 * Each target's recorded values, by target id, from the same history query the "Earlier check-ins" panel
 * reads (one request for both); undefined until that history has arrived, so the form draws no empty
 * charts while it loads.
 */
export function useTargetTrends(goal: CheckInFormSubject): Record<string, TargetPoint[]> | undefined {
  const history = useCheckInHistory(goal)
  // None from an earlier answer that a later, refused read left behind (see CheckInHistory).
  const checkIns = history.isError ? undefined : history.data?.checkIns
  return useMemo(
    () =>
      checkIns === undefined
        ? undefined
        : Object.fromEntries(goal.targets.map((target) => [target.id, targetHistory(checkIns, target.id)])),
    [checkIns, goal.targets],
  )
}
