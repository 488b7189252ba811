import { z } from 'zod'
import { idInput } from './inputs'

export const personOptionSchema = z
  .object({ id: z.string(), fullName: z.string(), title: z.string().nullable() })
  .strict()
export type PersonOption = z.infer<typeof personOptionSchema>

export const peopleOperations = {
  /** People to @mention, searched on the server; offline, among the people seen in earlier searches. */
  'people.search': {
    input: z
      .object({ query: z.string().max(200), ignoredIds: z.array(idInput).max(100).optional() })
      .strict(),
    output: z.object({ people: z.array(personOptionSchema) }).strict(),
  },
} as const
