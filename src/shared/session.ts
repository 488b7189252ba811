import { z } from 'zod'
import { serverCapabilitiesSchema } from './server-capabilities'

/** What the renderer may know about the signed-in person. Never the token. */
export const personSummarySchema = z
  .object({
    id: z.string(),
    fullName: z.string(),
    email: z.string().nullable(),
    title: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  })
  .strict()
export type PersonSummary = z.infer<typeof personSummarySchema>

export const sessionStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_out'), lastBaseUrl: z.string().nullable() }).strict(),
  z
    .object({
      status: z.literal('signed_in'),
      baseUrl: z.string(),
      person: personSummarySchema,
      canWrite: z.boolean(),
      /** `x-operately-version` the server sent last, shown as it is (a build date and hash, not a release). */
      serverVersion: z.string().nullable(),
      /** What the server takes, as its probe found; null until it could be asked. */
      capabilities: serverCapabilitiesSchema.nullable(),
    })
    .strict(),
])
export type SessionState = z.infer<typeof sessionStateSchema>
