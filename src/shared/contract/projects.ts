import { z } from 'zod'
import { freshnessFields } from '../domain/freshness'
import {
  projectDetailSchema,
  projectSummarySchema,
  saveDescriptionInputSchema,
  saveDescriptionResultSchema,
} from '../domain/projects'
import { queuedDescriptionSchema } from '../domain/sync'
import { idInput, noInput } from './inputs'

export const projectOperations = {
  /** Every project the person can see, their own first; the kept copy when the server cannot be reached. */
  'projects.list': {
    input: noInput,
    output: z
      .object({
        projects: z.array(projectSummarySchema),
        ...freshnessFields,
        /**
         * Whether some `canEdit` still unknown are being asked about: the list came without waiting for
         * every answer, and reading it again shortly gives them.
         */
        editRightsPending: z.boolean(),
      })
      .strict(),
  },
  /**
   * One project with its description (the kept copy when the server cannot be reached), and the save
   * still waiting in the outbox for it, if any: the editor opens with that text.
   */
  'projects.get': {
    input: z.object({ id: idInput }).strict(),
    output: projectDetailSchema.extend({
      ...freshnessFields,
      queued: queuedDescriptionSchema.nullable(),
    }),
  },
  /**
   * Save a description; answers `conflict` instead of overwriting a newer server version unless
   * `overwrite`, and `queued` when the server cannot take it now (sent later, after the same check).
   */
  'projects.saveDescription': { input: saveDescriptionInputSchema, output: saveDescriptionResultSchema },
} as const
