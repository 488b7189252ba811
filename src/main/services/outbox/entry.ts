import { z } from 'zod'
import { createCheckInInputSchema, richTextStringSchema, subjectOf } from '@shared/domain/check-ins'
import { errorKinds } from '@shared/errors'
import { lastSegment, sameId } from '@shared/ids'

/**
 * One piece of work the user handed over and the server has not confirmed yet. Each entry is one JSON
 * file on disk (see outbox-store.ts); this schema checks every file read back, so a damaged or foreign
 * file is set aside instead of being sent.
 */

export const outboxStates = ['pending', 'sending', 'failed', 'conflict', 'needs_attention'] as const
export type OutboxState = (typeof outboxStates)[number]
/*
 * pending          waiting to be sent (maybe after a failure that a retry can fix: see lastError)
 * sending          a request may be on its way; never changed by a new save (it waits behind)
 * failed           the server refused it in a way a retry will not fix (e.g. the project is gone)
 * conflict         the project's description changed on the server since the edit began
 * needs_attention  the user must act outside the item: sign in again, a token that can write, edit access
 */

export const outboxKinds = ['description', 'check-in', 'acknowledgement'] as const
export type OutboxKind = (typeof outboxKinds)[number]

/** An Operately id as the app sends it: a short id, a slug ending in one, or a UUID. */
const idString = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9-]+$/)
const isoString = z.string().min(1).max(40)

export const descriptionPayloadSchema = z
  .object({ projectId: idString, description: richTextStringSchema })
  .strict()
export type DescriptionPayload = z.infer<typeof descriptionPayloadSchema>

/** A check-in exactly as the user submitted it; the request is built against its goal or project when sent. */
export const checkInPayloadSchema = createCheckInInputSchema
export type CheckInPayload = z.infer<typeof checkInPayloadSchema>

/** A reviewer's acknowledgement of a goal's or a project's check-in (issue 37). */
export const acknowledgementPayloadSchema = z
  .object({ kind: z.enum(['goal', 'project']), checkInId: idString })
  .strict()
export type AcknowledgementPayload = z.infer<typeof acknowledgementPayloadSchema>

export const lastErrorSchema = z.object({ kind: z.enum(errorKinds), message: z.string().max(2000) }).strict()
export type LastError = z.infer<typeof lastErrorSchema>

export const accountSchema = z
  .object({
    baseUrl: z.string().min(1).max(2000),
    personId: z.string().min(1).max(200),
    personName: z.string().max(500).nullable(),
  })
  .strict()
export type OutboxAccount = z.infer<typeof accountSchema>

const unconfirmedSchema = z
  .object({
    /** When the request went out (this computer's clock). */
    at: isoString,
    settleAt: isoString,
    /** Descriptions: the text that request carried. */
    text: richTextStringSchema.optional(),
    /**
     * Operately itself answered (its own error, or a success without the check-in): it has finished, so a
     * look tells for sure. Otherwise no answer came (a timeout, a lost connection, a gateway, the app
     * killed), and a request not found after the wait may still land later.
     */
    answered: z.literal(true).optional(),
  })
  .strict()
export type Unconfirmed = z.infer<typeof unconfirmedSchema>

const common = {
  /** Also the file name: `<id>.json`. */
  id: z.uuid(),
  /** Coalescing key: `description:<project short id>` or `check-in:<submission id>`. */
  key: z.string().min(1).max(300),
  /** Order of arrival; entries with the same key are sent in this order, one at a time. */
  seq: z.number().int().nonnegative(),
  createdAt: isoString,
  updatedAt: isoString,
  /** Requests that may have gone out for this entry (counted before each one is sent). */
  attempts: z.number().int().nonnegative(),
  firstAttemptAt: isoString.nullable(),
  lastError: lastErrorSchema.nullable(),
  state: z.enum(outboxStates),
  /**
   * Failures in a row that a retry alone may not fix (a 500 from Operately itself): after a few, the entry
   * waits for the person ("Needs you") instead of being tried forever. Network trouble does not count.
   */
  failures: z.number().int().nonnegative().optional(),
  /**
   * The last request for this entry may have been applied without the app hearing so (a timeout, a lost
   * connection, a 5xx): before anything is sent again, the server is asked. `settleAt`: when the server
   * can no longer be working on that request, so that not finding it there means it was not applied.
   */
  unconfirmed: unconfirmedSchema.nullable().optional(),
  /** The project's or goal's name when it was queued, for the Sync view. */
  title: z.string().max(500).nullable().optional(),
  /**
   * Who queued it: sent only while that person is signed in to that server, never with someone else's
   * token after a sign-in to another account.
   */
  account: accountSchema.optional(),
}

/**
 * Whether two pieces of work belong to the same person on the same server. Entries from before accounts
 * were recorded (no account) only match each other.
 */
export const sameAccount = (a: OutboxAccount | undefined, b: OutboxAccount | undefined): boolean =>
  a === undefined || b === undefined ? a === b : a.baseUrl === b.baseUrl && sameId(a.personId, b.personId)

export const descriptionEntrySchema = z
  .object({
    ...common,
    kind: z.literal('description'),
    payload: descriptionPayloadSchema,
    /** The server's description the edit started from (null: the project had none). */
    base: richTextStringSchema.nullable(),
    /**
     * Texts this app itself put (or may have put) on the server for this project: the last save delivered
     * before this one, and earlier payloads of this entry that may have reached the server before a newer
     * save replaced them. Finding one of them on the server is not someone else's edit.
     */
    ownVersions: z.array(richTextStringSchema).max(20),
    /** What the server had when a conflict was found, for the side-by-side view. */
    conflict: z
      .object({ serverDescription: richTextStringSchema.nullable(), seenAt: isoString })
      .strict()
      .nullable(),
  })
  .strict()
export type DescriptionEntry = z.infer<typeof descriptionEntrySchema>

export const checkInEntrySchema = z
  .object({
    ...common,
    kind: z.literal('check-in'),
    payload: checkInPayloadSchema,
    /**
     * The ids of the goal's check-ins read just before the first request: a check-in the server has that
     * is not among them, by this person and with this content, is this one. Null until then.
     */
    snapshot: z.array(z.string().min(1).max(200)).max(50_000).nullable().optional(),
    /**
     * When the app asked the person "Send again?": a request that got no answer was still not on the
     * goal after the wait, and may yet land. Nothing is sent until they answer (Retry).
     */
    askedToResend: isoString.nullable().optional(),
    /**
     * The person had it sent again after such a question: whatever is found or created from then on, the
     * goal is looked at for a second copy (the first request, landed late), which is shown, never hidden.
     */
    resent: z.literal(true).optional(),
    /**
     * Queued a while ago, and before its first request the goal already had the same words by the same
     * person, written since (from the web, another computer): the app asked whether to send it anyway.
     * Set, and the entry pending again, means the person said yes.
     */
    askedSameWords: isoString.optional(),
    /**
     * Operately ended up with this check-in twice (the request that got no answer landed beside the one
     * sent again): each copy with when it was posted and its page, so the person can open both and delete
     * one. Kept until they discard or retry the item.
     */
    copies: z
      .array(
        z
          .object({
            checkInId: z.string().min(1).max(200),
            postedAt: isoString.nullable(),
            url: z.string().url().max(2000).nullable(),
          })
          .strict(),
      )
      .max(10)
      .optional(),
  })
  .strict()
export type CheckInEntry = z.infer<typeof checkInEntrySchema>

export const acknowledgementEntrySchema = z
  .object({
    ...common,
    kind: z.literal('acknowledgement'),
    payload: acknowledgementPayloadSchema,
    /** For the Sync view: the goal's or project's id, and who wrote the check-in (when known when queued). */
    subjectId: z.string().min(1).max(200).nullable().optional(),
    authorName: z.string().max(500).nullable().optional(),
  })
  .strict()
export type AcknowledgementEntry = z.infer<typeof acknowledgementEntrySchema>

export const outboxEntrySchema = z.discriminatedUnion('kind', [
  descriptionEntrySchema,
  checkInEntrySchema,
  acknowledgementEntrySchema,
])
export type OutboxEntry = z.infer<typeof outboxEntrySchema>

interface NewEntryCommon {
  title?: string | null
  account?: OutboxAccount
}

/** What a caller hands to `append`; the store fills in the rest. */
export type NewOutboxEntry =
  | ({
      kind: 'description'
      payload: DescriptionPayload
      base: string | null
      /**
       * The person answered a conflict or a failure (keep mine, a merged version) or chose to overwrite:
       * a waiting entry takes this text AND this base, and goes back in line.
       */
      rebase?: boolean
    } & NewEntryCommon)
  | ({ kind: 'check-in'; payload: CheckInPayload } & NewEntryCommon)
  | ({
      kind: 'acknowledgement'
      payload: AcknowledgementPayload
      subjectId?: string | null
      authorName?: string | null
    } & NewEntryCommon)

/** What may be changed on an entry after it is written (never its id, kind, key or order). */
export interface OutboxPatch {
  state?: OutboxState
  lastError?: LastError | null
  /** Descriptions only: a merged or re-based version chosen while resolving a conflict. */
  payload?: DescriptionPayload
  base?: string | null
  ownVersions?: string[]
  conflict?: DescriptionEntry['conflict']
  failures?: number
  unconfirmed?: Unconfirmed | null
  /** Check-ins only. */
  snapshot?: string[] | null
  askedToResend?: string | null
  resent?: true
  askedSameWords?: string
  copies?: CheckInCopy[]
}

/** One of the copies Operately holds of a check-in sent twice (see the entry's `copies`). */
export interface CheckInCopy {
  checkInId: string
  postedAt: string | null
  url: string | null
}

export const descriptionKey = (projectId: string): string => `description:${lastSegment(projectId)}`
export const checkInKey = (submissionId: string): string => `check-in:${submissionId.toLowerCase()}`
/** One acknowledgement per check-in: asking twice is the same entry. */
export const acknowledgementKey = (payload: AcknowledgementPayload): string =>
  `acknowledgement:${payload.kind}:${lastSegment(payload.checkInId).toLowerCase()}`

/**
 * The line an entry waits in: one project's description, or one goal's (one project's) check-ins. Entries of a lane go
 * strictly one after the other, in the order they were queued; lanes do not wait for each other.
 */
export const laneOf = (entry: OutboxEntry): string =>
  entry.kind === 'description' || entry.kind === 'acknowledgement'
    ? entry.key
    : `${subjectOf(entry.payload).kind}:${lastSegment(subjectOf(entry.payload).id)}`

export const keyOf = (entry: NewOutboxEntry): string =>
  entry.kind === 'description'
    ? descriptionKey(entry.payload.projectId)
    : entry.kind === 'acknowledgement'
      ? acknowledgementKey(entry.payload)
      : checkInKey(entry.payload.submissionId)
