import { useId, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import type { ProjectSummary } from '@shared/domain/projects'
import { useProjects } from '../../bridge/projects'
import { useEditRightsOf } from '../../bridge/edit-rights'
import { useIdsInView } from '../../app/use-ids-in-view'
import { Button } from '../../ui/Button'
import { Freshness } from '../../ui/Freshness'
import { RefreshButton } from '../../ui/RefreshButton'
import { useRefreshKeys } from '../../app/use-refresh-keys'
import { ErrorAlert } from '../../ui/Notice'
import { TextField } from '../../ui/TextField'
import { LockIcon } from '../../ui/icons'
import { filterProjects, groupProjects, readProjectRef } from './project-filter'
import { statusLabel } from './project-display'
import { Loading } from '../../ui/Loading'
import type { LeftWithChanges } from './left-with-changes'

export interface ProjectPickerProps {
  /** The token cannot write: every project is view only. */
  canWrite: boolean
  /** The name of the project just left with unsaved changes, to say they are kept. */
  leftWithDraft: LeftWithChanges | null
  onOpen: (projectId: string) => void
}

/**
 * Choose a project whose description to edit: the person's own projects first, a filter box that also
 * takes a pasted project link or id, and a mark on projects that cannot be edited.
 */
export function ProjectPicker({ canWrite, leftWithDraft, onOpen }: ProjectPickerProps) {
  const projects = useProjects()
  const [query, setQuery] = useState('')
  const [hint, setHint] = useState<string | null>(null)
  const list = useRef<HTMLDivElement>(null)
  const headingId = useId()
  const refresh = () => void projects.refetch()
  useRefreshKeys(refresh)

  const all = useMemo(() => projects.data?.projects ?? [], [projects.data])
  const shown = useMemo(() => filterProjects(all, query), [all, query])
  const { mine, others } = groupProjects(shown)

  // Edit rights the list could not settle are asked about for the rows on screen only (a read-only token
  // can edit nothing: nothing to ask).
  const inView = useIdsInView(list, shown)
  const unsettled = useMemo(() => {
    if (!canWrite) return []
    const byId = new Map(shown.map((project) => [project.id, project]))
    return inView.filter((projectId) => byId.get(projectId)?.canEdit === null)
  }, [canWrite, inView, shown])
  useEditRightsOf('projects', unsettled)

  const follow = (text: string): boolean => {
    const ref = readProjectRef(text, all)
    if (ref.kind === 'project') {
      onOpen(ref.id)
      return true
    }
    if (ref.kind === 'other') {
      setHint('That is a link to a goal. Goals are checked in under Check-ins.')
      return true
    }
    return false
  }

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (follow(event.clipboardData.getData('text/plain'))) event.preventDefault()
  }

  const rows = () => Array.from(list.current?.querySelectorAll<HTMLButtonElement>('.project-row') ?? [])

  const onFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      if (follow(query)) return
      const first = shown[0]
      if (first) onOpen(first.id)
    } else if (event.key === 'ArrowDown') {
      event.preventDefault()
      rows()[0]?.focus()
    }
  }

  // Up and down move between rows, as in any list; Tab still works as usual.
  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const all = rows()
    const at = all.indexOf(document.activeElement as HTMLButtonElement)
    if (at === -1) return
    event.preventDefault()
    all[Math.max(0, Math.min(all.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)))]?.focus()
  }

  return (
    <section className="projects" aria-labelledby={headingId}>
      <div className="projects__heading">
        <h1 id={headingId} className="screen-title">
          Project descriptions
        </h1>
        {projects.data ? (
          <div className="list-freshness">
            <Freshness read={projects.data} />
            <RefreshButton busy={projects.isRefetching} onRefresh={refresh} />
          </div>
        ) : null}
      </div>
      {leftWithDraft ? (
        <p className="projects__kept" role="status">
          Your changes to <strong>{leftWithDraft.projectName}</strong>{' '}
          {leftWithDraft.kept
            ? 'are kept as a draft.'
            : 'could not be kept as a draft on this computer, and were not sent to Operately.'}
        </p>
      ) : null}
      <TextField
        className="projects__filter"
        label="Filter projects"
        type="search"
        autoComplete="off"
        spellCheck={false}
        placeholder="Type a name, or paste a project link"
        value={query}
        autoFocus
        onChange={(event) => {
          setQuery(event.target.value)
          setHint(null)
        }}
        onPaste={onPaste}
        onKeyDown={onFilterKeyDown}
        hint={hint ?? undefined}
      />

      {projects.isPending ? (
        <Loading what="Loading projects…" />
      ) : projects.isError ? (
        <div className="projects__error">
          <ErrorAlert title="Could not load your projects" message={projects.error.message} />
          <Button variant="secondary" onClick={() => void projects.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div ref={list} className="projects__lists" onKeyDown={onListKeyDown}>
          <ProjectGroup title="Your projects" projects={mine} canWrite={canWrite} onOpen={onOpen} />
          <ProjectGroup
            title={mine.length > 0 ? 'Other projects' : 'Projects'}
            projects={others}
            canWrite={canWrite}
            onOpen={onOpen}
          />
          {shown.length === 0 ? (
            <p className="projects__empty" role="status">
              {all.length === 0
                ? 'You cannot see any projects yet.'
                : `No project matches “${query.trim()}”.`}
            </p>
          ) : null}
        </div>
      )}
    </section>
  )
}

function ProjectGroup({
  title,
  projects,
  canWrite,
  onOpen,
}: {
  title: string
  projects: ProjectSummary[]
  canWrite: boolean
  onOpen: (projectId: string) => void
}) {
  const id = useId()
  if (projects.length === 0) return null
  return (
    <section className="projects__group" aria-labelledby={id}>
      <h2 id={id} className="projects__group-title">
        {title}
      </h2>
      <ul className="projects__list">
        {projects.map((project) => {
          const meta = [project.spaceName, statusLabel(project.status)].filter(Boolean).join(' · ')
          const viewOnly = !canWrite || project.canEdit === false
          return (
            <li key={project.id} data-row-id={project.id}>
              <button type="button" className="project-row" onClick={() => onOpen(project.id)}>
                <span className="project-row__text">
                  <span className="project-row__name">{project.name || 'Untitled project'}</span>
                  {meta ? <span className="project-row__meta">{meta}</span> : null}
                </span>
                {viewOnly ? (
                  <span className="project-row__badge">
                    <LockIcon width={12} height={12} />
                    View only
                  </span>
                ) : null}
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
