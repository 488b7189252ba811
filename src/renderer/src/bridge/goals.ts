import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { OperationOutput } from '@shared/contract'
import type { GoalDetail } from '@shared/domain/goals'
import { sameId } from '@shared/ids'
import type {
  CheckInOutcome,
  CheckInSubject,
  CheckInSubmission,
  CreateCheckInInput,
} from '@shared/domain/check-ins'
import { call } from './operately'
import { refreshSync } from './sync'

export const goalsQueryKey = ['goals'] as const
export const goalQueryKey = (id: string) => ['goal', id] as const

type GoalList = OperationOutput<'goals.list'>

/** The goal is view only (the server refused an action on it): the list and its detail say so. */
function markGoalViewOnly(queryClient: QueryClient, goalId: string): void {
  queryClient.setQueryData<GoalList>(goalsQueryKey, (list) =>
    list
      ? { ...list, goals: list.goals.map((g) => (sameId(g.id, goalId) ? { ...g, canEdit: false } : g)) }
      : list,
  )
  for (const [key, detail] of queryClient.getQueriesData<GoalDetail>({ queryKey: ['goal'] })) {
    if (detail && sameId(detail.id, goalId)) queryClient.setQueryData(key, { ...detail, canEdit: false })
  }
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
 * retry: main answers a repeat with that submission's outcome and never posts twice. Main writes it to the
 * outbox on disk first, sends it, and answers `created` or `queued` (waiting, being checked, or needing
 * the person): then the outbox sends it, once, and `useCheckInSubmission` follows it.
 */
export function useCreateCheckIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateCheckInInput): Promise<CheckInOutcome> =>
      call((bridge) => bridge.checkIns.create(input)),
    onSuccess: (outcome) => {
      if (outcome.outcome !== 'created') return
      // The list shows "last check-in" and the goal's values changed: read both again when next shown.
      void queryClient.invalidateQueries({ queryKey: goalsQueryKey })
      void queryClient.invalidateQueries({ queryKey: ['goal'] })
    },
    // Refused for want of rights (they changed on the server): main has marked the goal view only, and
    // so do the list and the goal shown, without reading either again.
    onError: (error, input) => {
      if (error.kind === 'forbidden' && 'goalId' in input) markGoalViewOnly(queryClient, input.goalId)
    },
    // Queued, or sent with an older one for this goal: the Sync tab's count may have changed either way.
    onSettled: () => void refreshSync(queryClient),
  })
}

/** How often a submission that waits is read again while its screen is shown. */
export const submissionPollMs = 1_500

export const checkInSubmissionKey = (
  subject: CheckInSubject | null,
  submissionId: string | null,
  recent = false,
) => ['check-in-submission', subject?.kind ?? '', subject?.id ?? '', submissionId, recent] as const

/**
 * The goal's (the project's) submission that is not on the server yet, if one waits (the screen shows it rather than a
 * second form); with a submission id, also whether it has been sent since, and what the server recorded.
 * `recent`: else the goal's check-in sent from this computer in the last 24 hours, if there is one.
 * `follow` reads it again every second and a half, to show "Sent" when it lands.
 */
export function useCheckInSubmission(
  subject: CheckInSubject | null,
  submissionId: string | null,
  options: { follow: boolean; enabled?: boolean; recent?: boolean },
) {
  const recent = options.recent ?? false
  return useQuery({
    queryKey: checkInSubmissionKey(subject, submissionId, recent),
    queryFn: (): Promise<CheckInSubmission> =>
      call((bridge) =>
        bridge.checkIns.submission({
          subject: { kind: subject!.kind, id: subject!.id },
          ...(submissionId ? { submissionId } : {}),
          ...(recent ? { recent } : {}),
        }),
      ),
    enabled: subject !== null && (options.enabled ?? true),
    staleTime: 0,
    gcTime: 0,
    refetchInterval: options.follow ? submissionPollMs : false,
    refetchIntervalInBackground: false,
  })
}

/** "Keep it in the background": the pending submit answers now; the outbox carries on with it. */
export const keepInBackground = (submissionId: string): Promise<void> =>
  call((bridge) => bridge.checkIns.background({ submissionId })).then(() => undefined)

/** Takes a submission that needs the person back out of the outbox, to edit it in the form. */
export const withdrawCheckIn = (submissionId: string): Promise<CreateCheckInInput> =>
  call((bridge) => bridge.checkIns.withdraw({ submissionId }))

export const serverDraftsQueryKey = ['server-drafts'] as const

/**
 * The drafts and scheduled check-ins saved from this app that are still unpublished on Operately. Main
 * answers from what it kept and reads those goals again at most every few minutes, so asking on every
 * visit to the inbox is cheap.
 */
export function useServerDrafts() {
  return useQuery({
    queryKey: serverDraftsQueryKey,
    queryFn: () => call((bridge) => bridge.checkIns.serverDrafts({})),
    staleTime: 0,
    refetchOnWindowFocus: true,
  })
}
