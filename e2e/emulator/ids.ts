import { createHash } from 'node:crypto'

/**
 * Operately's identifiers: canonical UUIDs inside, Base62 short ids on the wire, with a name slug
 * (projects, goals, people, spaces) or a date (check-ins) in front. On input the server accepts a UUID,
 * a bare short id, or anything ending in `-<shortid>`.
 */

// Operately's own Base62 alphabet (Operately.ShortUuid.Base62): upper case, lower case, then digits.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const SHORT_RE = /^[A-Za-z0-9]{1,22}$/
const MAX_UUID = (1n << 128n) - 1n

/** Fixed seed: the same labels give the same ids and tokens on every run and machine. */
export const SEED = 'operately-tray-emulator/v1'

export function isUuid(value: string): boolean {
  return UUID_RE.test(value)
}

export function shortIdFromUuid(uuid: string): string {
  let n = BigInt('0x' + uuid.replace(/-/g, ''))
  if (n === 0n) return ALPHABET[0]!
  let out = ''
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)] + out
    n /= 62n
  }
  return out
}

export function uuidFromShortId(short: string): string | null {
  if (!SHORT_RE.test(short)) return null
  let n = 0n
  for (const ch of short) n = n * 62n + BigInt(ALPHABET.indexOf(ch))
  if (n > MAX_UUID) return null
  const hex = n.toString(16).padStart(32, '0')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** A v4-shaped UUID derived from a label, stable across runs. */
export function deterministicUuid(label: string): string {
  const bytes = createHash('sha256').update(`${SEED}:uuid:${label}`).digest().subarray(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** `launch-site-<shortid>` */
export function slugId(name: string, uuid: string): string {
  const slug = slugify(name)
  return slug ? `${slug}-${shortIdFromUuid(uuid)}` : shortIdFromUuid(uuid)
}

/** `2026-03-01-<shortid>`: check-ins carry the date they were written. */
export function datedId(isoTimestamp: string, uuid: string): string {
  return `${isoTimestamp.slice(0, 10)}-${shortIdFromUuid(uuid)}`
}

/**
 * The canonical UUID an input id names, or null when it is malformed.
 * Uses the segment after the last `-` unless the whole value is a UUID.
 */
export function parseIdInput(value: string): string | null {
  if (isUuid(value)) return value.toLowerCase()
  const last = value.slice(value.lastIndexOf('-') + 1)
  return uuidFromShortId(last)
}
