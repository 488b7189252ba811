import { z } from 'zod'
import { parseJson, portableJson } from '@shared/exact-json'
import { checkInStatuses, isProjectCheckIn, type CreateCheckInInput } from '@shared/domain/check-ins'
import { dateTypes } from '@shared/domain/contextual-date'
import type { CheckInFormSubject } from './check-in-subject'
import { dueDateFieldsFor, prefillFrom, targetText, type CheckInFormValues } from './form-values'
import type { NumberLocale } from './number-conventions'

/**
 * What the user typed into a check-in, as a draft main keeps on disk. Targets and checklist items are kept
 * only where the user changed them, by id: when the goal changes on the server meanwhile (someone else
 * checked in), the fresh values show through everywhere the user did not type.
 */

/** Drafts are keyed by the goal's short id: slugs change when a goal is renamed, the short id does not. */
export { checkInDraftKey as draftKeyFor } from '@shared/contract/drafts'

// JSON values, spelled out so the draft type needs nothing from the editor module.
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

export interface CheckInDraft {
  values: CheckInFormValues
  /** The message document, or null when the user has not written one. */
  message: Json | null
  /**
   * The submission these values were submitted as, once Submit was pressed: the form, its draft and the
   * outbox agree on one submission per goal (a form opened again asks main how that one ended).
   */
  submissionId?: string
}

const storedSchema = z.object({
  v: z.literal(1),
  status: z.enum(checkInStatuses).or(z.literal('')).optional(),
  due: z
    .object({
      mode: z.enum(['keep', 'clear', 'set']),
      precision: z.enum(dateTypes),
      day: z.string().max(20),
      month: z.string().max(4),
      quarter: z.string().max(4),
      year: z.string().max(8),
    })
    .optional(),
  targets: z.record(z.string(), z.string().max(100)).optional(),
  checklist: z.record(z.string(), z.boolean()).optional(),
  message: z.json().nullable().optional(),
  // A message holding a number JavaScript cannot keep exactly (pasted unsupported content) is kept as its
  // exact text: an object would lose the number on its way to main.
  messageText: z.string().optional(),
  notify: z
    .object({ mode: z.enum(['everyone', 'selected']), personIds: z.array(z.string()).max(500) })
    .optional(),
  submission: z.uuid().optional(),
})

function portableMessage(message: Json | null): { message: Json | null } | { messageText: string } {
  if (message === null) return { message: null }
  const portable = portableJson(message)
  return 'text' in portable ? { messageText: portable.text } : { message: portable.value }
}

function storedMessage(text: string | undefined, message: unknown): Json | null {
  if (text === undefined) return (message ?? null) as Json | null
  try {
    return parseJson(text) as Json
  } catch {
    // Not text this app wrote: no message rather than a broken one.
    return null
  }
}

/** The submission a stored draft was submitted as, if Submit was pressed on it. */
export const submissionOfDraft = (stored: unknown): string | null => {
  const parsed = storedSchema.safeParse(stored)
  return parsed.success ? (parsed.data.submission ?? null) : null
}

/** The draft to store for the current values, relative to how the form opened (`prefill`). */
export function toStoredDraft(draft: CheckInDraft, prefill: CheckInFormValues): Json {
  const { values, message } = draft
  const openedTargets = new Map(prefill.targets.map((t) => [t.id, t.value]))
  const openedChecks = new Map(prefill.checklist.map((c) => [c.id, c.completed]))
  const targets: Record<string, string> = {}
  for (const t of values.targets) if (openedTargets.get(t.id) !== t.value) targets[t.id] = t.value
  const checklist: Record<string, boolean> = {}
  for (const c of values.checklist) if (openedChecks.get(c.id) !== c.completed) checklist[c.id] = c.completed
  return {
    v: 1,
    status: values.status,
    due: { ...values.due },
    targets,
    checklist,
    ...portableMessage(message),
    notify: { mode: values.notify.mode, personIds: [...values.notify.personIds] },
    ...(draft.submissionId ? { submission: draft.submissionId } : {}),
  }
}

/**
 * The form as the draft left it, laid over a fresh prefill: parts the goal no longer has (a removed target
 * or checklist item) are dropped. Null when there is no usable draft.
 */
export function restoreDraft(stored: unknown, prefill: CheckInFormValues): CheckInDraft | null {
  const parsed = storedSchema.safeParse(stored)
  if (!parsed.success) return null
  const d = parsed.data
  const values: CheckInFormValues = {
    status: d.status ?? prefill.status,
    due: d.due ?? prefill.due,
    targets: prefill.targets.map((t) => ({ id: t.id, value: d.targets?.[t.id] ?? t.value })),
    checklist: prefill.checklist.map((c) => ({ id: c.id, completed: d.checklist?.[c.id] ?? c.completed })),
    notify: d.notify ?? prefill.notify,
  }
  return {
    values,
    message: storedMessage(d.messageText, d.message),
    ...(d.submission ? { submissionId: d.submission } : {}),
  }
}

/**
 * A stored draft holding exactly what was submitted, over the goal as it is now. For a submission taken
 * back to be edited when the draft on disk does not hold it (it could not be written before the submit,
 * or was removed since): the form then opens on those words, not on the goal as if nothing was written.
 */
export function draftOfSubmission(
  submitted: CreateCheckInInput,
  goal: CheckInFormSubject,
  now: Date,
  locale: NumberLocale,
): Json {
  const prefill = prefillFrom(goal, now, locale)
  // A project's submission has none of the goal's parts: read as one that changed none of them.
  const submission = isProjectCheckIn(submitted)
    ? { ...submitted, targetValues: [], checklist: [], dueDate: { mode: 'keep' as const } }
    : submitted
  const typed = new Map(submission.targetValues.map((t) => [t.id, t.value]))
  const ticked = new Map(submission.checklist.map((c) => [c.id, c.completed]))
  const change = submission.dueDate
  const values: CheckInFormValues = {
    status: submission.status,
    due:
      change.mode === 'set'
        ? { ...dueDateFieldsFor({ dueDate: change.date }, now), mode: 'set' }
        : { ...prefill.due, mode: change.mode },
    targets: prefill.targets.map((t) => {
      const value = typed.get(t.id)
      return value === undefined ? t : { id: t.id, value: targetText(value, locale) }
    }),
    checklist: prefill.checklist.map((c) => ({ id: c.id, completed: ticked.get(c.id) ?? c.completed })),
    notify:
      submission.notify.mode === 'everyone'
        ? { mode: 'everyone', personIds: prefill.notify.personIds }
        : { mode: 'selected', personIds: [...submission.notify.personIds] },
  }
  return toStoredDraft(
    { values, message: parseJson(submission.message) as Json, submissionId: submission.submissionId },
    prefill,
  )
}
