import { AppFailure, appError } from '@shared/errors'
import type { GoalDetail, GoalSummary } from '@shared/domain/goals'
import type { Goal } from '../operately/types'
import type { SessionService } from '../session/session-service'
import { sortGoals, toGoalDetail, toGoalSummary } from './map-goal'
import type { WebUrls } from './web-urls'

export interface GoalsService {
  /** Every goal the person can see, their own (champion or reviewer) first. */
  list(): Promise<{ goals: GoalSummary[]; fetchedAt: string }>
  /** One goal, read fresh from the server. */
  get(id: string): Promise<GoalDetail>
  /** The raw goal from the server, for services that need more than the renderer sees. */
  fetchRaw(id: string): Promise<Goal>
  /** The goal's page in Operately's web app, when it can be built. */
  webUrl(goalId: string): Promise<string | null>
}

export function createGoalsService(deps: { session: SessionService; webUrls: WebUrls }): GoalsService {
  const { session, webUrls } = deps

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
      const raw = await (await session.client()).listGoals()
      return {
        goals: sortGoals(raw.filter((g) => g.is_archived !== true).map((g) => toGoalSummary(g, me))),
        fetchedAt: new Date().toISOString(),
      }
    },

    async get(id) {
      const me = await personId()
      const goal = await fetchRaw(id)
      return toGoalDetail(goal, me, await webUrls.goal(goal.id))
    },

    fetchRaw,
    webUrl: (goalId) => webUrls.goal(goalId),
  }
}
