import { z } from 'zod'

/** Building blocks shared by the operations' input schemas. */
export const noInput = z.object({}).strict()

/** An Operately id as the renderer may send it: a short id, a slug ending in one, or a UUID. */
export const idInput = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9-]+$/, 'must be an Operately id')
