import type { Freshness } from '@shared/domain/freshness'
import { goalDetailSchema, goalSummarySchema, type GoalDetail, type GoalSummary } from '@shared/domain/goals'
import { z } from 'zod'
import { detailKey } from '../cache/cache-key'
import { freshnessOf, type Cache, type ConnectivityReporter } from '../cache/cache'
import type { Logger } from '../log/logger'
import { silentLogger } from '../log/logger'
import type { Goal } from '../operately/types'
import { createListedWithRights, type Listed } from '../lists/listed-with-rights'
import type { SessionService } from '../session/session-service'
import { editPermission, sortGoals, toGoalDetail, toGoalSummary } from './map-goal'
import type { WebUrls } from './web-urls'
import type { RestOfList } from '../lists/first-screen'

export interface GoalsService {
  /**
   * Every goal the person can see, their own (champion or reviewer) first; the kept copy when offline.
   * Given at once: edit rights the role does not settle are the ones learnt before, else null.
   */
  list(options?: { first?: number }): Promise<GoalList>
  /** The whole list from the read `list` kept when it answered in part; a fresh read when that is gone. */
  listRest(readId: string): Promise<GoalList>
  /** Whether the person may edit these goals (the rows on screen, the goal being opened): asked if not known. */
  editRights(ids: readonly string[]): Promise<{ rights: Array<{ id: string; canEdit: boolean | null }> }>
  /** The server refused an action on this goal for want of rights: its mark says so from now on. */
  refused(id: string): Promise<void>
  /** One goal, read fresh from the server; the kept copy when the server cannot be reached. */
  get(id: string): Promise<GoalDetail & Freshness>
  /** The raw goal from the server, for services that need more than the renderer sees. */
  fetchRaw(id: string): Promise<Goal>
  /** The goal's page in Operately's web app, when it can be built. */
  webUrl(goalId: string): Promise<string | null>
}

/** Goals as `list` answers them: with `first`, the first rows and where the rest waits. */
export type GoalList = { goals: GoalSummary[]; rest: RestOfList | null } & Freshness

const goalListSchema = z.array(goalSummarySchema)

export function createGoalsService(deps: {
  session: SessionService
  webUrls: WebUrls
  cache: Cache
  connectivity: ConnectivityReporter
  log?: Logger
}): GoalsService {
  const { session, webUrls, cache, connectivity } = deps
  const log = deps.log ?? silentLogger
  const listed = createListedWithRights<GoalSummary>({
    session,
    cache,
    connectivity,
    log,
    key: 'goals',
    rightsKey: 'goal-rights',
    schema: goalListSchema,
    read: async (client, me) =>
      sortGoals(
        (await client.listGoals())
          .filter((g) => g.is_archived !== true)
          .map((g) => toGoalSummary(g, me))
          // Champions and reviewers have full access to their goals.
          .map((g) => (g.canEdit === null && g.role !== null ? { ...g, canEdit: true } : g)),
      ),
    settled: (g) => g.role !== null,
    ask: async (client, id) => editPermission({ permissions: await client.getGoalPermissions(id) }),
  })
  const fetchRaw = async (id: string): Promise<Goal> => (await session.client()).getGoal(id)
  const asGoals = ({ rows, ...rest }: Listed<GoalSummary>): GoalList => ({ goals: rows, ...rest })

  return {
    list: async (options) => asGoals(await listed.list(options)),
    listRest: async (readId) => asGoals(await listed.listRest(readId)),
    editRights: listed.editRights,
    refused: listed.refused,

    async get(id) {
      const state = await listed.signedIn()
      const read = await cache.cachedRead(
        detailKey('goal', id),
        async () => {
          const goal = await fetchRaw(id)
          return toGoalDetail(goal, state.person.id, await webUrls.goal(goal.id))
        },
        { connectivity, schema: goalDetailSchema },
      )
      await listed.detailRead(state, read)
      return { ...read.value, ...freshnessOf(read) }
    },

    fetchRaw,
    webUrl: (goalId) => webUrls.goal(goalId),
  }
}
