import { readFile } from 'node:fs/promises'
import writeFileAtomic from 'write-file-atomic'
import type { z } from 'zod'
import type { Logger } from '../log/logger'

/**
 * A small JSON document on disk. Writes go through write-file-atomic (temp file, fsync, rename), so a
 * crash mid-write leaves either the old or the new document, never half of one. A document that
 * is missing, unreadable or does not match the schema reads as `fallback`, with a warning logged:
 * a damaged settings file must never stop the app from starting.
 */
export interface JsonFile<T> {
  read(): Promise<T>
  write(value: T): Promise<void>
}

export function createJsonFile<S extends z.ZodType>(
  path: string,
  schema: S,
  fallback: z.output<S>,
  log: Logger,
): JsonFile<z.output<S>> {
  return {
    async read() {
      let text: string
      try {
        text = await readFile(path, 'utf8')
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
          log.warn('could not read file', { path, error: String(err) })
        return fallback
      }
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        log.warn('file is not valid JSON; using defaults', { path })
        return fallback
      }
      const parsed = schema.safeParse(json)
      if (!parsed.success) {
        log.warn('file does not have the expected shape; using defaults', { path })
        return fallback
      }
      return parsed.data
    },
    async write(value) {
      await writeFileAtomic(path, JSON.stringify(value, null, 2) + '\n', { mode: 0o600, fsync: true })
    },
  }
}
