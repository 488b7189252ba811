import { z } from 'zod'

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
      /** `x-operately-version` seen at sign-in, when the server sent one. */
      serverVersion: z.string().nullable(),
    })
    .strict(),
])
export type SessionState = z.infer<typeof sessionStateSchema>
