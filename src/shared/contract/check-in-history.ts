import { z } from 'zod'
import { checkInHistoryOutputSchema } from '../domain/check-in-history'
import { checkInKinds } from '../domain/check-ins'
import { idInput } from './inputs'

export const checkInHistoryOperations = {
  /**
   * A goal's (a project's) published check-ins, newest first, for the history beside the check-in form. Kept on disk:
   * when the server cannot be reached (or answers something unreadable), the copy from the last visit,
   * with `fromCache` and why.
   */
  'checkIns.history': {
    input: z.object({ subject: z.object({ kind: z.enum(checkInKinds), id: idInput }).strict() }).strict(),
    output: checkInHistoryOutputSchema,
  },
} as const
