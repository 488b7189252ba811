import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OperationOutput } from '@shared/contract'
import type { ProjectDetail, SaveDescriptionInput, SaveDescriptionResult } from '@shared/domain/projects'
import { sameId } from '@shared/ids'
import { call } from './operately'

export const projectsQueryKey = ['projects'] as const

type ProjectList = OperationOutput<'projects.list'>
export const projectQueryKey = (id: string) => ['project', id] as const

/** Every project the person can see, their own first. Kept for a minute: the picker opens often. */
export function useProjects() {
  return useQuery({
    queryKey: projectsQueryKey,
    queryFn: () => call((bridge) => bridge.projects.list()),
    staleTime: 60_000,
  })
}

/**
 * One project with its description, read fresh every time the editor opens: the description it shows is
 * the base a save is checked against, so a copy cached from an earlier visit would only cause conflicts.
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

/**
 * Saving a description. Answers `conflict` (nothing sent) when the server's description is no longer the
 * one the edit started from, unless `overwrite`.
 */
export function useSaveDescription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SaveDescriptionInput): Promise<SaveDescriptionResult> =>
      call((bridge) => bridge.projects.saveDescription(input)),
    onSuccess: (result, input) => {
      if (result.outcome !== 'saved') return
      queryClient.setQueryData<ProjectDetail>(projectQueryKey(input.projectId), (detail) =>
        detail ? { ...detail, description: result.description } : detail,
      )
    },
  })
}
