import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
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
 * One piece of the view, for screens that are not the Sync view: the screen renders again only when that
 * piece changes, not at every poll (an editor re-rendered while someone types can lose the cursor).
 * `pick` must be stable (module-level or memoised).
 */
export function useSyncPick<T>(pick: (view: SyncView) => T) {
  return useQuery({ ...syncQuery, select: pick })
}

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
