import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { richTextStringSchema } from '@shared/domain/check-ins'
import type { Logger } from '../log/logger'
import { syncDirectory, writeFileDurably } from './durable-files'

/**
 * The last description this app delivered for each project, kept under `outbox/delivered/`. A save
 * queued later, from an editor that still has the older text as its base, finds our own text on the
 * server: that is not someone else's edit, and must not be reported as a conflict.
 */

const recordSchema = z.object({ key: z.string().min(1).max(300), text: richTextStringSchema }).strict()

// Hashed: short ids differ only by letter case, and macOS and Windows file names do not.
const fileOf = (key: string) => `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`

export interface DeliveredRecords {
  get(key: string): string | null
  /** Durable before it resolves. */
  set(key: string, text: string): Promise<void>
}

export async function openDeliveredRecords(dir: string, log: Logger): Promise<DeliveredRecords> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const texts = new Map<string, string>()
  for (const name of await readdir(dir)) {
    const path = join(dir, name)
    try {
      const record = recordSchema.parse(JSON.parse(await readFile(path, 'utf8')))
      if (fileOf(record.key) !== name) throw new Error('name')
      texts.set(record.key, record.text)
    } catch {
      // A leftover temp file or a damaged record: it only ever saves a question, so it can go.
      log.warn('outbox: removing an unreadable delivery record', { name })
      await unlink(path).catch(() => undefined)
    }
  }
  await syncDirectory(dir)
  return {
    get: (key) => texts.get(key) ?? null,
    async set(key, text) {
      await writeFileDurably(dir, fileOf(key), JSON.stringify({ key, text }))
      texts.set(key, text)
    },
  }
}
