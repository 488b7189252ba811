import { AppFailure, appError } from '@shared/errors'
import {
  checkInBody,
  projectCheckInBody,
  updateDescriptionBody,
  type CreateCheckInInput,
  type CreateProjectCheckInInput,
  type UpdateDescriptionInput,
} from './bodies'
import type { ServerCapabilities } from '@shared/server-capabilities'
import { probeCapabilities } from './capabilities'
import { createHttp, type HttpOptions } from './http'
import {
  acknowledgeGoalResponse,
  acknowledgedLookResponse,
  acknowledgeProjectResponse,
  assignmentsSchema,
  checkInsResponse,
  createCheckInResponse,
  createProjectCheckInResponse,
  getMeResponse,
  goalCheckInResponse,
  goalResponse,
  goalsResponse,
  parseResponse,
  peopleResponse,
  projectCheckInResponse,
  projectCheckInsResponse,
  projectResponse,
  projectsResponse,
  type Assignments,
  type CheckIn,
  type Goal,
  type GoalCheckInRead,
  type Person,
  type Project,
  type ProjectCheckInRead,
} from './schemas'

export interface OperatelyClientOptions extends HttpOptions {
  /** What an earlier probe of this server found (kept with the session), so it is not asked again. */
  knownCapabilities?: ServerCapabilities | null
  /** Told each time a probe finds what the server takes, to keep it; the answer waits until it is kept. */
  onCapabilities?: (found: ServerCapabilities) => void | Promise<void>
}

export type SearchScopeType = 'company' | 'project' | 'space' | 'goal' | 'none'

export interface SearchPeopleInput {
  query: string
  ignoredIds?: string[]
  /** Defaults to `company`: some servers fail (500) when no scope is given. */
  scopeType?: SearchScopeType
  scopeId?: string
}

export interface OperatelyClient {
  /** The last `x-operately-version` the server sent. */
  serverVersion(): string | null
  /**
   * What the server takes (drafts, scheduling, an optional due date), asked once and kept; asked again
   * when the server sends another version header. When it cannot be asked, the last known answer, or the
   * failure when there is none.
   */
  capabilities(): Promise<ServerCapabilities>
  /**
   * What is known the server takes, without asking it: null when nothing is known, or when the server has
   * sent another version header since (what it takes now is not known then).
   */
  knownCapabilities(): ServerCapabilities | null
  getMe(): Promise<Person>
  /** Whether the token may write, asked without changing anything (see probeWriteAccess below). */
  probeWriteAccess(): Promise<boolean>
  searchPeople(input: SearchPeopleInput): Promise<Person[]>
  /** Every person of the company, suspended ones included (they still exist for the server). */
  listPeople(): Promise<Person[]>
  listGoals(): Promise<Goal[]>
  getGoal(id: string): Promise<Goal>
  /** A goal's permissions alone (goals/list never carries them); null when the server sends none. */
  getGoalPermissions(id: string): Promise<Record<string, boolean> | null>
  listCheckIns(goalId: string): Promise<CheckIn[]>
  /** Not idempotent: after a timeout, look at listCheckIns before sending again. */
  createCheckIn(input: CreateCheckInInput): Promise<CheckIn | null>
  listProjects(): Promise<Project[]>
  /** With `forCheckIn`, also its reviewer and who may be notified of a check-in (Operately's form reads both). */
  getProject(id: string, options?: { forCheckIn?: boolean }): Promise<Project>
  /** Published check-ins and the caller's own drafts and scheduled ones, newest first (operately-api.md §6). */
  listProjectCheckIns(projectId: string): Promise<CheckIn[]>
  /** Null when a 2xx carried no check-in (see `createCheckIn`). */
  createProjectCheckIn(input: CreateProjectCheckInInput): Promise<CheckIn | null>
  /** A project's permissions alone (projects/list never carries them); null when the server sends none. */
  getProjectPermissions(id: string): Promise<Record<string, boolean> | null>
  updateDescription(input: UpdateDescriptionInput): Promise<Project>
  listAssignments(): Promise<Assignments>
  /** A goal's check-in for its reviewer: author, acknowledging person, goal and permissions included. */
  getGoalCheckIn(id: string): Promise<GoalCheckInRead>
  /** Only whether a goal's check-in is acknowledged (the look before re-sending an acknowledgement). */
  goalCheckInAcknowledgedAt(id: string): Promise<string | null>
  /** A project's check-in for its reviewer: author, acknowledger and project (with permissions) included. */
  getProjectCheckIn(id: string): Promise<ProjectCheckInRead>
  /** goals/acknowledge_check_in; answers when it was acknowledged, as the server says. */
  acknowledgeGoalCheckIn(id: string): Promise<{ acknowledgedAt: string | null }>
  /** projects/acknowledge_check_in (idempotent on every version). */
  acknowledgeProjectCheckIn(id: string): Promise<{ acknowledgedAt: string | null }>
}

/**
 * Reads the success answer to a change. One the app cannot use still says the server did it: the error
 * says so (`maybeApplied`), so the change is looked for before it is ever sent again.
 */
function answerToChange<T>(read: () => T): T {
  try {
    return read()
  } catch (err) {
    if (err instanceof AppFailure) throw new AppFailure({ ...err.error, maybeApplied: 'answered' })
    throw err
  }
}

export function createOperatelyClient(options: OperatelyClientOptions): OperatelyClient {
  const http = createHttp(options)
  const get = (path: string, query: Record<string, string | boolean | readonly string[] | undefined> = {}) =>
    http.request({ method: 'GET', path, query })
  const post = (path: string, body: Record<string, unknown>) => http.request({ method: 'POST', path, body })

  let known = options.knownCapabilities ?? null
  // What was found holds while the server sends the header it was found under (or none yet this run).
  const current = (): ServerCapabilities | null => {
    const header = http.serverVersion()
    // An answer kept before project check-ins were asked about is asked again as a whole.
    return known && known.projects && (header === null || header === known.header) ? known : null
  }
  let asking: Promise<ServerCapabilities> | null = null
  const ask = () => {
    asking ??= probeCapabilities(http.answerOf, http.serverVersion)
      .then(async (found) => {
        known = found
        await options.onCapabilities?.(found)
        return found
      })
      .finally(() => {
        asking = null
      })
    return asking
  }

  return {
    serverVersion: http.serverVersion,

    knownCapabilities: current,

    async capabilities() {
      const found = current()
      if (found) return found
      try {
        return await ask()
      } catch (err) {
        // Offline, or a proxy in the way: what was found before still holds better than nothing.
        if (known) return known
        throw err
      }
    },

    async getMe() {
      return parseResponse(getMeResponse, await get('people/get_me'), 'your profile').me
    },

    async probeWriteAccess() {
      // The server checks the token, then read-only, then required fields, and only then runs the handler
      // (operately-api.md §2). An empty body therefore stops at 403 for a read-only token and at 400
      // "Missing required fields" for a write-enabled one, and never reaches the handler: nothing changes.
      try {
        await post('projects/update_description', {})
      } catch (err) {
        if (err instanceof AppFailure && err.error.kind === 'bad_request') return true
        if (err instanceof AppFailure && err.error.kind === 'read_only_token') return false
        throw err
      }
      // A 2xx to an empty update is not something Operately does: better to say so than to guess.
      throw new AppFailure(
        appError(
          'invalid_response',
          'The server accepted an empty change, which Operately never does, so the app cannot tell whether your token may make changes. Check that the address is your Operately server.',
        ),
      )
    },

    async searchPeople(input) {
      const json = await get('people/search', {
        query: input.query,
        ignored_ids: input.ignoredIds && input.ignoredIds.length > 0 ? input.ignoredIds : undefined,
        search_scope_type: input.scopeType ?? 'company',
        search_scope_id: input.scopeId,
      })
      return parseResponse(peopleResponse, json, 'a list of people').people
    },

    async listPeople() {
      const json = await get('people/list', { include_suspended: true })
      return parseResponse(peopleResponse, json, 'a list of people').people
    },

    async listGoals() {
      const json = await get('goals/list', {
        include_champion: true,
        include_reviewer: true,
        include_last_check_in: true,
        include_space: true,
      })
      return parseResponse(goalsResponse, json, 'a list of goals').goals
    },

    async getGoal(id) {
      const json = await get('goals/get', {
        id,
        include_champion: true,
        include_reviewer: true,
        include_last_check_in: true,
        include_permissions: true,
        include_potential_subscribers: true,
        include_space: true,
      })
      return parseResponse(goalResponse, json, 'a goal').goal
    },

    async getGoalPermissions(id) {
      const json = await get('goals/get', { id, include_permissions: true })
      return parseResponse(goalResponse, json, 'a goal').goal.permissions
    },

    async listCheckIns(goalId) {
      const json = await get('goals/list_check_ins', { goal_id: goalId })
      return parseResponse(checkInsResponse, json, 'a list of check-ins').check_ins
    },

    async createCheckIn(input) {
      const json = await post('goals/create_check_in', checkInBody(input))
      return answerToChange(() => parseResponse(createCheckInResponse, json, 'the saved check-in').update)
    },

    async listProjects() {
      // Everything the picker shows: the space's name, and every role, to list the person's own first.
      // (`include_permissions` is not an input of projects/list on real servers: it would be a 400.)
      const json = await get('projects/list', {
        include_champion: true,
        include_reviewer: true,
        include_contributors: true,
        include_space: true,
      })
      return parseResponse(projectsResponse, json, 'a list of projects').projects
    },

    async getProject(id, options) {
      const forCheckIn = options?.forCheckIn === true
      const json = await get('projects/get', {
        id,
        include_permissions: true,
        include_champion: true,
        include_space: true,
        include_reviewer: forCheckIn || undefined,
        include_potential_subscribers: forCheckIn || undefined,
      })
      return parseResponse(projectResponse, json, 'a project').project
    },

    async getProjectPermissions(id) {
      const json = await get('projects/get', { id, include_permissions: true })
      return parseResponse(projectResponse, json, 'a project').project.permissions
    },

    async listProjectCheckIns(projectId) {
      const json = await get('projects/list_check_ins', { project_id: projectId, include_author: true })
      return parseResponse(projectCheckInsResponse, json, 'a list of project check-ins').project_check_ins
    },

    async createProjectCheckIn(input) {
      const json = await post('projects/create_check_in', projectCheckInBody(input))
      return answerToChange(
        () => parseResponse(createProjectCheckInResponse, json, 'the saved check-in').check_in,
      )
    },

    async updateDescription(input) {
      const json = await post('projects/update_description', updateDescriptionBody(input))
      const project = answerToChange(() => parseResponse(projectResponse, json, 'the saved project').project)
      // Operately answers with the short form of the project, which has no `description` at all
      // (operately-api.md §6). Missing is not "cleared": the server stored what we sent.
      return typeof project.description === 'string'
        ? project
        : { ...project, description: input.description }
    },

    async listAssignments() {
      return parseResponse(assignmentsSchema, await get('people/list_assignments'), 'your assignments')
    },

    async getGoalCheckIn(id) {
      const json = await get('goals/get_check_in', {
        id,
        include_author: true,
        include_acknowledged_by: true,
        include_goal: true,
        include_reviewer: true,
        include_champion: true,
        include_permissions: true,
      })
      return parseResponse(goalCheckInResponse, json, 'a goal check-in').update
    },

    async goalCheckInAcknowledgedAt(id) {
      const json = await get('goals/get_check_in', { id })
      return parseResponse(acknowledgedLookResponse, json, 'a goal check-in').update.acknowledged_at
    },

    async getProjectCheckIn(id) {
      const json = await get('projects/get_check_in', {
        id,
        include_author: true,
        include_acknowledged_by: true,
        include_project: true,
      })
      return parseResponse(projectCheckInResponse, json, 'a project check-in').project_check_in
    },

    async acknowledgeGoalCheckIn(id) {
      const json = await post('goals/acknowledge_check_in', { id })
      const update = answerToChange(
        () => parseResponse(acknowledgeGoalResponse, json, 'the acknowledged check-in').update,
      )
      return { acknowledgedAt: update.acknowledged_at }
    },

    async acknowledgeProjectCheckIn(id) {
      const json = await post('projects/acknowledge_check_in', { id })
      const checkIn = answerToChange(
        () => parseResponse(acknowledgeProjectResponse, json, 'the acknowledged check-in').check_in,
      )
      return { acknowledgedAt: checkIn.acknowledged_at }
    },
  }
}
