import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { AssignmentsView, PendingNavigation, ReminderSettings } from '@shared/domain/assignments'
import { isCheckInOutcome } from '@shared/domain/check-in-outcome'
import { call } from './operately'

/**
 * The due check-ins inbox: what the signed-in person owes, as main keeps it (main polls the server and
 * keeps the last answer on disk; the renderer only asks main).
 */

export const assignmentsQueryKey = ['assignments'] as const
export const reminderSettingsQueryKey = ['reminder-settings'] as const

/**
 * Reads the lists. Main answers at once with what it knows; when it is asking the server right then
 * (`refreshing`), that answer is shown straight away and the query waits once more for the server's.
 */
async function readAssignments(queryClient: QueryClient): Promise<AssignmentsView> {
  const known = await call((bridge) => bridge.assignments.get({}))
  if (!known.refreshing) return known
  // Shown while the query keeps fetching: setQueryData does not end the fetch under way.
  queryClient.setQueryData(assignmentsQueryKey, known)
  return call((bridge) => bridge.assignments.get({ wait: true }))
}

/**
 * What is due. Stale at once, so every return to the inbox asks main again (cheap: main answers from
 * memory), which is how a check-in submitted elsewhere in the popup leaves the list. Unlike other
 * queries it is also read again whenever the popup is shown (the page becomes visible): the popup stays
 * loaded while hidden, and the badge and lists must not show what was due when it was last open.
 */
export function useAssignments() {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: assignmentsQueryKey,
    queryFn: () => readAssignments(queryClient),
    staleTime: 0,
    refetchOnWindowFocus: true,
  })
}

/** Asks the server now (the "Refresh" button); the answer replaces the lists. */
export function useRefreshAssignments() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call((bridge) => bridge.assignments.refresh({})),
    onSuccess: (view) => queryClient.setQueryData(assignmentsQueryKey, view),
  })
}

/**
 * Keeps the inbox true after a check-in: whenever a mutation in this popup succeeds with a check-in
 * created on the server (the check-in form's submission), main is asked to read the server again and the
 * lists are replaced by its answer. A queued check-in changed nothing on the server yet: the lists stay.
 * Mount once, high in the signed-in tree.
 */
export function useRefreshAfterCheckIns(): void {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return
        const outcome = event.action.data
        if (!isCheckInOutcome(outcome) || outcome.outcome !== 'created') return
        call((bridge) => bridge.assignments.refresh({})).then(
          (view) => queryClient.setQueryData(assignmentsQueryKey, view),
          // The check-in itself went through; the lists are read from main again instead.
          () => queryClient.invalidateQueries({ queryKey: assignmentsQueryKey }),
        )
      }),
    [queryClient],
  )
}

export function useReminderSettings() {
  return useQuery({
    queryKey: reminderSettingsQueryKey,
    queryFn: () => call((bridge) => bridge.reminders.getSettings({})),
  })
}

export function useSaveReminderSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: ReminderSettings) => call((bridge) => bridge.reminders.setSettings(settings)),
    onSuccess: (saved) => queryClient.setQueryData(reminderSettingsQueryKey, saved),
  })
}

/** The goal a clicked reminder asked to open; handed out once by main. */
export const takePendingNavigation = (): Promise<PendingNavigation> =>
  call((bridge) => bridge.inbox.takePendingNavigation({}))
