import { z } from 'zod'
import { pastChecklistItemSchema, pastTargetValueSchema } from './check-in-history'
import { checkInKinds, submissionStates } from './check-ins'
import { freshnessFields } from './freshness'

/**
 * The reviewer's half of the rhythm: a team member's check-in read in the popup and acknowledged from
 * there (issue 37). `kind` says whose check-in it is (a goal's or a project's); `checkInId` is the id the
 * inbox's "to acknowledge" row carries (`resource_id` of a reviewer row, operately-api.md §6).
 */

export const reviewRefSchema = z
  .object({ kind: z.enum(checkInKinds), checkInId: z.string().min(1).max(200) })
  .strict()
export type ReviewRef = z.infer<typeof reviewRefSchema>

export const checkInReviewSchema = z
  .object({
    kind: z.enum(checkInKinds),
    checkInId: z.string(),
    /** The goal or project it was written for. */
    subjectId: z.string(),
    subjectName: z.string(),
    /** on_track, caution, off_track, or whatever a newer server sends. */
    status: z.string().nullable(),
    author: z.object({ id: z.string(), name: z.string() }).strict().nullable(),
    /** When it was published (else written), as the server says. */
    publishedAt: z.string().nullable(),
    /** JSON string of the message document, exactly as the server sent it. */
    message: z.string().nullable(),
    /** A goal's check-in: the target values and checklist it recorded (none for a project's). */
    targets: z.array(pastTargetValueSchema),
    checklist: z.array(pastChecklistItemSchema),
    acknowledgedAt: z.string().nullable(),
    /** Who acknowledged it, when the server says. */
    acknowledgedBy: z.string().nullable(),
    /** Its page in Operately (to comment on it); null when the address cannot be built. */
    webUrl: z.string().nullable(),
    /**
     * Why the person may not acknowledge it, in words (Operately's own rule, AckCTA.tsx: not the author,
     * the reviewer, or the champion for the reviewer's own check-in, only while it is not acknowledged,
     * with a token that can write); null when they may.
     */
    cannotAcknowledge: z.string().nullable(),
    ...freshnessFields,
  })
  .strict()
export type CheckInReview = z.infer<typeof checkInReviewSchema>

/** What "Acknowledge" comes to: the server has it, or it waits in the outbox to be sent (once). */
export const acknowledgeOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('acknowledged'), acknowledgedAt: z.string().nullable() }).strict(),
  z
    .object({
      outcome: z.literal('queued'),
      entryId: z.uuid(),
      state: z.enum(submissionStates),
      /** Why it is not on the server yet, in plain words. */
      reason: z.string(),
    })
    .strict(),
])
export type AcknowledgeOutcome = z.infer<typeof acknowledgeOutcomeSchema>
