import type { Logger } from '../log/logger'
import type { Assignments } from '../operately/types'
import type { SessionService } from '../session/session-service'

/**
 * Addresses of pages in Operately's web app: `<server>/<company>/goals/<goal id>`. The company part
 * (`<company-name>-<short id>`, from the company's own numeric short id) is not in any id the API hands
 * out, and no API endpoint names the company. The assignments list does carry web paths built with it
 * (`/<company>/goals/…`, `/<company>/projects/…`), so the company part is read from there once per server.
 * When the person has no assignments the company cannot be known and the address is null.
 */

// Sections of the web app that follow the company part in a path.
const SECTIONS = new Set([
  'goals',
  'projects',
  'goal-check-ins',
  'project-check-ins',
  'check-ins',
  'spaces',
  'milestones',
  'tasks',
  'discussions',
  'people',
])

// After a miss (no assignments, an old server), ask again only after this long.
const RETRY_AFTER_MISS_MS = 10 * 60_000

/** The company part of a web path such as `/analytical-engines-3Zc9/goals/…`, or null. */
export function companyFromPath(path: string | null): string | null {
  if (!path) return null
  let pathname = path
  if (/^https?:\/\//i.test(path)) {
    try {
      pathname = new URL(path).pathname
    } catch {
      return null
    }
  }
  if (!pathname.startsWith('/')) return null
  const [company, section] = pathname.split('/').filter((s) => s !== '')
  if (!company || !section || !SECTIONS.has(section) || SECTIONS.has(company)) return null
  return /^[A-Za-z0-9-]{1,200}$/.test(company) ? company : null
}

/** The first company part found in any assignment's or origin's path. */
export function companyFromAssignments(assignments: Assignments): string | null {
  for (const group of [...assignments.due_soon, ...assignments.needs_review, ...assignments.upcoming]) {
    const candidates = [group.origin?.path ?? null]
    for (const a of group.assignments) candidates.push(a.path, a.origin?.path ?? null)
    for (const path of candidates) {
      const company = companyFromPath(path)
      if (company) return company
    }
  }
  return null
}

export interface WebUrls {
  /** `<server>/<company>/goals/<goal id>`, or null when the company is not known. */
  goal(goalId: string): Promise<string | null>
  project(projectId: string): Promise<string | null>
  /** `<server>/<company>/goal-check-ins/<check-in id>`, the path Operately's own assignments use. */
  checkIn(checkInId: string): Promise<string | null>
  /** `<server>/<company>/project-check-ins/<check-in id>` (Operately's routes/paths.tsx). */
  projectCheckIn(checkInId: string): Promise<string | null>
}

export function createWebUrls(deps: { session: SessionService; log: Logger; now?: () => number }): WebUrls {
  const now = deps.now ?? Date.now
  const known = new Map<string, string>()
  const misses = new Map<string, number>()
  const asking = new Map<string, Promise<string | null>>()

  const ask = async (baseUrl: string): Promise<string | null> => {
    try {
      const client = await deps.session.client()
      const company = companyFromAssignments(await client.listAssignments())
      if (company) known.set(baseUrl, company)
      else misses.set(baseUrl, now())
      return company
    } catch (err) {
      // Only the "Open in Operately" link depends on this: the page works without it.
      deps.log.warn('could not learn the company part of web addresses', { error: String(err) })
      misses.set(baseUrl, now())
      return null
    }
  }

  const company = async (): Promise<{ baseUrl: string; company: string } | null> => {
    const state = await deps.session.get()
    if (state.status !== 'signed_in') return null
    const { baseUrl } = state
    const hit = known.get(baseUrl)
    if (hit) return { baseUrl, company: hit }
    const missedAt = misses.get(baseUrl)
    if (missedAt !== undefined && now() - missedAt < RETRY_AFTER_MISS_MS) return null
    let pending = asking.get(baseUrl)
    if (!pending) {
      pending = ask(baseUrl).finally(() => asking.delete(baseUrl))
      asking.set(baseUrl, pending)
    }
    const found = await pending
    return found ? { baseUrl, company: found } : null
  }

  const page = async (
    section: 'goals' | 'projects' | 'goal-check-ins' | 'project-check-ins',
    id: string,
  ): Promise<string | null> => {
    const where = await company()
    if (!where) return null
    return `${where.baseUrl}/${encodeURIComponent(where.company)}/${section}/${encodeURIComponent(id)}`
  }

  return {
    goal: (id) => page('goals', id),
    project: (id) => page('projects', id),
    checkIn: (id) => page('goal-check-ins', id),
    projectCheckIn: (id) => page('project-check-ins', id),
  }
}
