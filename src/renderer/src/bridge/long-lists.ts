import { useQuery } from '@tanstack/react-query'
import { LIST_FRESH_MS } from './freshness'
import { goalsQueryKey } from './goals'
import { listInParts } from './list-in-parts'
import { call } from './operately'
import { projectsQueryKey } from './projects'
import { withRightsLearnt } from './rights-learnt'

// The two long lists, each read in two parts the first time (see listInParts). Apart from goals.ts and
// projects.ts, which the inbox's first screen loads: only the Check-ins and Projects sections, loaded when
// opened, read these lists, and the code reading them in parts comes with them.

/** Whether a list is only its first screen yet, the rest on its way (see listInParts). */
export const restToCome = (list: { rest: unknown } | undefined): boolean => (list?.rest ?? null) !== null

/**
 * Every goal the person can see, the person's own first; the first time, the first screen of them and then
 * the rest (`rest` is not null until the rest is in, see listInParts). Kept for 30 seconds: the picker is opened many
 * times during a round of check-ins, and each submitted check-in refreshes it (see useCreateCheckIn).
 */
export function useGoals() {
  return useQuery({
    queryKey: goalsQueryKey,
    queryFn: listInParts({
      first: (rows) => call((bridge) => bridge.goals.list({ first: rows })),
      rest: (readId) => call((bridge) => bridge.goals.listRest({ readId })),
      whole: () => call((bridge) => bridge.goals.list({})),
      keepLearnt: (whole, sent, shown) => ({
        ...whole,
        goals: withRightsLearnt(whole.goals, sent.goals, shown.goals),
      }),
    }),
    staleTime: LIST_FRESH_MS,
    // The popup stays loaded while hidden: shown again with a list older than that, it is read again.
    refetchOnWindowFocus: true,
  })
}

/**
 * Every project the person can see, their own first; the first time, the first screen of them and then the
 * rest (`rest` is not null until the rest is in, see listInParts). Kept for 30 seconds: the picker opens often.
 */
export function useProjects() {
  return useQuery({
    queryKey: projectsQueryKey,
    queryFn: listInParts({
      first: (rows) => call((bridge) => bridge.projects.list({ first: rows })),
      rest: (readId) => call((bridge) => bridge.projects.listRest({ readId })),
      whole: () => call((bridge) => bridge.projects.list({})),
      keepLearnt: (whole, sent, shown) => ({
        ...whole,
        projects: withRightsLearnt(whole.projects, sent.projects, shown.projects),
      }),
    }),
    staleTime: LIST_FRESH_MS,
    // The popup stays loaded while hidden: shown again with a list older than that, it is read again.
    refetchOnWindowFocus: true,
  })
}
