import { memo, type KeyboardEvent } from 'react'
import type { ProjectSummary } from '@shared/domain/projects'
import type { DrawnRows } from '../../app/drawn-rows'
import type { ListRow } from '../../app/list-rows'
import { markedNow } from '../../app/marks-apart'
import { LockIcon } from '../../ui/icons'
import { statusLabel } from './project-display'

export interface ProjectRowsProps {
  list: DrawnRows<ProjectSummary>
  onOpen: (projectId: string) => void
  /** A row took the focus: it stays drawn wherever the list is scrolled. */
  onRowFocus: (key: string) => void
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void
}

/**
 * One list of every group's rows (only those on screen drawn), so the groups' titles and rows can scroll
 * as one; each group is still a named list of its own. Memoised on purpose: a key typed into the filter
 * renders the search box at once and these rows only once the filter has caught up (after the key's
 * frame), so a key's own frame never redraws them.
 */
export const ProjectRows = memo(function ProjectRows(props: ProjectRowsProps) {
  const { listRef, rows, marked, drawn, totalSize, scrollMargin, measureElement, openGroup } = props.list
  // Each drawn row sits where the whole list would put it.
  const placed = (index: number, start: number) => ({
    'data-index': index,
    ref: measureElement,
    className: rowClass(rows[index]!, index),
    style: { transform: `translateY(${start - scrollMargin}px)` },
  })
  const drawnOf = (key: string, kind: ListRow<ProjectSummary>['kind']) =>
    drawn.filter((item) => rows[item.index]?.group === key && rows[item.index]?.kind === kind)

  return (
    <div
      ref={listRef}
      className="projects__rows"
      aria-busy={props.list.partial || undefined}
      style={{ height: totalSize }}
      onKeyDown={props.onKeyDown}
    >
      {(['mine', 'others'] as const).map((key) => {
        const title = rows.find((row) => row.kind === 'label' && row.group === key)
        if (title?.kind !== 'label') return null
        return (
          <section key={key} aria-label={title.label}>
            {drawnOf(key, 'label').map((item) => (
              <h2 key={item.key} {...placed(item.index, item.start)}>
                {title.label}
              </h2>
            ))}
            <ul className="projects__list">
              {drawnOf(key, 'item').map((item) => {
                const row = rows[item.index]!
                if (row.kind !== 'item') return null
                return (
                  <li
                    key={item.key}
                    {...placed(item.index, item.start)}
                    aria-posinset={row.position}
                    aria-setsize={row.group === openGroup ? -1 : row.setSize}
                  >
                    <ProjectRow
                      project={markedNow(marked, row.item)}
                      canWrite={props.list.canWrite}
                      onOpen={props.onOpen}
                      onFocus={() => props.onRowFocus(row.key)}
                    />
                  </li>
                )
              })}
            </ul>
          </section>
        )
      })}
    </div>
  )
})

function ProjectRow({
  project,
  canWrite,
  onOpen,
  onFocus,
}: {
  project: ProjectSummary
  canWrite: boolean
  onOpen: (projectId: string) => void
  onFocus: () => void
}) {
  const meta = [project.spaceName, statusLabel(project.status)].filter(Boolean).join(' · ')
  const viewOnly = !canWrite || project.canEdit === false
  return (
    <button type="button" className="project-row" onClick={() => onOpen(project.id)} onFocus={onFocus}>
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
  )
}

/** A group's rows are drawn as one card: its first and last rows round its corners. */
function rowClass(row: ListRow<ProjectSummary>, index: number): string {
  if (row.kind === 'label') {
    return ['projects__row', 'projects__group-title', index > 0 ? 'projects__row--later-title' : '']
      .filter(Boolean)
      .join(' ')
  }
  return [
    'projects__row',
    'projects__item',
    row.position === 1 ? 'projects__item--first' : '',
    row.position === row.setSize ? 'projects__item--last' : '',
  ]
    .filter(Boolean)
    .join(' ')
}
