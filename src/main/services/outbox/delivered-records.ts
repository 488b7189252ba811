import { mkdir, readdir, readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { richTextStringSchema } from '@shared/domain/check-ins'
import type { Logger } from '../log/logger'
import { sha256Hex } from '../storage/sha256-hex'
import { syncDirectory, writeFileDurably } from './durable-files'

/**
 * What this app delivered for each project, kept under `outbox/delivered/`: the newest text, and the
 * older texts of ours a request of which may still be applied late (it never got a clear answer: the app
 * was killed mid-send, a timeout, a gateway's error). A save queued later, from an editor that still has
 * an older text as its base, finds one of those on the server: that is not someone else's edit, and must
 * not be reported as a conflict.
 *
 * An older text whose every request was answered cannot come back by this app's doing: when the server
 * shows it again, someone put it back on purpose (a colleague restoring a version), and a save over it
 * is a conflict like any colleague's edit. So texts delivered with a clear answer are remembered (by
 * hash) as settled, and never count as "may still land".
 */

/** How many of a project's texts that may still land are kept (descriptions can be megabytes). */
export const keptOwnTexts = 5
/** How many settled texts are remembered, by hash. */
const keptSettled = 20

const hashSchema = z.string().regex(/^[0-9a-f]{64}$/)
const recordSchema = z
  .object({
    key: z.string().min(1).max(300),
    text: richTextStringSchema,
    /**
     * Texts of ours that may still be applied late, oldest first. Records written before settled texts
     * were told apart hold every older own text here: counted as they were then.
     */
    earlier: z.array(richTextStringSchema).max(keptOwnTexts).optional(),
    /** Hashes of texts delivered with a clear answer (absent in older records). */
    settled: z.array(hashSchema).max(keptSettled).optional(),
  })
  .strict()

// Hashed: short ids differ only by letter case, and macOS and Windows file names do not.
const fileOf = (key: string) => `${sha256Hex(key).slice(0, 40)}.json`

export interface OwnTexts {
  /** The text delivered last, or null when none was. */
  newest: string | null
  /** Older texts of ours that may still be applied late, oldest first (may include `newest`). */
  mayLand: string[]
}

export interface DeliveredRecords {
  get(key: string): OwnTexts
  /** Whether `text` was delivered for this project with every request for it answered. */
  settled(key: string, text: string): boolean
  /**
   * Records `newest` as delivered, with the texts that may still land. `settled`: every request for
   * `newest` was answered, so it cannot be applied again later. Durable before it resolves.
   */
  set(key: string, newest: string, mayLand: readonly string[], settled: boolean): Promise<void>
}

interface Held {
  text: string
  earlier: string[]
  settled: string[]
}

export async function openDeliveredRecords(dir: string, log: Logger): Promise<DeliveredRecords> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const records = new Map<string, Held>()
  for (const name of await readdir(dir)) {
    const path = join(dir, name)
    try {
      const record = recordSchema.parse(JSON.parse(await readFile(path, 'utf8')))
      if (fileOf(record.key) !== name) throw new Error('name')
      records.set(record.key, {
        text: record.text,
        earlier: record.earlier ?? [],
        settled: record.settled ?? [],
      })
    } catch {
      // A leftover temp file or a damaged record: it only ever saves a question, so it can go.
      log.warn('outbox: removing an unreadable delivery record', { name })
      await unlink(path).catch(() => undefined)
    }
  }
  await syncDirectory(dir)
  return {
    get: (key) => {
      const held = records.get(key)
      return { newest: held?.text ?? null, mayLand: [...(held?.earlier ?? [])] }
    },
    settled: (key, text) => records.get(key)?.settled.includes(sha256Hex(text)) ?? false,
    async set(key, newest, mayLand, settled) {
      const hash = sha256Hex(newest)
      const before = records.get(key)?.settled ?? []
      const held: Held = {
        text: newest,
        earlier: [...new Set(mayLand)].slice(-keptOwnTexts),
        settled: settled
          ? [...before.filter((h) => h !== hash), hash].slice(-keptSettled)
          : before.filter((h) => h !== hash),
      }
      await writeFileDurably(dir, fileOf(key), JSON.stringify({ key, ...held }))
      records.set(key, held)
    },
  }
}
