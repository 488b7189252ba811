import { z } from 'zod'
import { checkInResultSchema, createCheckInInputSchema } from '../domain/check-ins'
import { goalDetailSchema, goalSummarySchema } from '../domain/goals'
import { idInput, noInput } from './inputs'

export const goalOperations = {
  /** Every goal the person can see, their own (champion or reviewer) first. */
  'goals.list': {
    input: noInput,
    output: z.object({ goals: z.array(goalSummarySchema), fetchedAt: z.string() }).strict(),
  },
  /** One goal with targets, checklist, permissions and who can be notified. `id` may be a slug or a short id. */
  'goals.get': { input: z.object({ id: idInput }).strict(), output: goalDetailSchema },
  /** Create a check-in. Safe to call again with the same submissionId: it never creates a second one. */
  'checkIns.create': { input: createCheckInInputSchema, output: checkInResultSchema },
} as const
