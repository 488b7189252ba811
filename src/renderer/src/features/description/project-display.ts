/** Words for what the server sends in codes: project statuses and the times drafts were kept. */

import { timeLabel } from '@shared/time-label'

const STATUS_WORDS: Record<string, string> = {
  on_track: 'On track',
  caution: 'Caution',
  off_track: 'Off track',
  paused: 'Paused',
  pending: 'Pending',
  outdated: 'Outdated',
  achieved: 'Achieved',
  missed: 'Missed',
  active: 'Active',
  closed: 'Closed',
}

/** "On track" for `on_track`; a status this app does not know yet is shown in plain words too. */
export function statusLabel(status: string | null): string | null {
  if (!status || status === 'nil') return null
  const known = STATUS_WORDS[status]
  if (known) return known
  const words = status.replace(/[_-]+/g, ' ').trim()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : null
}

/** When a draft was kept, as a person reads it (see timeLabel). */
export const keptAtLabel = timeLabel
