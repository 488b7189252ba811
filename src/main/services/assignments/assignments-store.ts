import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { z } from 'zod'
import type { Logger } from '../log/logger'
import { createJsonFile } from '../storage/json-file'
import { inboxEntrySchema } from './entries'

/**
 * The last list of assignments the server sent, kept so the inbox (and the badge) open offline. It names
 * the server and the person it belongs to: after signing in as someone else it is not theirs to see.
 */
export const storedAssignmentsSchema = z
  .object({
    baseUrl: z.string(),
    personId: z.string(),
    fetchedAt: z.string(),
    entries: z.array(inboxEntrySchema),
  })
  .strict()
export type StoredAssignments = z.infer<typeof storedAssignmentsSchema>

export interface AssignmentsStore {
  read(): Promise<StoredAssignments | null>
  write(value: StoredAssignments | null): Promise<void>
}

export const assignmentsCachePath = (dataDir: string) => join(dataDir, 'cache', 'assignments.json')

export function createAssignmentsStore(dataDir: string, log: Logger): AssignmentsStore {
  const path = assignmentsCachePath(dataDir)
  const file = createJsonFile(path, storedAssignmentsSchema.nullable(), null, log)
  return {
    read: () => file.read(),
    async write(value) {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 })
      await file.write(value)
    },
  }
}
