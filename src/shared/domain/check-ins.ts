import { z } from 'zod'
import { lastSegment, sameId } from '../ids'
import { MAX_RICH_TEXT_CHARS } from './operately-limits'
import { contextualDateSchema } from './contextual-date-schema'
import { checklistItemSchema } from './goals'

export const checkInStatuses = ['on_track', 'caution', 'off_track'] as const
export const checkInStatusSchema = z.enum(checkInStatuses)
export type CheckInStatus = z.infer<typeof checkInStatusSchema>

/** What the user did with the due date: untouched, cleared on purpose, or moved. */
export const dueDateChangeSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('keep') }).strict(),
  z.object({ mode: z.literal('clear') }).strict(),
  z.object({ mode: z.literal('set'), date: contextualDateSchema }).strict(),
])
export type DueDateChange = z.infer<typeof dueDateChangeSchema>

export const notifySchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('everyone') }).strict(),
  z.object({ mode: z.literal('selected'), personIds: z.array(z.string().min(1).max(200)).max(500) }).strict(),
])
export type Notify = z.infer<typeof notifySchema>

/** A rich-text document as the server stores it: JSON.stringify of a TipTap doc, as large as Operately takes. */
export const richTextStringSchema = z
  .string()
  .max(MAX_RICH_TEXT_CHARS, 'the text is larger than Operately accepts (256 MB)')

/**
 * When Operately publishes the check-in: at once (the default, and all a 1.5/1.6 server can do), never
 * by itself (a draft the person finishes in Operately, servers 1.7.0+), or at a chosen moment (1.8.0+).
 */
export const publicationSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('now') }).strict(),
  z.object({ mode: z.literal('draft') }).strict(),
  /** `at`: an instant (ISO-8601 UTC) the person picked in their own time zone. */
  z.object({ mode: z.literal('scheduled'), at: z.iso.datetime() }).strict(),
])
export type Publication = z.infer<typeof publicationSchema>

/** What every check-in carries, a goal's or a project's: the mechanism that sends them shares these. */
const commonInputFields = {
  /** Chosen by the form once per submission; the same id twice is the same submission (never two check-ins). */
  submissionId: z.uuid(),
  status: checkInStatusSchema,
  message: richTextStringSchema,
  notify: notifySchema,
  /** Absent on submissions queued before drafts existed: published at once. */
  publication: publicationSchema.optional(),
}

/** The monthly goal check-in: the common fields, and the goal's own (due date, targets, checklist). */
export const goalCheckInInputSchema = z
  .object({
    ...commonInputFields,
    goalId: z.string().min(1).max(200),
    dueDate: dueDateChangeSchema,
    /** Only the targets the user changed. */
    targetValues: z
      .array(z.object({ id: z.string().min(1).max(200), value: z.number().finite() }).strict())
      .max(200),
    /** The goal's full checklist, in index order. */
    checklist: z.array(checklistItemSchema).max(1000),
  })
  .strict()
export type GoalCheckInInput = z.infer<typeof goalCheckInInputSchema>

/** The weekly project check-in: the common fields only (Operately's project check-in has nothing more). */
export const projectCheckInInputSchema = z
  .object({ ...commonInputFields, projectId: z.string().min(1).max(200) })
  .strict()
export type ProjectCheckInInput = z.infer<typeof projectCheckInInputSchema>

/**
 * A submission of either kind. Goal submissions carry no kind field (those queued before projects
 * could be checked in on read back unchanged); a project's is told by its `projectId`.
 */
export const createCheckInInputSchema = z.union([goalCheckInInputSchema, projectCheckInInputSchema])
export type CreateCheckInInput = z.infer<typeof createCheckInInputSchema>

export const checkInKinds = ['goal', 'project'] as const
export type CheckInKind = (typeof checkInKinds)[number]

/** What a check-in is about: a goal or a project, by the id the app was given. */
export interface CheckInSubject {
  kind: CheckInKind
  id: string
}
export const checkInSubjectSchema = z
  .object({ kind: z.enum(checkInKinds), id: z.string().min(1).max(200) })
  .strict()

export const isProjectCheckIn = (input: CreateCheckInInput): input is ProjectCheckInInput =>
  'projectId' in input

export const sameSubject = (a: CheckInSubject, b: CheckInSubject): boolean =>
  a.kind === b.kind && sameId(lastSegment(a.id), lastSegment(b.id))

export const subjectOf = (input: CreateCheckInInput): CheckInSubject =>
  isProjectCheckIn(input) ? { kind: 'project', id: input.projectId } : { kind: 'goal', id: input.goalId }

export const targetChangeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    unit: z.string().nullable(),
    previousValue: z.number().nullable(),
    value: z.number().nullable(),
    from: z.number().nullable(),
    to: z.number().nullable(),
  })
  .strict()

/** A checklist item whose completion this check-in changed: done now, or no longer done. */
export const checklistChangeSchema = z
  .object({ id: z.string(), name: z.string(), completed: z.boolean() })
  .strict()

/** What every result shows, a goal's check-in or a project's. */
const commonResultFields = {
  id: z.string(),
  status: checkInStatusSchema.nullable(),
  /** The goal's or project's status just before this check-in (on_track, pending, …), as the server had it. */
  previousStatus: z.string().nullable(),
  /** JSON string of the message document the server stored. */
  message: z.string(),
  insertedAt: z.string().nullable(),
  /**
   * False when the check-in is known to be on the server but could not be read back: the previous and
   * recorded values are then unknown, and the view says so instead of listing changes.
   */
  changesKnown: z.boolean(),
  webUrl: z.string().nullable(),
  /** True when a request failed ambiguously and the check-in was found on the server instead of re-sent. */
  recovered: z.boolean(),
  /** How the server holds it: absent means published (results built before drafts existed). */
  state: z.enum(['published', 'draft', 'scheduled']).optional(),
  /** When a scheduled check-in will be published (ISO-8601), as the server said or as it was asked. */
  scheduledAt: z.string().nullable().optional(),
}

export const goalCheckInResultSchema = z
  .object({
    ...commonResultFields,
    goalId: z.string(),
    goalName: z.string(),
    targetChanges: z.array(targetChangeSchema),
    checklist: z.array(checklistItemSchema),
    /** The items whose completion the server recorded as changed by this check-in, in index order. */
    checklistChanges: z.array(checklistChangeSchema),
    dueDate: contextualDateSchema.nullable(),
    /** The goal's due date just before this check-in. */
    previousDueDate: contextualDateSchema.nullable(),
  })
  .strict()
export type GoalCheckInResult = z.infer<typeof goalCheckInResultSchema>

export const projectCheckInResultSchema = z
  .object({ ...commonResultFields, projectId: z.string(), projectName: z.string() })
  .strict()
export type ProjectCheckInResult = z.infer<typeof projectCheckInResultSchema>

export const checkInResultSchema = z.union([goalCheckInResultSchema, projectCheckInResultSchema])
export type CheckInResult = z.infer<typeof checkInResultSchema>

export const isProjectResult = (result: CheckInResult): result is ProjectCheckInResult =>
  'projectId' in result

/** What a result is about, with the name the server gave it. */
export const resultSubject = (result: CheckInResult): CheckInSubject & { name: string } =>
  isProjectResult(result)
    ? { kind: 'project', id: result.projectId, name: result.projectName }
    : { kind: 'goal', id: result.goalId, name: result.goalName }

/**
 * Where a submission that is not on the server yet stands:
 * - `sending`: a request is on its way (or the person chose to let it go on in the background);
 * - `queued`: waiting in the outbox to be sent (Operately could not be reached or answered with an error);
 * - `checking`: a request may have been saved without the app hearing so: the app looks on the server
 *   before it sends anything again ("Checking whether Operately saved it…");
 * - `needs_you`: Operately refused it; it waits, text intact, for the person to edit, retry or discard it.
 */
export const submissionStates = ['sending', 'queued', 'checking', 'needs_you'] as const

/** A check-in the server has not confirmed yet: kept in the outbox on disk, and sent (once) from there. */
export const queuedCheckInSchema = z
  .object({
    outcome: z.literal('queued'),
    entryId: z.uuid(),
    subject: checkInSubjectSchema,
    submissionId: z.uuid(),
    queuedAt: z.string(),
    state: z.enum(submissionStates),
    /** A request for it may have reached the server: it is never sent again before the app has looked. */
    maybeSaved: z.boolean(),
    /** Why it is not on the server yet, in plain words. */
    reason: z.string(),
  })
  .strict()
export type QueuedCheckIn = z.infer<typeof queuedCheckInSchema>

/** What submitting a check-in comes to: created on the server, or queued to be created later. */
export const checkInOutcomeSchema = z.union([
  goalCheckInResultSchema.extend({ outcome: z.literal('created') }),
  projectCheckInResultSchema.extend({ outcome: z.literal('created') }),
  queuedCheckInSchema,
])
export type CheckInOutcome = z.infer<typeof checkInOutcomeSchema>

/** A goal's or project's submission as the check-in screen finds it when it opens, or follows it while it waits. */
export const checkInSubmissionSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('none') }).strict(),
  z
    .object({
      status: z.literal('waiting'),
      queued: queuedCheckInSchema,
      submission: createCheckInInputSchema,
    })
    .strict(),
  z
    .object({
      status: z.literal('sent'),
      result: checkInResultSchema,
      /** When this computer learned it was on the server; null when it was sent before that was kept. */
      sentAt: z.string().nullable(),
    })
    .strict(),
])
export type CheckInSubmission = z.infer<typeof checkInSubmissionSchema>

/**
 * A check-in the person saved as a draft or scheduled from this app, still unpublished on Operately as
 * far as the app last saw. The inbox lists these as rows of their own.
 */
const serverDraftFields = {
  checkInId: z.string(),
  state: z.enum(['draft', 'scheduled']),
  /** When Operately publishes it (ISO-8601), for a scheduled one. */
  scheduledAt: z.string().nullable(),
  /** When the server confirmed it (this computer's clock). */
  savedAt: z.string(),
}

export const serverDraftSchema = z.union([
  z.object({ ...serverDraftFields, goalId: z.string(), goalName: z.string() }).strict(),
  z
    .object({
      ...serverDraftFields,
      kind: z.literal('project'),
      projectId: z.string(),
      projectName: z.string(),
    })
    .strict(),
])
export type ServerDraft = z.infer<typeof serverDraftSchema>

export { serverDraftSubject } from './check-in-subjects'
