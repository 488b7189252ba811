import { useQuery } from '@tanstack/react-query'
import type { CheckInHistoryRead } from '@shared/domain/check-in-history'
import type { CheckInSubject } from '@shared/domain/check-ins'
import { lastSegment } from '@shared/ids'
import { call } from './operately'

export const checkInHistoryQueryKey = (subject: CheckInSubject) =>
  ['check-in-history', subject.kind, lastSegment(subject.id)] as const

/**
 * A goal's (a project's) published check-ins, newest first, read each time the form opens (main keeps a
 * copy for offline). Not retried: an answer that says why (offline, not found) beats waiting.
 */
export function useCheckInHistory(subject: CheckInSubject, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: checkInHistoryQueryKey(subject),
    queryFn: (): Promise<CheckInHistoryRead> =>
      call((bridge) => bridge.checkIns.history({ subject: { kind: subject.kind, id: subject.id } })),
    enabled: options.enabled ?? true,
    staleTime: 0,
    retry: false,
  })
}
