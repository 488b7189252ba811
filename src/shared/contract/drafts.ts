import { z } from 'zod'
import { MAX_RICH_TEXT_CHARS } from '../domain/operately-limits'
import type { CheckInSubject } from '../domain/check-ins'
import { lastSegment } from '../ids'

/**
 * Drafts live in main, on disk, so they survive closing the popup, a crash and a restart.
 * Keys name what the draft is for: `check-in:<goal id>`, `project-check-in:<project id>`,
 * `description:<project id>`.
 */
export const draftKeySchema = z
  .string()
  .max(300)
  .regex(
    /^(check-in|project-check-in|description):[A-Za-z0-9-]{1,200}$/,
    'must be check-in:<goal id>, project-check-in:<project id> or description:<project id>',
  )

/**
 * The one spelling of each key, for the renderer and main alike: the short id, so that a goal reached
 * through its slug, its short id or a pasted link has one draft.
 */
export const checkInDraftKey = (goalId: string): `check-in:${string}` => `check-in:${lastSegment(goalId)}`
/** A check-in's draft, a goal's or a project's (a goal's key is the one drafts had before projects). */
export const subjectDraftKey = (subject: CheckInSubject): string =>
  subject.kind === 'goal' ? checkInDraftKey(subject.id) : `project-check-in:${lastSegment(subject.id)}`
export const descriptionDraftKey = (projectId: string): `description:${string}` =>
  `description:${lastSegment(projectId)}`

type Json = z.infer<ReturnType<typeof z.json>>

/**
 * Whether a JSON value has at most `limit` characters of content (strings, keys, numbers), counted by
 * walking it: the draft of a large description is written once a second while someone types, and turning
 * it into text only to measure it would copy megabytes each time.
 */
function fitsIn(value: Json, limit: number): boolean {
  let left = limit
  const walk = (item: Json): boolean => {
    if (typeof item === 'string') left -= item.length + 2
    else if (Array.isArray(item)) {
      left -= item.length + 1
      for (const inner of item) if (!walk(inner)) return false
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        left -= key.length + 4
        if (!walk(inner)) return false
      }
    } else left -= String(item).length
    return left >= 0
  }
  return walk(value)
}

// A draft holds up to three documents (the edit, the version it started from, a kept copy), each as large
// as Operately takes: a bound on what the renderer can make us write, not on what a person may write.
const draftValueSchema = z
  .json()
  .refine((value) => fitsIn(value, 3 * MAX_RICH_TEXT_CHARS), 'draft is too large')

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
         * on save) need not cross the bridge each time. Only with an `edit` naming a `revision`: the
         * fields are those of that write (`not_found` when it is not the stored draft, or lacks one).
         */
        keep: z.array(z.string().min(1).max(100)).max(10).optional(),
        /**
         * One text field of the stored draft changed in place rather than sent whole (left out of
         * `value`): the characters from `at` to `at + remove` become `insert`. A keystroke in a megabyte
         * description crosses the bridge as the few characters around it. `revision` is what main answered
         * for the write this edit follows: `not_found` when the stored draft is another one (written
         * since, by another window, or gone), and the caller then sends the whole draft. With `from`, the
         * text edited is that field of `value` instead (a first edit written as its difference from the
         * version it started from), and no revision is needed.
         */
        edit: z
          .object({
            field: z.string().min(1).max(100),
            at: z.number().int().nonnegative(),
            remove: z.number().int().nonnegative(),
            insert: z.string().max(3 * MAX_RICH_TEXT_CHARS),
            revision: z.string().min(1).max(100).optional(),
            from: z.string().min(1).max(100).optional(),
          })
          .strict()
          .refine((edit) => (edit.revision === undefined) !== (edit.from === undefined), {
            message: 'an edit names either the revision it follows or the field it is made from',
          })
          .optional(),
        /**
         * One top-level field of the draft left out of `value` because main served that very text (a
         * project's description, the base a description draft edits): main fills it in. `sha256` (hex,
         * of the text's UTF-8) says which text; `not_found` when main served no text of that hash for
         * this key (it restarted, or the text came from elsewhere), and the caller then sends it. The
         * first draft of a megabyte description crosses the bridge as its few changed characters.
         */
        served: z
          .object({
            // A plain name: never one that means something to objects (`__proto__`, `constructor`…).
            field: z
              .string()
              .regex(/^[a-z][A-Za-z0-9]{0,99}$/, 'must be a field name')
              .refine((name) => !(name in Object.prototype), 'must be a field name'),
            sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex'),
          })
          .strict()
          .optional(),
      })
      .strict()
      .refine((input) => !input.keep?.length || input.edit?.revision !== undefined, {
        message: 'fields are kept only with an edit naming the revision it follows',
      }),
    /** `revision` names this write, for the next one's `edit`. */
    output: z.object({ savedAt: z.string(), revision: z.string() }).strict(),
  },
  'drafts.clear': { input: z.object({ key: draftKeySchema }).strict(), output: z.object({}).strict() },
} as const
