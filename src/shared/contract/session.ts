import { z } from 'zod'
import { serverCapabilitiesSchema } from '../server-capabilities'
import { sessionStateSchema } from '../session'
import { noInput } from './inputs'

// Hard caps: a URL or token longer than this is garbage, not something to send to a server.
export const sessionOperations = {
  'session.get': { input: noInput, output: sessionStateSchema },
  'session.signIn': {
    input: z.object({ baseUrl: z.string().max(2048), token: z.string().max(4096) }).strict(),
    output: sessionStateSchema,
  },
  'session.signOut': { input: noInput, output: sessionStateSchema },
  /** What the signed-in server takes (drafts, scheduling), asked of it again when its version changed. */
  'session.capabilities': { input: noInput, output: serverCapabilitiesSchema.nullable() },
} as const
