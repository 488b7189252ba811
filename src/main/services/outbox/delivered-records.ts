import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { richTextStringSchema } from '@shared/domain/check-ins'
import type { Logger } from '../log/logger'
import { syncDirectory, writeFileDurably } from './durable-files'

/**
 * The descriptions this app last delivered for each project (the newest, and a few of its own texts
 * before it), kept under `outbox/delivered/`. A save queued later, from an editor that still has an older
 * text as its base, finds our own text on the server: that is not someone else's edit, and must not be
 * reported as a conflict. Not only the newest: a request of an app killed mid-send can be applied late,
 * after a newer save, and put an older text of ours back.
 */

/** How many of a project's own texts are kept (descriptions can be megabytes). */
export const keptOwnTexts = 5

const recordSchema = z
  .object({
    key: z.string().min(1).max(300),
    text: richTextStringSchema,
    /** Older own texts, oldest first (absent in records written before they were kept). */
    earlier: z.array(richTextStringSchema).max(keptOwnTexts).optional(),
  })
  .strict()

// Hashed: short ids differ only by letter case, and macOS and Windows file names do not.
const fileOf = (key: string) => `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`

export interface DeliveredRecords {
  /** The project's own delivered texts, oldest first, the last one delivered last; empty when none. */
  get(key: string): string[]
  /** `texts`: oldest first, the one just delivered last. Durable before it resolves. */
  set(key: string, texts: readonly string[]): Promise<void>
}

export async function openDeliveredRecords(dir: string, log: Logger): Promise<DeliveredRecords> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const texts = new Map<string, string[]>()
  for (const name of await readdir(dir)) {
    const path = join(dir, name)
    try {
      const record = recordSchema.parse(JSON.parse(await readFile(path, 'utf8')))
      if (fileOf(record.key) !== name) throw new Error('name')
      texts.set(record.key, [...(record.earlier ?? []), record.text])
    } catch {
      // A leftover temp file or a damaged record: it only ever saves a question, so it can go.
      log.warn('outbox: removing an unreadable delivery record', { name })
      await unlink(path).catch(() => undefined)
    }
  }
  await syncDirectory(dir)
  return {
    get: (key) => [...(texts.get(key) ?? [])],
    async set(key, all) {
      const kept = [...new Set(all)].slice(-(keptOwnTexts + 1))
      const text = kept.at(-1)
      if (text === undefined) return
      await writeFileDurably(dir, fileOf(key), JSON.stringify({ key, text, earlier: kept.slice(0, -1) }))
      texts.set(key, kept)
    },
  }
}
