import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AcknowledgeOutcome, CheckInReview, ReviewRef } from '@shared/domain/reviews'
import { lastSegment } from '@shared/ids'
import { assignmentsQueryKey } from './assignments'
import { call } from './operately'
import { refreshSync } from './sync'

export const reviewQueryKey = (ref: ReviewRef) => ['review', ref.kind, lastSegment(ref.checkInId)] as const

/**
 * A check-in to acknowledge, read each time it is opened (main keeps a copy for offline), with whether the
 * person may acknowledge it. Not retried: an answer that says why (offline, not found) beats waiting.
 */
export function useCheckInReview(ref: ReviewRef) {
  return useQuery({
    queryKey: reviewQueryKey(ref),
    queryFn: (): Promise<CheckInReview> =>
      call((bridge) => bridge.reviews.get({ kind: ref.kind, checkInId: ref.checkInId })),
    staleTime: 0,
    retry: false,
  })
}

/**
 * "Acknowledge": main writes it to the outbox on disk, sends it (once), and answers `acknowledged` or
 * `queued`. Once the server has it, the inbox is read again: the row leaves and the badge goes down.
 */
export function useAcknowledge() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ref: ReviewRef): Promise<AcknowledgeOutcome> =>
      call((bridge) => bridge.reviews.acknowledge({ kind: ref.kind, checkInId: ref.checkInId })),
    onSuccess: (outcome, ref) => {
      void queryClient.invalidateQueries({ queryKey: reviewQueryKey(ref) })
      if (outcome.outcome !== 'acknowledged') return
      call((bridge) => bridge.assignments.refresh({})).then(
        (view) => queryClient.setQueryData(assignmentsQueryKey, view),
        () => queryClient.invalidateQueries({ queryKey: assignmentsQueryKey }),
      )
    },
    onSettled: () => void refreshSync(queryClient),
  })
}
