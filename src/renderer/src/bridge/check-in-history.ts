import { useQuery } from '@tanstack/react-query'
import type { CheckInHistoryRead } from '@shared/domain/check-in-history'
import { lastSegment } from '@shared/ids'
import { call } from './operately'

export const checkInHistoryQueryKey = (goalId: string) => ['check-in-history', lastSegment(goalId)] as const

/**
 * A goal's published check-ins, newest first, read each time the form opens (main keeps a copy for
 * offline). Not retried: an answer that says why (offline, not found) beats waiting.
 */
export function useCheckInHistory(goalId: string) {
  return useQuery({
    queryKey: checkInHistoryQueryKey(goalId),
    queryFn: (): Promise<CheckInHistoryRead> => call((bridge) => bridge.goals.checkIns({ goalId })),
    staleTime: 0,
    retry: false,
  })
}
