import { z } from 'zod'
import { richTextStringSchema } from './check-ins'
import { subscriberCandidateSchema } from './goals'

export const projectSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    spaceName: z.string().nullable(),
    /** Operately's project status (on_track, caution, paused, …), as the server says. */
    status: z.string().nullable(),
    /** The signed-in person is the champion, reviewer or a contributor: listed first. */
    isMine: z.boolean(),
    /** null when the list did not say. */
    canEdit: z.boolean().nullable(),
  })
  .strict()
export type ProjectSummary = z.infer<typeof projectSummarySchema>

export const projectDetailSchema = projectSummarySchema
  .extend({
    canEdit: z.boolean(),
    /** JSON string of the TipTap document, or null when the project has none. */
    description: z.string().nullable(),
    webUrl: z.string().nullable(),
    fetchedAt: z.string(),
  })
  .strict()
export type ProjectDetail = z.infer<typeof projectDetailSchema>

/**
 * What the weekly check-in form shows of its project, as Operately's own form reads it (`projects/get`
 * with the reviewer and who may be notified): the parts a goal's form shows too, and when it is due.
 */
export const projectCheckInDetailSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.string().nullable(),
    /** Whether the person may check in: edit access (Operately answers 403 otherwise). */
    canEdit: z.boolean(),
    championName: z.string().nullable(),
    reviewerName: z.string().nullable(),
    potentialSubscribers: z.array(subscriberCandidateSchema),
    /** When the next check-in is due (ISO-8601), as the server says; null when it does not. */
    nextCheckInDue: z.string().nullable(),
    webUrl: z.string().nullable(),
    fetchedAt: z.string(),
  })
  .strict()
export type ProjectCheckInDetail = z.infer<typeof projectCheckInDetailSchema>

export const saveDescriptionInputSchema = z
  .object({
    projectId: z.string().min(1).max(200),
    description: richTextStringSchema,
    /** The server's description when the editor opened it: a save never silently overwrites a newer one. */
    baseDescription: richTextStringSchema.nullable(),
    /** The user chose "keep mine" after seeing a conflict. */
    overwrite: z.boolean(),
  })
  .strict()
export type SaveDescriptionInput = z.infer<typeof saveDescriptionInputSchema>

export const saveDescriptionResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('saved'), description: z.string(), savedAt: z.string() }).strict(),
  z.object({ outcome: z.literal('conflict'), serverDescription: z.string().nullable() }).strict(),
  /**
   * The server could not take it now (offline, a timeout, a server error): it is in the outbox on disk and
   * will be sent, after the same conflict check, when the server can be reached.
   */
  z
    .object({
      outcome: z.literal('queued'),
      entryId: z.uuid(),
      description: z.string(),
      queuedAt: z.string(),
      /** Why it was not sent now, in plain words. */
      reason: z.string(),
    })
    .strict(),
])
export type SaveDescriptionResult = z.infer<typeof saveDescriptionResultSchema>
