import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { OperationOutput } from '@shared/contract'
import { EDIT_RIGHTS_IDS_PER_CALL } from '@shared/contract/limits'
import { goalsQueryKey } from './goals'
import { call } from './operately'
import { projectsQueryKey } from './projects'

type Rights = OperationOutput<'goals.editRights'>['rights']
type GoalList = OperationOutput<'goals.list'>
type ProjectList = OperationOutput<'projects.list'>

/** The rows of a list with the answers put in; rows without an answer stay as they were. */
function withRights<T extends { id: string; canEdit: boolean | null }>(rows: T[], rights: Rights): T[] {
  const answers = new Map(rights.filter((r) => r.canEdit !== null).map((r) => [r.id, r.canEdit]))
  if (answers.size === 0) return rows
  return rows.map((row) => {
    const canEdit = answers.get(row.id)
    return canEdit === undefined || canEdit === row.canEdit ? row : { ...row, canEdit }
  })
}

/**
 * Asks main whether the person may edit these rows (those the list could not settle, and that are on
 * screen), and puts the answers into the list as they come: the "View only" marks follow. Main asks the
 * server only about rows it has no answer for younger than a day, so a screen shown again costs nothing.
 * One call names at most `EDIT_RIGHTS_IDS_PER_CALL` ids; more on screen at once wait for the next call.
 */
export function useEditRightsOf(area: 'goals' | 'projects', ids: readonly string[]): void {
  const queryClient = useQueryClient()
  const asked = ids.slice(0, EDIT_RIGHTS_IDS_PER_CALL)
  useQuery({
    queryKey: ['edit-rights', area, asked],
    enabled: asked.length > 0,
    // The answers live on in the list (and in main, with their age): nothing to read again here.
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    queryFn: async () => {
      const { rights } =
        area === 'goals'
          ? await call((bridge) => bridge.goals.editRights({ ids: asked }))
          : await call((bridge) => bridge.projects.editRights({ ids: asked }))
      if (area === 'goals') {
        queryClient.setQueryData<GoalList>(goalsQueryKey, (list) =>
          list ? { ...list, goals: withRights(list.goals, rights) } : list,
        )
      } else {
        queryClient.setQueryData<ProjectList>(projectsQueryKey, (list) =>
          list ? { ...list, projects: withRights(list.projects, rights) } : list,
        )
      }
      return rights
    },
  })
}
