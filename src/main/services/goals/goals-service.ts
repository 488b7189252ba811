import { AppFailure, appError } from '@shared/errors'
import type { Freshness } from '@shared/domain/freshness'
import { goalDetailSchema, goalSummarySchema, type GoalDetail, type GoalSummary } from '@shared/domain/goals'
import { z } from 'zod'
import { detailKey } from '../cache/cache-key'
import { freshnessOf, type Cache, type ConnectivityReporter } from '../cache/cache'
import type { Goal } from '../operately/types'
import type { SessionService } from '../session/session-service'
import { sortGoals, toGoalDetail, toGoalSummary } from './map-goal'
import type { WebUrls } from './web-urls'

export interface GoalsService {
  /** Every goal the person can see, their own (champion or reviewer) first; the kept copy when offline. */
  list(): Promise<{ goals: GoalSummary[] } & Freshness>
  /** One goal, read fresh from the server; the kept copy when the server cannot be reached. */
  get(id: string): Promise<GoalDetail & Freshness>
  /** The raw goal from the server, for services that need more than the renderer sees. */
  fetchRaw(id: string): Promise<Goal>
  /** The goal's page in Operately's web app, when it can be built. */
  webUrl(goalId: string): Promise<string | null>
}

const goalListSchema = z.array(goalSummarySchema)

export function createGoalsService(deps: {
  session: SessionService
  webUrls: WebUrls
  cache: Cache
  connectivity: ConnectivityReporter
}): GoalsService {
  const { session, webUrls, cache, connectivity } = deps

  /** The signed-in person's id: the role on each goal is worked out against it. */
  const personId = async (): Promise<string> => {
    const state = await session.get()
    if (state.status !== 'signed_in') {
      throw new AppFailure(
        appError('not_signed_in', 'You are signed out. Sign in to your Operately server first.'),
      )
    }
    return state.person.id
  }

  const fetchRaw = async (id: string): Promise<Goal> => (await session.client()).getGoal(id)

  return {
    async list() {
      const me = await personId()
      const read = await cache.cachedRead(
        'goals',
        async () => {
          const raw = await (await session.client()).listGoals()
          return sortGoals(raw.filter((g) => g.is_archived !== true).map((g) => toGoalSummary(g, me)))
        },
        { connectivity, schema: goalListSchema },
      )
      return { goals: read.value, ...freshnessOf(read) }
    },

    async get(id) {
      const me = await personId()
      const read = await cache.cachedRead(
        detailKey('goal', id),
        async () => {
          const goal = await fetchRaw(id)
          return toGoalDetail(goal, me, await webUrls.goal(goal.id))
        },
        { connectivity, schema: goalDetailSchema },
      )
      return { ...read.value, ...freshnessOf(read) }
    },

    fetchRaw,
    webUrl: (goalId) => webUrls.goal(goalId),
  }
}
