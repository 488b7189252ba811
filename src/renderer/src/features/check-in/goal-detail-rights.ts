import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { GoalDetail } from '@shared/domain/goals'
import { goalQueryKey } from '../../bridge/goals'

const detailPrefix = goalQueryKey('')[0]

/** The edit rights each goal's detail in the cache says, by the id the detail was asked for. */
function readDetailRights(queryClient: QueryClient): ReadonlyMap<string, boolean> {
  const rights = new Map<string, boolean>()
  for (const [key, detail] of queryClient.getQueriesData<GoalDetail>({ queryKey: [detailPrefix] })) {
    if (detail !== undefined && typeof key[1] === 'string') rights.set(key[1], detail.canEdit)
  }
  return rights
}

const sameRights = (a: ReadonlyMap<string, boolean>, b: ReadonlyMap<string, boolean>) =>
  a.size === b.size && [...a].every(([id, canEdit]) => b.get(id) === canEdit)

/**
 * What the goals' details say of their edit rights, followed as they come: a goal opened since the list was
 * read has said afresh whether the person may edit it, and the list's "View only" marks must follow even
 * when the detail lands with the list already drawn (a check-in screen left before its goal came back).
 * The map keeps its identity until a right changes, so the memoised list box redraws only then.
 */
export function useGoalDetailRights(): ReadonlyMap<string, boolean> {
  const queryClient = useQueryClient()
  const [rights, setRights] = useState(() => readDetailRights(queryClient))
  useEffect(() => {
    const update = () =>
      setRights((previous) => {
        const next = readDetailRights(queryClient)
        return sameRights(previous, next) ? previous : next
      })
    // Whatever changed between the first render and now.
    update()
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] !== detailPrefix) return
      if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') update()
    })
  }, [queryClient])
  return rights
}
