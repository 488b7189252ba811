import { z } from 'zod'
import { EDIT_RIGHTS_IDS_PER_CALL, FIRST_SCREEN_ROWS_MAX } from './limits'

/** Building blocks shared by the operations' input schemas. */
export const noInput = z.object({}).strict()

/** An Operately id as the renderer may send it: a short id, a slug ending in one, or a UUID. */
export const idInput = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9-]+$/, 'must be an Operately id')

/** The ids of the rows whose edit rights the renderer wants (the rows shown, the item being opened). */
export const editRightsInput = z
  .object({ ids: z.array(idInput).min(1).max(EDIT_RIGHTS_IDS_PER_CALL) })
  .strict()

/** Each id asked about, as it was sent, with the right: null when it could not be learnt (yet). */
export const editRightsOutput = z
  .object({ rights: z.array(z.object({ id: z.string(), canEdit: z.boolean().nullable() }).strict()) })
  .strict()

/**
 * A long list (goals, projects), whole or, with `first`, its first rows: the answer then says where the
 * rest is kept (`rest`), and `*.listRest` answers the whole list from that same read.
 */
export const listInput = z
  .object({ first: z.number().int().min(1).max(FIRST_SCREEN_ROWS_MAX).optional() })
  .strict()

/** Where the rest of a list answered in part is kept; null when the answer holds the whole list. */
export const restOfListField = {
  rest: z
    .object({ readId: z.uuid(), count: z.number().int().min(0) })
    .strict()
    .nullable(),
}

/** The rest of a list answered in part: the read it was kept under. */
export const listRestInput = z.object({ readId: z.uuid() }).strict()
