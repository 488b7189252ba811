import { z } from 'zod'
import { isEmptyMessage, MESSAGE_REQUIRED } from '../domain/check-in-message'
import {
  checkInKinds,
  checkInOutcomeSchema,
  checkInSubmissionSchema,
  createCheckInInputSchema,
  serverDraftSchema,
} from '../domain/check-ins'
import { freshnessFields } from '../domain/freshness'
import { goalDetailSchema, goalSummarySchema } from '../domain/goals'
import {
  editRightsInput,
  editRightsOutput,
  idInput,
  listInput,
  listRestInput,
  noInput,
  restOfListField,
} from './inputs'

const goalListOutput = z
  .object({
    goals: z.array(goalSummarySchema),
    ...restOfListField,
    ...freshnessFields,
  })
  .strict()

export const goalOperations = {
  /**
   * Every goal the person can see, their own (champion or reviewer) first. When the server cannot be
   * reached: the copy kept from the last answer, with `fromCache` and why. With `first`, only that many
   * (the first screen) and, when there are more, where the rest waits (`rest`, for `goals.listRest`).
   */
  'goals.list': { input: listInput, output: goalListOutput },
  /**
   * The whole list, from the read `goals.list` kept when it answered in part (no second request to the
   * server); a fresh read when that one is gone (asked late or twice, or another account signed in).
   */
  'goals.listRest': { input: listRestInput, output: goalListOutput },
  /**
   * Whether the person may edit these goals: the rows on screen, the one being opened. The list gives
   * what is known at once (the role, answers kept from before); the rest are asked about here, never for
   * rows nobody looks at. An answer older than a day is asked again.
   */
  'goals.editRights': {
    input: editRightsInput,
    output: editRightsOutput,
  },
  /** One goal with targets, checklist, permissions and who can be notified. `id` may be a slug or a short id. */
  'goals.get': {
    input: z.object({ id: idInput }).strict(),
    output: goalDetailSchema.extend(freshnessFields),
  },
  /**
   * Create a check-in: written to the outbox on disk first, then sent, and answered with what that attempt
   * came to. Safe to call again with the same submissionId: it never creates a second one (and a
   * submission already sent answers with its result). When it is not on the server yet, it stays in the
   * outbox and is sent from there (`outcome: 'queued'`). A goal has one submission at a time: another one
   * while a check-in for the goal waits is refused, its text kept as a draft.
   */
  'checkIns.create': {
    input: createCheckInInputSchema.refine((input) => !isEmptyMessage(input.message), {
      message: MESSAGE_REQUIRED,
      path: ['message'],
    }),
    output: checkInOutcomeSchema,
  },
  /**
   * The check-in waiting for a goal, if one waits (the screen shows it instead of a second form); with a
   * submissionId, also whether that submission has been sent since, and its result. With `recent`, when
   * nothing waits: the goal's newest check-in sent from this computer in the last 24 hours, if there is one.
   */
  'checkIns.submission': {
    input: z
      .object({
        subject: z.object({ kind: z.enum(checkInKinds), id: idInput }).strict(),
        submissionId: z.uuid().optional(),
        recent: z.boolean().optional(),
      })
      .strict(),
    output: checkInSubmissionSchema,
  },
  /** "Keep it in the background": the form stops waiting for a slow submission; the Sync view follows it. */
  'checkIns.background': {
    input: z.object({ submissionId: z.uuid() }).strict(),
    output: z.object({}).strict(),
  },
  /**
   * Takes a waiting submission out of the outbox to edit it (from "Needs you"); answers what it held.
   * Refused while a request for it may still be applied by the server.
   */
  'checkIns.withdraw': {
    input: z.object({ submissionId: z.uuid() }).strict(),
    output: createCheckInInputSchema,
  },
  /**
   * The drafts and scheduled check-ins this app saved on Operately that are still unpublished, newest
   * first (main reads only those goals again, at most every few minutes). Empty when signed out.
   */
  'checkIns.serverDrafts': { input: noInput, output: z.array(serverDraftSchema) },
} as const
