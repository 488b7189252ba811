import type { AccessLevel, AccessRules } from './types'

/** Operately's access levels: each includes the ones before it. */
const ORDER: AccessLevel[] = ['none', 'view', 'comment', 'edit', 'full']

export const rank = (level: AccessLevel): number => ORDER.indexOf(level)

export interface Permissions {
  can_view: boolean
  can_comment: boolean
  can_edit: boolean
  has_full_access: boolean
}

interface Governed {
  access: AccessRules
  championId: string | null
  reviewerId: string | null
}

/** Champion and reviewer have full access; others get their own rule or the company-wide one. */
export function accessLevel(item: Governed, personId: string): AccessLevel {
  if (personId === item.championId || personId === item.reviewerId) return 'full'
  return item.access.people[personId] ?? item.access.company
}

export function permissionsFor(level: AccessLevel): Permissions {
  return {
    can_view: rank(level) >= rank('view'),
    can_comment: rank(level) >= rank('comment'),
    can_edit: rank(level) >= rank('edit'),
    has_full_access: rank(level) >= rank('full'),
  }
}

export const canView = (item: Governed, personId: string): boolean => rank(accessLevel(item, personId)) >= 1
export const canEdit = (item: Governed, personId: string): boolean =>
  rank(accessLevel(item, personId)) >= rank('edit')
