import { z } from 'zod'
import { appErrorSchema } from '../errors'

/**
 * How fresh a read is, the same on every screen: when the server last answered for it, whether what is
 * shown is the copy kept on this computer (the server could not be reached), and why.
 */
export const freshnessFields = {
  fetchedAt: z.string(),
  fromCache: z.boolean(),
  lastError: appErrorSchema.nullable(),
}
export type Freshness = {
  fetchedAt: string
  fromCache: boolean
  lastError: z.infer<typeof appErrorSchema> | null
}
