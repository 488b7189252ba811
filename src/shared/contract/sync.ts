import { z } from 'zod'
import { damagedItemSchema, syncViewSchema } from '../domain/sync'
import { noInput } from './inputs'

const entryInput = z.object({ id: z.uuid() }).strict()

/** The outbox: work saved on this computer that the server has not confirmed yet (the Sync view). */
export const syncOperations = {
  /** What is waiting, failed or in conflict, and whether the app can reach the server. */
  'sync.get': { input: noInput, output: syncViewSchema },
  /** "Sync now": checks the connection and sends what is waiting; answers once the attempt is over. */
  'sync.now': { input: noInput, output: syncViewSchema },
  /** "Retry now" on one item (failed or waiting for its next attempt). */
  'sync.retry': { input: entryInput, output: syncViewSchema },
  /** Removes an item for good; the renderer asks the person to confirm first. */
  'sync.discard': { input: entryInput, output: syncViewSchema },
  /** Removes a queued file that could not be read (after the person copied what they need from it). */
  'sync.discardDamaged': {
    input: z.object({ id: damagedItemSchema.shape.id }).strict(),
    output: syncViewSchema,
  },
} as const
