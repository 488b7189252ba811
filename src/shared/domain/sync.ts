import { z } from 'zod'
import { appErrorSchema } from '../errors'
import { richTextStringSchema } from './check-ins'
import { syncItemStates, waitingForPersonStates } from './sync-states'

/**
 * Queued work as the renderer sees it: what the Sync view lists, what the tray counts, and what a save
 * answers when the server cannot take it now. The outbox itself (main) holds more; this is its summary.
 */

export {
  behindReason,
  syncItemStates,
  waitingForPersonStates,
  waitsForPerson,
  type WaitingForPersonState,
} from './sync-states'

export const syncItemSchema = z
  .object({
    id: z.uuid(),
    /** `acknowledgement`: a reviewer's acknowledgement of a check-in (issue 37). */
    kind: z.enum(['description', 'check-in', 'acknowledgement']),
    state: z.enum(syncItemStates),
    /** The project's or goal's name when it was queued (an acknowledgement: the check-in's goal or project); null when it was not known. */
    title: z.string().nullable(),
    /** What it belongs to: the project (descriptions, project check-ins) or the goal (goal check-ins). */
    targetKind: z.enum(['goal', 'project']),
    targetId: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    attempts: z.number().int().nonnegative(),
    lastError: z.object({ kind: appErrorSchema.shape.kind, message: z.string() }).strict().nullable(),
    /**
     * The words waiting (the description, or the check-in's message), as plain text, shortened; for an
     * acknowledgement, what it does ("Acknowledge Grace Hopper's check-in").
     */
    preview: z.string(),
    /** Queued while signed in to another server or as another person: waits until that account is back. */
    otherAccount: z.object({ baseUrl: z.string(), personName: z.string().nullable() }).strict().nullable(),
    /**
     * Operately may already have it, whatever the state says: a request got no clear answer, or (a
     * check-in) one copy of it is known to be there. Discarding it then does not make it unsent.
     */
    maybeOnServer: z.boolean(),
    /**
     * Check-ins Operately ended up with twice: each copy's time and its page in Operately's web app
     * (null when the app cannot know the address), so the person can open both and delete one.
     */
    copies: z
      .array(z.object({ postedAt: z.string().nullable(), url: z.string().nullable() }).strict())
      .optional(),
  })
  .strict()
export type SyncItem = z.infer<typeof syncItemSchema>

export const syncStatusSchema = z
  .object({
    pending: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    conflicts: z.number().int().nonnegative(),
    needsAttention: z.number().int().nonnegative(),
    lastSyncedAt: z.string().nullable(),
    online: z.boolean(),
    /** The whole queue waits for the user: signed out, token revoked, or a token that can only read. */
    halted: appErrorSchema.nullable(),
    nextAttemptAt: z.string().nullable(),
    syncing: z.boolean(),
  })
  .strict()
export type SyncStatusView = z.infer<typeof syncStatusSchema>

/** A queued file that could not be read back and was set aside, with the words still readable in it. */
export const damagedItemSchema = z
  .object({
    /** The file's name; what `sync.discardDamaged` takes. */
    id: z.string().regex(/^[0-9TZ-]{10,40}-[0-9a-f-]{36}\.json$/),
    setAsideAt: z.string(),
    kind: z.enum(['description', 'check-in', 'acknowledgement']).nullable(),
    text: z.string(),
  })
  .strict()
export type DamagedItem = z.infer<typeof damagedItemSchema>

export const syncViewSchema = z
  .object({ status: syncStatusSchema, items: z.array(syncItemSchema), damaged: z.array(damagedItemSchema) })
  .strict()
export type SyncView = z.infer<typeof syncViewSchema>

/** A description save waiting in the outbox, as the editor shows it when the project is opened again. */
export const queuedDescriptionSchema = z
  .object({
    entryId: z.uuid(),
    state: z.enum(syncItemStates),
    /** The text waiting to be sent. */
    description: richTextStringSchema,
    /** The server's description the edit started from. */
    base: richTextStringSchema.nullable(),
    queuedAt: z.string(),
    lastError: z.object({ kind: appErrorSchema.shape.kind, message: z.string() }).strict().nullable(),
    /** Set when the server's description changed meanwhile: what it holds now. */
    conflict: z
      .object({ serverDescription: richTextStringSchema.nullable(), seenAt: z.string() })
      .strict()
      .nullable(),
    /**
     * An earlier save of the same description waits for the person in Sync (a conflict, a refusal): this
     * one goes only after it, whatever the network does.
     */
    behind: z
      .object({ state: z.enum(waitingForPersonStates) })
      .strict()
      .nullable(),
  })
  .strict()
export type QueuedDescription = z.infer<typeof queuedDescriptionSchema>
