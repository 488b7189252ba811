import type { ProjectSummary } from '@shared/domain/projects'
import { isUuid, lastSegment, parseRef, sameId } from '@shared/ids'

/**
 * The project picker's filter box does two jobs: narrow the list by words, and take a pasted link or id
 * to a project. Pure, so both can be tested without a browser.
 */

const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

// What each row is searched by, folded once per row object (a list read again brings new objects): each
// key typed into a long list then costs a substring test per row, not a Unicode normalization.
const folded = new WeakMap<ProjectSummary, string>()
const haystackOf = (project: ProjectSummary): string => {
  let text = folded.get(project)
  if (text === undefined) {
    text = fold(`${project.name} ${project.spaceName ?? ''}`)
    folded.set(project, text)
  }
  return text
}

/** Projects whose name or space contain every word typed, in any order; the id itself also matches. */
export function filterProjects(projects: ProjectSummary[], query: string): ProjectSummary[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return projects
  const ref = parseRef(query)
  return projects.filter((project) => {
    if (ref && sameId(project.id, ref.id)) return true
    const haystack = haystackOf(project)
    return words.every((word) => haystack.includes(word))
  })
}

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

// Operately's short ids of UUIDs are 21 or 22 characters; a word that long with digits or mixed case is
// almost surely an id, not a word typed to filter by.
const looksLikeShortId = (segment: string): boolean =>
  /^[A-Za-z0-9]{16,22}$/.test(segment) &&
  (/\d/.test(segment) || (/[a-z]/.test(segment) && /[A-Z]/.test(segment)))

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
