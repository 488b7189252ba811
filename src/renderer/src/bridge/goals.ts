import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CheckInResult, CreateCheckInInput } from '@shared/domain/check-ins'
import { call } from './operately'

export const goalsQueryKey = ['goals'] as const
export const goalQueryKey = (id: string) => ['goal', id] as const

/**
 * Every goal the person can see, the person's own first. Kept for a minute: the picker is opened many times
 * during a round of check-ins, and each submitted check-in refreshes it (see useCreateCheckIn).
 */
export function useGoals() {
  return useQuery({
    queryKey: goalsQueryKey,
    queryFn: () => call((bridge) => bridge.goals.list()),
    staleTime: 60_000,
  })
}

/** One goal with targets, checklist, permissions and subscribers, read fresh each time the form opens. */
export function useGoal(id: string) {
  return useQuery({
    queryKey: goalQueryKey(id),
    queryFn: () => call((bridge) => bridge.goals.get({ id })),
    staleTime: 0,
    // A goal that is gone, or never was, answers not_found; showing the answer beats retrying it.
    retry: false,
  })
}

/**
 * Submitting a check-in. The caller chooses `submissionId` once per submission and sends it again on a
 * retry: main answers a repeat with the first attempt's outcome and never posts twice.
 */
export function useCreateCheckIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateCheckInInput): Promise<CheckInResult> =>
      call((bridge) => bridge.checkIns.create(input)),
    onSuccess: () => {
      // The list shows "last check-in" and the goal's values changed: read both again when next shown.
      void queryClient.invalidateQueries({ queryKey: goalsQueryKey })
      void queryClient.invalidateQueries({ queryKey: ['goal'] })
    },
  })
}
