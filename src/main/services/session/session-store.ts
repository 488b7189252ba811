import { join } from 'node:path'
import { z } from 'zod'
import { serverCapabilitiesSchema } from '@shared/server-capabilities'
import { personSummarySchema, type SessionState } from '@shared/session'
import type { Logger } from '../log/logger'
import { createJsonFile } from '../storage/json-file'

/**
 * Who is signed in, to which server: everything about the session except the token, which lives only
 * in the keychain. Kept on disk so the popup can open (and later work offline) without a network round trip.
 */
const storedSessionSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_out'), lastBaseUrl: z.string().nullable() }),
  z.object({
    status: z.literal('signed_in'),
    baseUrl: z.string(),
    person: personSummarySchema,
    canWrite: z.boolean(),
    serverVersion: z.string().nullable(),
    // Sessions kept before the app asked servers what they take have none: asked on first use.
    capabilities: serverCapabilitiesSchema.nullable().catch(null).default(null),
  }),
])

export const signedOut: SessionState = { status: 'signed_out', lastBaseUrl: null }

export function createSessionStore(dataDir: string, log: Logger) {
  return createJsonFile(join(dataDir, 'session.json'), storedSessionSchema, signedOut, log)
}
export type SessionStore = ReturnType<typeof createSessionStore>
