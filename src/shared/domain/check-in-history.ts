import { z } from 'zod'
import { freshnessFields } from './freshness'

/**
 * A goal's earlier check-ins as the form shows them beside itself (and the trend chart reads them):
 * published ones only, newest first. Every field the server may leave out is nullable (operately-api.md
 * §7: "treat every field as possibly null"); the screens say "unknown" rather than guess.
 */

/** What one check-in recorded about a target. */
export const pastTargetValueSchema = z
  .object({
    id: z.string().nullable(),
    name: z.string().nullable(),
    value: z.number().nullable(),
    previousValue: z.number().nullable(),
    from: z.number().nullable(),
    to: z.number().nullable(),
    unit: z.string().nullable(),
  })
  .strict()
export type PastTargetValue = z.infer<typeof pastTargetValueSchema>

export const pastChecklistItemSchema = z
  .object({ id: z.string().nullable(), name: z.string().nullable(), completed: z.boolean().nullable() })
  .strict()

/** Someone a message mentions whom the server no longer knows: it answers such a check-in with a 500. */
export const formerPersonSchema = z.object({ id: z.string(), name: z.string().nullable() }).strict()
export type FormerPerson = z.infer<typeof formerPersonSchema>

export const pastCheckInSchema = z
  .object({
    id: z.string(),
    /** on_track, caution, off_track, or whatever a newer server sends. */
    status: z.string().nullable(),
    /** Always `published` or null (servers before drafts): drafts and scheduled ones are left out. */
    state: z.string().nullable(),
    insertedAt: z.string().nullable(),
    publishedAt: z.string().nullable(),
    author: z.object({ id: z.string(), name: z.string() }).strict().nullable(),
    /** JSON string of the message document, exactly as the server sent it. */
    message: z.string().nullable(),
    targets: z.array(pastTargetValueSchema),
    checklist: z.array(pastChecklistItemSchema),
    /**
     * The people the message mentions who are not people of the company any more (checked against
     * `people/list`, suspended people included); null when that could not be checked.
     */
    formerMentions: z.array(formerPersonSchema).nullable(),
    /** Its page in Operately, to comment on it; null when the address cannot be built (copies kept before had none). */
    webUrl: z.string().nullable().default(null),
  })
  .strict()
export type PastCheckIn = z.infer<typeof pastCheckInSchema>

export const checkInHistorySchema = z.object({ checkIns: z.array(pastCheckInSchema) }).strict()
export type CheckInHistory = z.infer<typeof checkInHistorySchema>

export const checkInHistoryOutputSchema = checkInHistorySchema.extend(freshnessFields)
export type CheckInHistoryRead = z.infer<typeof checkInHistoryOutputSchema>
