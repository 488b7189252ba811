import { z } from 'zod'
import type { Freshness } from '@shared/domain/freshness'
import {
  projectCheckInDetailSchema,
  projectDetailSchema,
  projectSummarySchema,
  type ProjectCheckInDetail,
  type ProjectDetail,
  type ProjectSummary,
  type SaveDescriptionInput,
} from '@shared/domain/projects'
import { AppFailure, appError, type AppError } from '@shared/errors'
import { freshnessOf, type Cache, type ConnectivityReporter } from '../cache/cache'
import { detailKey } from '../cache/cache-key'
import type { WebUrls } from '../goals/web-urls'
import type { Logger } from '../log/logger'
import { createListedWithRights, type Listed } from '../lists/listed-with-rights'
import type { SessionService } from '../session/session-service'
import type { RestOfList } from '../lists/first-screen'
import {
  checkInPermission,
  descriptionPermission,
  leadsProject,
  sortProjects,
  toProjectCheckInDetail,
  toProjectDetail,
  toProjectSummary,
} from './map-project'

export interface ProjectsService {
  /**
   * Every project the person can see (archived ones aside), their own first; the kept copy when offline.
   * Given at once: edit rights the role does not settle are the ones learnt before, else null.
   */
  list(options?: { first?: number }): Promise<ProjectList>
  /** The whole list from the read `list` kept when it answered in part; a fresh read when that is gone. */
  listRest(readId: string): Promise<ProjectList>
  /** Whether the person may edit these projects (rows on screen, the project being opened): asked if not known. */
  editRights(ids: readonly string[]): Promise<{ rights: Array<{ id: string; canEdit: boolean | null }> }>
  /** The server refused a save on this project for want of rights: its mark says so from now on. */
  refused(id: string): Promise<void>
  /** One project with its description, read fresh from the server; the kept copy when it cannot be reached. */
  get(id: string): Promise<ProjectDetail & Freshness>
  /**
   * One project as its weekly check-in form shows it (reviewer, who may be notified, when it is due),
   * read fresh; the kept copy when the server cannot be reached.
   */
  checkInDetail(id: string): Promise<ProjectCheckInDetail & Freshness>
  /** Throws what a save would be refused for before any request (signed out, not a document, read-only). */
  assertCanSave(input: SaveDescriptionInput): Promise<void>
  /** A description reached the server (saved here or delivered from the outbox): the kept copy follows. */
  rememberDescription(projectId: string, description: string): Promise<void>
}

const GONE = 'This project was deleted or is no longer shared with you.'

const READ_ONLY_TOKEN =
  'This API token can only read, so the description cannot be saved with it. In Operately, open Account → API tokens, create a token that may make changes, and sign in again with it.'

const NOT_ALLOWED =
  'You can see this project in Operately but may not edit its description. Ask its champion or an admin of its space for edit access.'

/**
 * The same failure in words about this project; the kind, status and wait time stay as they were. A failed
 * save does not say where the text is now: only the page knows whether its draft was written, and says so.
 */
function reworded(error: AppError): AppError {
  let message = error.message
  if (error.kind === 'not_found') message = GONE
  else if (error.kind === 'forbidden') message = NOT_ALLOWED
  else if (error.kind === 'read_only_token') message = READ_ONLY_TOKEN
  return { ...error, message }
}

/** A save that failed, in words about this project. */
export const savingError = (error: AppError): AppError => reworded(error)

async function explained<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof AppFailure) throw new AppFailure(reworded(err.error))
    throw err
  }
}

/** The description must be a document: the server answers 500 to anything that is not JSON of an object. */
function assertDocument(description: string): void {
  let parsed: unknown
  try {
    parsed = JSON.parse(description)
  } catch {
    parsed = undefined
  }
  const isDoc = typeof parsed === 'object' && parsed !== null && (parsed as { type?: unknown }).type === 'doc'
  if (!isDoc) {
    throw new AppFailure(
      appError('invalid_input', 'The text to save is not a document, so nothing was sent.'),
    )
  }
}

/** Projects as `list` answers them: with `first`, the first rows and where the rest waits. */
export type ProjectList = { projects: ProjectSummary[]; rest: RestOfList | null } & Freshness

const projectListSchema = z.array(projectSummarySchema)

export function createProjectsService(deps: {
  session: SessionService
  webUrls: WebUrls
  cache: Cache
  connectivity: ConnectivityReporter
  log: Logger
  now?: () => Date
}): ProjectsService {
  const { session, webUrls, cache, connectivity, log } = deps
  const now = deps.now ?? (() => new Date())
  // projects/list never says (real servers do not take include_permissions there): rights come from the
  // roles, from projects opened, or are asked about for the rows the renderer shows.
  const listed = createListedWithRights<ProjectSummary>({
    session,
    cache,
    connectivity,
    log,
    key: 'projects',
    rightsKey: 'project-rights',
    schema: projectListSchema,
    read: async (client, me) =>
      sortProjects(
        (await explained(() => client.listProjects()))
          .filter((p) => p.is_archived !== true)
          // Champions and reviewers have full access to their projects.
          .map((p) =>
            toProjectSummary(p, me, descriptionPermission(p) ?? (leadsProject(p, me) ? true : null)),
          ),
      ),
    settled: (p) => p.canEdit === true,
    ask: async (client, id) => descriptionPermission({ permissions: await client.getProjectPermissions(id) }),
  })
  const asProjects = ({ rows, ...rest }: Listed<ProjectSummary>): ProjectList => ({ projects: rows, ...rest })
  const signedIn = listed.signedIn

  /** The kept copy follows a save, so the project opens offline with the text that is on the server. */
  const rememberDescription = async (projectId: string, description: string) => {
    const key = detailKey('project', projectId)
    const copy = await cache.read(key, projectDetailSchema)
    if (!copy) return
    await cache.write(key, { ...copy.value, description }).catch((err: unknown) => {
      // The save itself succeeded; an outdated copy only means an older text offline, never a lost one.
      log.warn('projects: could not update the kept copy after a save', { error: String(err) })
    })
  }

  const assertCanSave = async (input: SaveDescriptionInput) => {
    const state = await signedIn()
    assertDocument(input.description)
    // A read-only token is refused by the server anyway; asking would only cost a round trip.
    if (!state.canWrite) throw new AppFailure(reworded(appError('read_only_token', '')))
  }

  return {
    list: async (options) => asProjects(await listed.list(options)),
    listRest: async (readId) => asProjects(await listed.listRest(readId)),

    editRights: listed.editRights,
    refused: listed.refused,

    async get(id) {
      const state = await signedIn()
      const me = state.person.id
      const read = await cache.cachedRead(
        detailKey('project', id),
        async () => {
          const project = await explained(async () => (await session.client()).getProject(id))
          // A server that sends no permissions is not taken as a refusal: a real one answers a save with 403.
          const canEdit = descriptionPermission(project) ?? true
          return toProjectDetail(project, me, {
            canEdit,
            webUrl: await webUrls.project(project.id),
            fetchedAt: now().toISOString(),
          })
        },
        { connectivity, schema: projectDetailSchema },
      )
      await listed.detailRead(state, read)
      return { ...read.value, ...freshnessOf(read) }
    },

    async checkInDetail(id) {
      const state = await signedIn()
      const read = await cache.cachedRead(
        detailKey('project-check-in', id),
        async () => {
          const project = await explained(async () =>
            (await session.client()).getProject(id, { forCheckIn: true }),
          )
          // As for the description: no permissions said is not a refusal (a real server answers 403).
          return toProjectCheckInDetail(project, state.person.id, {
            canEdit: checkInPermission(project) ?? true,
            webUrl: await webUrls.project(project.id),
            fetchedAt: now().toISOString(),
          })
        },
        { connectivity, schema: projectCheckInDetailSchema },
      )
      return { ...read.value, ...freshnessOf(read) }
    },

    assertCanSave,

    rememberDescription,
  }
}
