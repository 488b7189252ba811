import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { SyncView } from '@shared/domain/sync'
import { call } from './operately'

/**
 * The outbox as the Sync view and the Sync tab see it: work saved on this computer that the server has
 * not confirmed yet. Main owns the outbox and sends it; the renderer only asks and relays the person's
 * choices (send now, retry one item, discard one item).
 */

export const syncQueryKey = ['sync'] as const

/**
 * How often the view is read again while the popup is shown: main cannot push to the page, and an item
 * sent in the background (or the connection coming back) should show within a few seconds.
 */
export const syncPollMs = 3_000

const syncQuery = {
  queryKey: syncQueryKey,
  queryFn: () => call((bridge) => bridge.sync.get()),
  staleTime: 0,
  refetchInterval: syncPollMs,
  // react-query pauses the interval while the page is hidden (the popup closed): no polling for nothing.
  refetchIntervalInBackground: false,
} as const

export function useSync() {
  return useQuery(syncQuery)
}

/**
 * One piece of the view, `pick(view, arg)`, for screens that are not the Sync view: the screen renders
 * again only when that piece changes, not at every poll (an editor re-rendered while someone types can
 * lose the cursor).
 *
 * `pick` must be a module-level function, and whatever it needs from the screen comes as `arg`. The
 * query is shared: it keeps the options of the last screen that read it, its select included, until
 * another reader fetches again (and none does while the popup is hidden). A function written inside a
 * component would keep that component's whole closure scope alive with it, a closed editor's
 * megabyte-sized document for one; this select holds `pick` and `arg` and nothing else.
 */
export function useSyncPick<A, T>(pick: (view: SyncView, arg: A) => T, arg: A) {
  const select = useMemo(() => selectWith(pick, arg), [pick, arg])
  return useQuery({ ...syncQuery, select })
}

// Module-level, so that the select's scope is this function's and not the calling hook's.
const selectWith =
  <A, T>(pick: (view: SyncView, arg: A) => T, arg: A) =>
  (view: SyncView): T =>
    pick(view, arg)

/** Reads the view again soon: called after anything that may have put work in the outbox or taken it out. */
export const refreshSync = (queryClient: QueryClient): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: syncQueryKey })

/** Every sync operation answers the view after acting: it replaces the cached one at once. */
function useSyncMutation<I>(run: (input: I) => Promise<SyncView>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: (view) => queryClient.setQueryData(syncQueryKey, view),
  })
}

/** "Sync now": checks the connection and sends what is waiting; resolves once the attempt is over. */
export const useSyncNow = () => useSyncMutation<void>(() => call((bridge) => bridge.sync.now()))

/** "Retry now" on one item. */
export const useRetrySyncItem = () =>
  useSyncMutation<string>((id) => call((bridge) => bridge.sync.retry({ id })))

/** Removes one item for good (the person has confirmed). */
export const useDiscardSyncItem = () =>
  useSyncMutation<string>((id) => call((bridge) => bridge.sync.discard({ id })))

/** Removes a queued file that could not be read, for good (the person has confirmed). */
export const useDiscardDamaged = () =>
  useSyncMutation<string>((id) => call((bridge) => bridge.sync.discardDamaged({ id })))
