import { describe, expect, it } from 'vitest'
import type { ProjectSummary } from '@shared/domain/projects'
import { filterProjects, groupProjects, readProjectRef } from './project-filter'

const project = (id: string, name: string, spaceName: string | null, isMine: boolean): ProjectSummary => ({
  id,
  name,
  spaceName,
  status: 'on_track',
  isMine,
  canEdit: null,
})

const projects = [
  project('launch-site-FTjZweJIkc6RtMHf1SwQI3', 'Launch site', 'Marketing', true),
  project('office-move-HEwL7tvfVNFlSghDDCKYGY', 'Office move', 'Opérations', true),
  project('data-warehouse-migration-Ge2Qs9XCrs0ggyE6Ua4KB3', 'Data warehouse migration', 'Data', false),
]
const names = (list: ProjectSummary[]) => list.map((p) => p.name)

describe('filterProjects', () => {
  it('keeps everything for an empty filter', () => {
    expect(filterProjects(projects, '  ')).toEqual(projects)
  })

  it('matches every typed word in the name or the space, ignoring case and accents', () => {
    expect(names(filterProjects(projects, 'SITE'))).toEqual(['Launch site'])
    expect(names(filterProjects(projects, 'migration data'))).toEqual(['Data warehouse migration'])
    expect(names(filterProjects(projects, 'operations'))).toEqual(['Office move'])
    expect(names(filterProjects(projects, 'site data'))).toEqual([])
  })

  it('finds a project by its id or web address', () => {
    expect(names(filterProjects(projects, 'HEwL7tvfVNFlSghDDCKYGY'))).toEqual(['Office move'])
    expect(
      names(
        filterProjects(
          projects,
          'https://app.operately.com/acme-1/projects/launch-site-FTjZweJIkc6RtMHf1SwQI3',
        ),
      ),
    ).toEqual(['Launch site'])
  })
})

describe('groupProjects', () => {
  it('splits own projects from the rest, keeping the order', () => {
    const { mine, others } = groupProjects(projects)
    expect(names(mine)).toEqual(['Launch site', 'Office move'])
    expect(names(others)).toEqual(['Data warehouse migration'])
  })
})

describe('readProjectRef', () => {
  it('reads a pasted project link, even to a project not in the list', () => {
    expect(
      readProjectRef('https://app.operately.com/acme-1/projects/payroll-HLTCsgHSo0fd6jIv5areUx/', projects),
    ).toEqual({
      kind: 'project',
      id: 'payroll-HLTCsgHSo0fd6jIv5areUx',
    })
  })

  it('reads a listed project by short id, slug or a renamed slug', () => {
    expect(readProjectRef('FTjZweJIkc6RtMHf1SwQI3', projects)).toEqual({
      kind: 'project',
      id: 'launch-site-FTjZweJIkc6RtMHf1SwQI3',
    })
    expect(readProjectRef('new-name-FTjZweJIkc6RtMHf1SwQI3', projects)).toEqual({
      kind: 'project',
      id: 'launch-site-FTjZweJIkc6RtMHf1SwQI3',
    })
  })

  it('says a goal link is not a project, and leaves plain words to the filter', () => {
    expect(
      readProjectRef('https://app.operately.com/acme-1/goals/ship-kHLABHdtjTkzZF2eK502u', projects),
    ).toEqual({
      kind: 'other',
      what: 'goal',
    })
    expect(readProjectRef('launch', projects)).toEqual({ kind: 'none' })
    expect(readProjectRef('data warehouse', projects)).toEqual({ kind: 'none' })
  })
})
