import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OperationInput, OperationOutput } from '@shared/contract'
import type { UpdateStatusView } from '@shared/contract/settings'
import { call } from './operately'

export const settingsQueryKey = ['settings'] as const
export const aboutQueryKey = ['about'] as const

export type SettingsView = OperationOutput<'settings.get'>
export type SettingsPatch = OperationInput<'settings.update'>
export type AboutView = OperationOutput<'app.about'>

/** The settings in force (the person's choices merged with what IT manages), and what is locked. */
export function useSettings() {
  return useQuery({ queryKey: settingsQueryKey, queryFn: () => call((bridge) => bridge.settings.get()) })
}

/** Saves one change; the answer (main's view after the change) replaces the cached settings. */
export function useUpdateSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (patch: SettingsPatch) => call((bridge) => bridge.settings.update(patch)),
    onSuccess: (next) =>
      queryClient.setQueryData<SettingsView>(settingsQueryKey, (view) =>
        view ? { ...view, ...next } : view,
      ),
  })
}

/** While an update is being looked for or downloaded, the About view asks again this often. */
const busyUpdatePollMs = 1500
const isBusy = (status: UpdateStatusView | undefined) =>
  status?.state === 'checking' || status?.state === 'available'

/** Version, data folder and update status. Main cannot push to the page, so a busy updater is polled. */
export function useAbout() {
  return useQuery({
    queryKey: aboutQueryKey,
    queryFn: () => call((bridge) => bridge.app.about()),
    refetchInterval: (query) => (isBusy(query.state.data?.updates) ? busyUpdatePollMs : false),
  })
}

export function useCheckForUpdates() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call((bridge) => bridge.updates.check()),
    onSuccess: (updates) =>
      queryClient.setQueryData<AboutView>(aboutQueryKey, (about) => (about ? { ...about, updates } : about)),
  })
}

export function useRestartToUpdate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call((bridge) => bridge.updates.restart()),
    // Nothing was ready after all (say it was installed meanwhile): show what main knows now.
    onSuccess: ({ restarting }) => {
      if (!restarting) void queryClient.invalidateQueries({ queryKey: aboutQueryKey })
    },
  })
}
