/** Words for what the server sends in codes: project statuses and the times drafts were kept. */

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

/**
 * When a draft was kept, as a person reads it: "10:42" today (in the person's own clock format), with the
 * day in front for an older one ("Mar 9, 10:42"). Null for a time that cannot be read.
 */
export function keptAtLabel(iso: string, now: Date = new Date(), locale?: string): string | null {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return null
  const time = at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })
  const sameDay =
    at.getFullYear() === now.getFullYear() &&
    at.getMonth() === now.getMonth() &&
    at.getDate() === now.getDate()
  if (sameDay) return time
  const day = at.toLocaleDateString(locale, {
    month: 'short',
    day: 'numeric',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  })
  return `${day}, ${time}`
}
