/**
 * Operately identifiers as a user or a server may hand them to us (operately-api.md §4).
 *
 * Inside, Operately keys everything by UUID; on the wire it sends Base62 "short ids", usually with a name
 * slug (`launch-site-2f8XkQ9…`) or a date (`2026-03-01-<shortid>`) in front. On input the server accepts a
 * UUID, a bare short id, or anything ending in `-<shortid>`: it reads the segment after the last `-`.
 * Slugs change when names change, so two ids name the same thing when their last segments do.
 *
 * Pure: used by the renderer (goal picker, pasted links) and by main.
 */

// Operately's own Base62 alphabet (Operately.ShortUuid.Base62), in this order: digit 0 is "A".
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const SHORT_ID_RE = /^[A-Za-z0-9]{1,22}$/
// What may stand in front of a short id: a slug of letters, digits and dashes.
const ID_RE = /^[A-Za-z0-9]+(?:-+[A-Za-z0-9]+)*$/
const MAX_UUID = (1n << 128n) - 1n

export type RefKind = 'goal' | 'project'

export interface ParsedRef {
  /** What to send to the server: a UUID, a short id or a whole slug (the server reads its last segment). */
  id: string
  /** Known when the reference was a web URL (`/goals/…` or `/projects/…`). */
  kind: RefKind | null
}

export const isUuid = (value: string): boolean => UUID_RE.test(value)

/** The Base62 short id Operately sends for a UUID. */
export function shortIdFromUuid(uuid: string): string {
  if (!isUuid(uuid)) throw new RangeError('not a UUID')
  let n = BigInt(`0x${uuid.replace(/-/g, '')}`)
  if (n === 0n) return ALPHABET[0]!
  let out = ''
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)]! + out
    n /= 62n
  }
  return out
}

/** The UUID a short id stands for, or null when it is not one (wrong characters, too long, too large). */
export function uuidFromShortId(short: string): string | null {
  if (!SHORT_ID_RE.test(short)) return null
  let n = 0n
  for (const ch of short) n = n * 62n + BigInt(ALPHABET.indexOf(ch))
  if (n > MAX_UUID) return null
  const hex = n.toString(16).padStart(32, '0')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The part of an id the server reads: the whole value for a UUID, else the segment after the last `-`. */
export function lastSegment(id: string): string {
  const value = id.trim()
  if (isUuid(value)) return value.toLowerCase()
  return value.slice(value.lastIndexOf('-') + 1)
}

/** A bare short id, UUID or slug ending in a short id, as typed or pasted (no URL). */
function plainId(value: string): string | null {
  if (isUuid(value)) return value
  if (!ID_RE.test(value) || value.length > 200) return null
  return SHORT_ID_RE.test(lastSegment(value)) ? value : null
}

const ITEM_SEGMENTS: Record<string, RefKind> = { goals: 'goal', projects: 'project' }

/** The id in a pasted web address: the path segment after `goals` or `projects`. */
function idFromUrl(value: string): ParsedRef | null {
  let url: URL
  try {
    // A path or an address without a scheme (`app.operately.com/acme/goals/…`) is read as one.
    const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(value)
      ? value
      : value.startsWith('/')
        ? `https://operately.invalid${value}`
        : `https://${value}`
    url = new URL(absolute)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const segments = url.pathname.split('/').filter((s) => s !== '')
  for (let i = segments.length - 2; i >= 0; i--) {
    const kind = ITEM_SEGMENTS[segments[i]!]
    if (!kind) continue
    let segment: string
    try {
      segment = decodeURIComponent(segments[i + 1]!)
    } catch {
      return null
    }
    const id = plainId(segment)
    return id ? { id, kind } : null
  }
  return null
}

/**
 * Reads a goal or project reference the way a user may give it: a bare short id, a slug ending in one,
 * a UUID, or a web address such as `https://app.operately.com/<company>/goals/<goal-id>` (with or without
 * a trailing slash, query or hash). Returns null when it holds no id.
 */
export function parseRef(input: string): ParsedRef | null {
  const value = input.trim()
  if (value === '' || value.length > 2048) return null
  if (value.includes('/')) return idFromUrl(value)
  const id = plainId(value)
  return id ? { id, kind: null } : null
}

/** The id to send for a pasted or typed reference (see parseRef), or null. */
export function idFromRef(input: string): string | null {
  return parseRef(input)?.id ?? null
}

/**
 * A comparable form of an id: the 128-bit number for a UUID or a short id, so that a UUID and the
 * short id of the same record are equal; the bare segment when it is neither.
 */
export function comparableId(id: string): string {
  const segment = lastSegment(id)
  if (isUuid(segment)) return segment.replace(/-/g, '')
  const uuid = uuidFromShortId(segment)
  return uuid ? uuid.replace(/-/g, '') : `raw:${segment}`
}

/**
 * Whether two ids name the same record: slugs, short ids and UUIDs compared by what the server reads.
 * Comparing one id with many, work out `comparableId` of each once (it decodes Base62) and compare those.
 */
export function sameId(a: string, b: string): boolean {
  if (a.trim() === '' || b.trim() === '') return false
  return comparableId(a) === comparableId(b)
}
