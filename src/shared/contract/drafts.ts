import { z } from 'zod'
import { lastSegment } from '../ids'

/**
 * Drafts live in main, on disk, so they survive closing the popup, a crash and a restart.
 * Keys name what the draft is for: `check-in:<goal id>`, `description:<project id>`.
 */
export const draftKeySchema = z
  .string()
  .max(300)
  .regex(
    /^(check-in|description):[A-Za-z0-9-]{1,200}$/,
    'must be check-in:<goal id> or description:<project id>',
  )

/**
 * The one spelling of each key, for the renderer and main alike: the short id, so that a goal reached
 * through its slug, its short id or a pasted link has one draft.
 */
export const checkInDraftKey = (goalId: string): `check-in:${string}` => `check-in:${lastSegment(goalId)}`
export const descriptionDraftKey = (projectId: string): `description:${string}` =>
  `description:${lastSegment(projectId)}`

// 5 MB of JSON: a 1 MB description with room to spare, and a bound on what the renderer can make us write.
const draftValueSchema = z
  .json()
  .refine((value) => JSON.stringify(value).length <= 5_000_000, 'draft is too large')

export const draftOperations = {
  'drafts.get': {
    input: z.object({ key: draftKeySchema }).strict(),
    output: z.object({ value: z.json().nullable(), savedAt: z.string().nullable() }).strict(),
  },
  'drafts.save': {
    input: z
      .object({
        key: draftKeySchema,
        value: draftValueSchema,
        /**
         * Top-level fields of the stored draft to keep as they are, left out of `value`: a description
         * draft is written once a second while someone types, and its base (a megabyte that changes only
         * on save) need not cross the bridge each time. `not_found` when the stored draft lacks one.
         */
        keep: z.array(z.string().min(1).max(100)).max(10).optional(),
      })
      .strict(),
    output: z.object({ savedAt: z.string() }).strict(),
  },
  'drafts.clear': { input: z.object({ key: draftKeySchema }).strict(), output: z.object({}).strict() },
} as const
