import { z } from 'zod'
import { checkInHistoryOutputSchema } from '../domain/check-in-history'
import { idInput } from './inputs'

export const checkInHistoryOperations = {
  /**
   * A goal's published check-ins, newest first, for the history beside the check-in form. Kept on disk:
   * when the server cannot be reached (or answers something unreadable), the copy from the last visit,
   * with `fromCache` and why.
   */
  'goals.checkIns': {
    input: z.object({ goalId: idInput }).strict(),
    output: checkInHistoryOutputSchema,
  },
} as const
