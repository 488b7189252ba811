import { z } from 'zod'
import { checkInOutcomeSchema, createCheckInInputSchema } from '../domain/check-ins'
import { freshnessFields } from '../domain/freshness'
import { goalDetailSchema, goalSummarySchema } from '../domain/goals'
import { idInput, noInput } from './inputs'

export const goalOperations = {
  /**
   * Every goal the person can see, their own (champion or reviewer) first. When the server cannot be
   * reached: the copy kept from the last answer, with `fromCache` and why.
   */
  'goals.list': {
    input: noInput,
    output: z
      .object({
        goals: z.array(goalSummarySchema),
        ...freshnessFields,
        /**
         * Whether some `canEdit` still unknown are being asked about: the list came without waiting for
         * every answer, and reading it again shortly gives them.
         */
        editRightsPending: z.boolean(),
      })
      .strict(),
  },
  /** One goal with targets, checklist, permissions and who can be notified. `id` may be a slug or a short id. */
  'goals.get': {
    input: z.object({ id: idInput }).strict(),
    output: goalDetailSchema.extend(freshnessFields),
  },
  /**
   * Create a check-in. Safe to call again with the same submissionId: it never creates a second one.
   * When the server cannot take it now, it is queued on disk and created later (`outcome: 'queued'`).
   */
  'checkIns.create': { input: createCheckInInputSchema, output: checkInOutcomeSchema },
} as const
