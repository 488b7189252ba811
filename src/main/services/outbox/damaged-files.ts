import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { DurableFiles } from './durable-files'

/**
 * Queued files that could not be read back (cut short by a disk problem, edited by hand, written by a
 * newer version of the app) are moved to `outbox/damaged/` rather than sent or deleted. They are listed
 * in the Sync view with whatever text can still be read from them, so the person can copy it somewhere
 * safe, and then discard the file.
 */

export interface DamagedFile {
  /** The file's name in `outbox/damaged/`; also how it is discarded. */
  id: string
  /** When it was set aside (from the file's time stamp). */
  setAsideAt: string
  kind: 'description' | 'check-in' | 'acknowledgement' | null
  /** The words that can still be read from it, or the file's own text when none can. */
  text: string
}

/** `<ISO time with - for : and .>-<entry uuid>.json`, as moveAside names them. */
export const damagedFileName =
  /^[0-9TZ-]{10,40}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.json$/

/** More than any description the app would ever write; a bigger file is shown only in part. */
const maxBytes = 5_000_000
const maxTextLength = 100_000

/** A JSON string's contents as the text they stand for (as far as it goes, when it was cut short). */
function unescapeJson(contents: string): string {
  try {
    return JSON.parse(`"${contents}"`) as string
  } catch {
    return contents.replace(/\\n/g, '\n').replace(/\\(["\\/])/g, '$1')
  }
}

/** The text nodes of a document written as JSON, however many times the JSON was nested in strings. */
function textNodes(raw: string): string[] {
  let text = raw
  const found: string[] = []
  // Each level of nesting adds a level of escaping (`\"text\":\"…\"`): peel one level per round.
  for (let round = 0; round < 4; round++) {
    for (const match of text.matchAll(/"text"\s*:\s*"((?:[^"\\]|\\.)*)("|\\?$)/g)) {
      const value = unescapeJson(match[1]!)
      if (value.trim() !== '' && !found.includes(value)) found.push(value)
    }
    if (found.length > 0) return found
    // `\\` becomes `\`, `\"` becomes `"`, in one pass so that the two never interfere.
    const peeled = text.replace(/\\(["\\])/g, '$1')
    if (peeled === text) break
    text = peeled
  }
  return found
}

/** What a person can still use from a damaged queue file. */
export function readableText(raw: string): { kind: DamagedFile['kind']; text: string } {
  const kind = /"kind"\s*:\s*"description"/.test(raw)
    ? 'description'
    : /"kind"\s*:\s*"check-in"/.test(raw)
      ? 'check-in'
      : /"kind"\s*:\s*"acknowledgement"/.test(raw)
        ? 'acknowledgement'
        : null
  const words = textNodes(raw)
  const text = words.length > 0 ? words.join('\n') : raw
  return { kind, text: text.slice(0, maxTextLength) }
}

export async function listDamaged(dir: string): Promise<DamagedFile[]> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
  const files: DamagedFile[] = []
  for (const name of names.filter((n) => damagedFileName.test(n)).sort()) {
    const path = join(dir, name)
    const info = await stat(path)
    const handle = await readFile(path)
    const raw = handle.subarray(0, maxBytes).toString('utf8')
    files.push({ id: name, setAsideAt: info.mtime.toISOString(), ...readableText(raw) })
  }
  return files
}

export async function discardDamaged(dir: string, id: string, files: DurableFiles): Promise<void> {
  if (!damagedFileName.test(id)) throw new Error('not the name of a damaged queue file')
  await files.remove(dir, id)
}
