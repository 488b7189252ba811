import { z } from 'zod'
import {
  projectDetailSchema,
  projectSummarySchema,
  saveDescriptionInputSchema,
  saveDescriptionResultSchema,
} from '../domain/projects'
import { idInput, noInput } from './inputs'

export const projectOperations = {
  /** Every project the person can see, their own first. */
  'projects.list': {
    input: noInput,
    output: z.object({ projects: z.array(projectSummarySchema), fetchedAt: z.string() }).strict(),
  },
  'projects.get': { input: z.object({ id: idInput }).strict(), output: projectDetailSchema },
  /** Save a description; answers `conflict` instead of overwriting a newer server version unless `overwrite`. */
  'projects.saveDescription': { input: saveDescriptionInputSchema, output: saveDescriptionResultSchema },
} as const
