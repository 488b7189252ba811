import type { Publication } from '@shared/domain/check-ins'
import { sameId } from '@shared/ids'
import type { CheckIn } from '../operately/types'

/**
 * After a request that may or may not have reached the server (a timeout, a connection lost after
 * sending), the check-in may exist already. These functions recognise it in `goals/list_check_ins`.
 */

/** For entries queued before snapshots (see findEarlierAttempt): clocks may disagree by this much. */
export const CLOCK_SKEW_MS = 3 * 60_000

/** Deep equality of JSON values, ignoring key order (the server re-encodes documents). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, i) => sameJson(item, b[i]))
  }
  const ra = a as Record<string, unknown>
  const rb = b as Record<string, unknown>
  const keys = Object.keys(ra)
  if (keys.length !== Object.keys(rb).length) return false
  return keys.every((key) => Object.hasOwn(rb, key) && sameJson(ra[key], rb[key]))
}

/** Two rich-text strings hold the same document. */
export function sameDocument(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return false
  try {
    return sameJson(JSON.parse(a), JSON.parse(b))
  } catch {
    return false
  }
}

/**
 * The states this submission's check-in may have on the server: a draft stays a draft until someone
 * publishes it in Operately, a scheduled one becomes published at its time (perhaps before the look).
 * A check-in published at once is never taken for a draft with the same words, nor the other way round.
 */
export function statesFor(publication: Publication | undefined): ReadonlyArray<string> {
  switch (publication?.mode ?? 'now') {
    case 'now':
      return ['published']
    case 'draft':
      return ['draft', 'published']
    case 'scheduled':
      return ['scheduled', 'published']
  }
}

/** A server that says no state (older ones) only lists published check-ins. */
const inState = (c: CheckIn, states: ReadonlyArray<string> | undefined): boolean =>
  c.state === null || (states ?? ['published']).includes(c.state)

export interface LookForOwn {
  /** The ids of the goal's check-ins read just before the first request (the snapshot). */
  before: readonly string[]
  personId: string
  status: string
  /** The message as sent: JSON of a document. */
  message: string
  /** Check-ins another submission has claimed: never taken for this one. */
  taken: (checkInId: string) => boolean
  /** Which states count (statesFor); published only when not said. */
  states?: ReadonlyArray<string>
}

/**
 * This submission's check-in, if the list shows it: one the snapshot did not have (a new id), by this
 * person (when the list names authors), with the same status and document. No time is compared: this
 * computer's clock may be off by any amount. When several match (a request that was applied twice by a
 * server, or the same words posted from the web meanwhile), the oldest is taken; the list is newest first.
 */
export function findOwnCheckIn(list: CheckIn[], want: LookForOwn): CheckIn | null {
  const before = new Set(want.before)
  const matches = list.filter((c) => {
    if (before.has(c.id)) return false
    if (c.author && !sameId(c.author.id, want.personId)) return false
    if (c.status !== want.status) return false
    if (!inState(c, want.states)) return false
    if (want.taken(c.id)) return false
    return sameDocument(c.message, want.message)
  })
  return matches.at(-1) ?? null
}

export interface LookFor {
  personId: string
  status: string
  /** The message as sent: JSON of a document. */
  message: string
  /** When the first attempt started (this computer's clock, ms). */
  since: number
  /** Check-ins already known to be other submissions' results: never claimed twice. */
  taken: (checkInId: string) => boolean
  /** Which states count (statesFor); published only when not said. */
  states?: ReadonlyArray<string>
}

const timeOf = (c: CheckIn): number | null => {
  const at = Date.parse(c.inserted_at ?? c.published_at ?? '')
  return Number.isNaN(at) ? null : at
}

/**
 * Only for entries queued by an older version of the app, which kept no snapshot. The check-in this
 * submission created, if the list shows it: by this person (when the list names authors), with the same status and document, published, created no earlier than the first attempt
 * (less the clock allowance). Without a creation time nothing matches: people do write the same
 * "no change" check-in every month, and an older one must never be taken for this one.
 */
export function findEarlierAttempt(list: CheckIn[], want: LookFor): CheckIn | null {
  const matches = list.filter((c) => {
    if (c.author && !sameId(c.author.id, want.personId)) return false
    if (c.status !== want.status) return false
    if (!inState(c, want.states)) return false
    const at = timeOf(c)
    if (at === null || at < want.since - CLOCK_SKEW_MS) return false
    if (want.taken(c.id)) return false
    return sameDocument(c.message, want.message)
  })
  // The list is newest first; the oldest match is the first attempt's.
  return matches.sort((a, b) => timeOf(a)! - timeOf(b)!)[0] ?? null
}
