import { AppFailure, appError } from '@shared/errors'
import { lastSegment } from '@shared/ids'

/**
 * Cache keys name what is cached: `me`, `goals`, `projects`, `people:recent`, `goal:<id>`,
 * `project:<id>`. A key becomes a file name, so only a short lower-case area and an optional id of
 * letters, digits, `-` and `_` are allowed (no path separators, nothing a file system would refuse).
 */
const keyPattern = /^([a-z][a-z-]{0,39})(?::([A-Za-z0-9_-]{1,200}))?$/

/** `project:launch-site-5JZ…` → `project@launch-site-5JZ….json` (`:` is not allowed in Windows file names). */
export function cacheFileName(key: string): string {
  const match = keyPattern.exec(key)
  if (!match) {
    throw new AppFailure(
      appError('internal', `The app tried to use an impossible cache name (${key.slice(0, 60)}).`),
    )
  }
  return match[2] === undefined ? `${match[1]}.json` : `${match[1]}@${match[2]}.json`
}

/** The key of one goal's or project's details: ids that name the same item share it (slug or short id). */
export const detailKey = (area: 'project' | 'goal' | 'project-check-in', id: string): string =>
  `${area}:${lastSegment(id)}`
