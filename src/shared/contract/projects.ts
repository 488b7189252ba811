import { z } from 'zod'
import { freshnessFields } from '../domain/freshness'
import {
  projectCheckInDetailSchema,
  projectDetailSchema,
  projectSummarySchema,
  saveDescriptionInputSchema,
  saveDescriptionResultSchema,
} from '../domain/projects'
import { queuedDescriptionSchema } from '../domain/sync'
import {
  editRightsInput,
  editRightsOutput,
  idInput,
  listInput,
  listRestInput,
  restOfListField,
} from './inputs'

const projectListOutput = z
  .object({
    projects: z.array(projectSummarySchema),
    ...restOfListField,
    ...freshnessFields,
  })
  .strict()

export const projectOperations = {
  /**
   * Every project the person can see, their own first; the kept copy when the server cannot be reached.
   * With `first`, only that many (the first screen) and where the rest waits (`rest`, for
   * `projects.listRest`) when there are more.
   */
  'projects.list': { input: listInput, output: projectListOutput },
  /** The whole list from the read `projects.list` kept (see `goals.listRest`); a fresh read when it is gone. */
  'projects.listRest': { input: listRestInput, output: projectListOutput },
  /**
   * Whether the person may edit these projects: the rows on screen, the one being opened. The list gives
   * what is known at once (the role, answers kept from before); the rest are asked about here, never for
   * rows nobody looks at. An answer older than a day is asked again.
   */
  'projects.editRights': {
    input: editRightsInput,
    output: editRightsOutput,
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
      /**
       * SHA-256 (hex, of the UTF-8) of `description` as main served it: the page names that text by it in
       * its first draft write (drafts.save `served`) without hashing a megabyte on its own thread.
       */
      descriptionSha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .nullable(),
    }),
  },
  /**
   * One project as its weekly check-in form shows it: status, champion and reviewer, who may be notified,
   * when the next check-in is due; the kept copy when the server cannot be reached.
   */
  'projects.checkInDetail': {
    input: z.object({ id: idInput }).strict(),
    output: projectCheckInDetailSchema.extend(freshnessFields),
  },
  /**
   * Save a description; answers `conflict` instead of overwriting a newer server version unless
   * `overwrite`, and `queued` when the server cannot take it now (sent later, after the same check).
   */
  'projects.saveDescription': { input: saveDescriptionInputSchema, output: saveDescriptionResultSchema },
} as const
