import { z } from 'zod'
import { contextualDateSchema } from './contextual-date-schema'

/** Goals as the renderer sees them: camelCase, only what the screens use, never a raw server object. */

export const goalRoleSchema = z.enum(['champion', 'reviewer'])

export const goalSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Operately's goal status (on_track, caution, off_track, pending, achieved, …), as the server says. */
    status: z.string().nullable(),
    dueDate: contextualDateSchema.nullable(),
    lastCheckInAt: z.string().nullable(),
    /** The signed-in person's role on the goal, if any; "my goals" are listed first. */
    role: goalRoleSchema.nullable(),
    spaceName: z.string().nullable(),
    isClosed: z.boolean(),
    /** null when the server did not say (goals/list carries no permissions; goals/get does). */
    canEdit: z.boolean().nullable(),
  })
  .strict()
export type GoalSummary = z.infer<typeof goalSummarySchema>

export const targetSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    from: z.number().nullable(),
    to: z.number().nullable(),
    unit: z.string().nullable(),
    value: z.number().nullable(),
    index: z.number().int(),
  })
  .strict()
export type Target = z.infer<typeof targetSchema>

/** Exactly the four keys a check-in may send back for a checklist item (any other key is a 400). */
export const checklistItemSchema = z
  .object({
    id: z.string().min(1).max(200),
    name: z.string().max(2000),
    completed: z.boolean(),
    index: z.number().int().min(0),
  })
  .strict()
export type ChecklistItem = z.infer<typeof checklistItemSchema>

export const subscriberCandidateSchema = z
  .object({
    personId: z.string(),
    fullName: z.string(),
    title: z.string().nullable(),
    /** Operately's words for their part: "Champion", "Reviewer", a contributor's responsibility. */
    role: z.string().nullable(),
    isSubscribed: z.boolean(),
    /** Told of every check-in whoever else is chosen: the goal's champion and reviewer (`priority`). */
    alwaysNotified: z.boolean(),
  })
  .strict()
export type SubscriberCandidate = z.infer<typeof subscriberCandidateSchema>

export const goalDetailSchema = goalSummarySchema
  .extend({
    canEdit: z.boolean(),
    targets: z.array(targetSchema),
    checklist: z.array(checklistItemSchema),
    potentialSubscribers: z.array(subscriberCandidateSchema),
    championName: z.string().nullable(),
    reviewerName: z.string().nullable(),
    /** The goal's page in Operately's web app, when it can be built. */
    webUrl: z.string().nullable(),
  })
  .strict()
export type GoalDetail = z.infer<typeof goalDetailSchema>
