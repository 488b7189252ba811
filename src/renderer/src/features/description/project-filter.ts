import type { ProjectSummary } from '@shared/domain/projects'
import { isUuid, lastSegment, parseRef, sameId } from '@shared/ids'
import { filterByWords, looksLikeShortId } from '../../app/list-search'

/**
 * The project picker's filter box does two jobs: narrow the list by words, and take a pasted link or id
 * to a project. Pure, so both can be tested without a browser.
 */

/** Projects whose name or space contain every word typed, in any order; the id itself also matches. */
export const filterProjects = (projects: ProjectSummary[], query: string): ProjectSummary[] =>
  filterByWords(projects, query)

/** The person's own projects and the rest, each in the order given. */
export function groupProjects(projects: ProjectSummary[]): {
  mine: ProjectSummary[]
  others: ProjectSummary[]
} {
  return { mine: projects.filter((p) => p.isMine), others: projects.filter((p) => !p.isMine) }
}

export type ProjectRefReading =
  | { kind: 'project'; id: string }
  /** A link to something else in Operately (a goal): say so instead of opening a wrong screen. */
  | { kind: 'other'; what: 'goal' }
  | { kind: 'none' }

/**
 * What a pasted (or typed and confirmed) text points at: a web address to `/projects/<id>`, a UUID, the
 * id of a listed project, or anything ending in what is unmistakably a short id. A word that merely could
 * be an id ("launch") does not count, so filtering by name keeps working.
 */
export function readProjectRef(text: string, projects: ProjectSummary[]): ProjectRefReading {
  const ref = parseRef(text)
  if (!ref) return { kind: 'none' }
  if (ref.kind === 'goal') return { kind: 'other', what: 'goal' }
  if (ref.kind === 'project') return { kind: 'project', id: ref.id }
  const known = projects.find((project) => sameId(project.id, ref.id))
  if (known) return { kind: 'project', id: known.id }
  if (isUuid(ref.id) || looksLikeShortId(lastSegment(ref.id))) return { kind: 'project', id: ref.id }
  return { kind: 'none' }
}
