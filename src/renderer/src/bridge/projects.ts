import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OperationOutput } from '@shared/contract'
import type { SaveDescriptionInput, SaveDescriptionResult } from '@shared/domain/projects'
import { sameId } from '@shared/ids'
import { call } from './operately'
import { refreshSync } from './sync'

export const projectsQueryKey = ['projects'] as const

type ProjectList = OperationOutput<'projects.list'>
/** One project as main answers it: the detail, how fresh it is, and a save of it still in the outbox. */
export type ProjectView = OperationOutput<'projects.get'>
export const projectQueryKey = (id: string) => ['project', id] as const

/**
 * One project with its description, read fresh every time the editor opens: the description it shows is
 * the base a save is checked against, so a copy cached from an earlier visit would only cause conflicts.
 * (When the server cannot be reached, main answers the copy it kept on disk, marked `fromCache`.)
 */
export function useProject(id: string) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: projectQueryKey(id),
    queryFn: async () => {
      const detail = await call((bridge) => bridge.projects.get({ id }))
      // The list cannot know edit rights (the server does not say there): now that they are known, the
      // list marks this project correctly without being read again.
      queryClient.setQueryData<ProjectList>(projectsQueryKey, (list) =>
        list
          ? {
              ...list,
              projects: list.projects.map((p) =>
                sameId(p.id, detail.id) ? { ...p, canEdit: detail.canEdit } : p,
              ),
            }
          : list,
      )
      return detail
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
}

export const projectCheckInQueryKey = (id: string) => ['project-check-in', id] as const

/**
 * A project as its weekly check-in form shows it (status, reviewer, who may be notified), read each time
 * the form opens; main answers the copy it kept when the server cannot be reached.
 */
export function useProjectCheckInDetail(id: string) {
  return useQuery({
    queryKey: projectCheckInQueryKey(id),
    queryFn: () => call((bridge) => bridge.projects.checkInDetail({ id })),
    staleTime: 0,
    retry: false,
  })
}

/**
 * One project read again outside the page's query (the page stays as it is while this is on its way):
 * used to learn what became of a save that waited in the outbox.
 */
export const readProject = (id: string): Promise<ProjectView> => call((bridge) => bridge.projects.get({ id }))

/**
 * Saving a description. Answers `conflict` (nothing sent) when the server's description is no longer the
 * one the edit started from, unless `overwrite`; `queued` when the server cannot take it now (it waits in
 * the outbox, so the server's description, and the cached project, are unchanged).
 */
export function useSaveDescription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SaveDescriptionInput): Promise<SaveDescriptionResult> =>
      call((bridge) => bridge.projects.saveDescription(input)),
    onSuccess: (result, input) => {
      if (result.outcome !== 'saved') return
      // Confirmed by the server: nothing of this project waits in the outbox any more.
      queryClient.setQueryData<ProjectView>(projectQueryKey(input.projectId), (detail) =>
        // The saved text's hash is main's to tell (descriptionSha256 named the text served before it).
        detail
          ? { ...detail, description: result.description, descriptionSha256: null, queued: null }
          : detail,
      )
    },
    // Refused for want of rights (they changed on the server): main has marked the project view only,
    // and so does the list, without reading it again.
    onError: (error, input) => {
      if (error.kind !== 'forbidden') return
      queryClient.setQueryData<ProjectList>(projectsQueryKey, (list) =>
        list
          ? {
              ...list,
              projects: list.projects.map((p) =>
                sameId(p.id, input.projectId) ? { ...p, canEdit: false } : p,
              ),
            }
          : list,
      )
    },
    // A save queues, replaces or sends an outbox entry: the Sync tab's count follows.
    onSettled: () => void refreshSync(queryClient),
  })
}
