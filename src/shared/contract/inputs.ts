import { z } from 'zod'
import { EDIT_RIGHTS_IDS_PER_CALL } from './limits'

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
