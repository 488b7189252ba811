import { AppFailure, appError } from '@shared/errors'
import type { Freshness } from '@shared/domain/freshness'
import { goalDetailSchema, goalSummarySchema, type GoalDetail, type GoalSummary } from '@shared/domain/goals'
import { z } from 'zod'
import { detailKey } from '../cache/cache-key'
import { freshnessOf, type Cache, type ConnectivityReporter } from '../cache/cache'
import type { Logger } from '../log/logger'
import { silentLogger } from '../log/logger'
import type { Goal } from '../operately/types'
import { createEditRightsBook } from '../permissions/edit-rights'
import type { SessionService } from '../session/session-service'
import { editPermission, sortGoals, toGoalDetail, toGoalSummary } from './map-goal'
import type { WebUrls } from './web-urls'
import { createFirstScreens, type RestOfList } from '../lists/first-screen'
import { accountKey } from '../session/account-key'

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
  const rights = createEditRightsBook({ cache, key: 'goal-rights', log })
  const firstScreens = createFirstScreens<GoalSummary>()

  const signedIn = async () => {
    const state = await session.get()
    if (state.status !== 'signed_in') {
      throw new AppFailure(
        appError('not_signed_in', 'You are signed out. Sign in to your Operately server first.'),
      )
    }
    return state
  }
  const fetchRaw = async (id: string): Promise<Goal> => (await session.client()).getGoal(id)

  const list = async (options: { first?: number } = {}): Promise<GoalList> => {
    const state = await signedIn()
    const me = state.person.id
    const read = await cache.cachedRead(
      'goals',
      async () => {
        const raw = await (await session.client()).listGoals()
        const goals = raw
          .filter((g) => g.is_archived !== true)
          .map((g) => toGoalSummary(g, me))
          // Champions and reviewers have full access to their goals.
          .map((g) => (g.canEdit === null && g.role !== null ? { ...g, canEdit: true } : g))
        return sortGoals(goals)
      },
      { connectivity, schema: goalListSchema },
    )
    rights.settledByRole(
      state,
      read.value.filter((g) => g.role !== null).map((g) => g.id),
    )
    const freshness = freshnessOf(read)
    const account = accountKey(state.baseUrl, me)
    const { head, rest } = firstScreens.split(account, { rows: read.value, freshness }, options.first)
    return { goals: await rights.fill(state, head), rest, ...freshness }
  }

  return {
    list,

    async listRest(readId) {
      const state = await signedIn()
      const kept = firstScreens.take(accountKey(state.baseUrl, state.person.id), readId)
      if (kept === null) return list()
      // Filled now, not when kept: rights learnt since the first screen (its rows were asked about) count.
      return { goals: await rights.fill(state, kept.rows), rest: null, ...kept.freshness }
    },

    async editRights(ids) {
      const state = await signedIn()
      // A read-only token can edit nothing: the picker says so for every goal without asking.
      const ask = state.canWrite
        ? async (id: string) =>
            editPermission({ permissions: await (await session.client()).getGoalPermissions(id) })
        : null
      return { rights: await rights.rightsOf(state, ids, ask) }
    },

    async refused(id) {
      const state = await session.get()
      if (state.status === 'signed_in') await rights.learnt(state, id, false)
    },

    async get(id) {
      const state = await signedIn()
      const me = state.person.id
      const read = await cache.cachedRead(
        detailKey('goal', id),
        async () => {
          const goal = await fetchRaw(id)
          return toGoalDetail(goal, me, await webUrls.goal(goal.id))
        },
        { connectivity, schema: goalDetailSchema },
      )
      // What the detail says is the freshest word on edit rights: the list follows it from now on.
      if (!read.fromCache) await rights.learnt(state, read.value.id, read.value.canEdit)
      return { ...read.value, ...freshnessOf(read) }
    },

    fetchRaw,
    webUrl: (goalId) => webUrls.goal(goalId),
  }
}
