import { z } from 'zod'
import {
  checkInStatuses,
  type CheckInKind,
  type CheckInStatus,
  type CreateCheckInInput,
  type DueDateChange,
  type GoalCheckInInput,
  type Notify,
} from '@shared/domain/check-ins'
import {
  dateTypes,
  dueDateFor,
  parseIsoDate,
  type DateType,
  type DueDateAnchor,
} from '@shared/domain/contextual-date'
import type { GoalDetail, Target } from '@shared/domain/goals'
import { lastSegment } from '@shared/ids'
import { stringifyJson } from '@shared/exact-json'
import { ambiguityQuestion, formatNumberIn, readNumber, type NumberReading } from './number-text'
import type { NumberLocale } from './number-conventions'

/** What the form's values are built from: a goal, or a project (whose goal parts are empty). */
type FormParts = Pick<GoalDetail, 'dueDate' | 'targets' | 'checklist' | 'potentialSubscribers'>

/**
 * The check-in form's values, how they are checked, and how they become the `checkIns.create` input.
 * The message is not among them: it lives in the rich-text editor and is passed in beside the values.
 */

export type DueMode = 'keep' | 'clear' | 'set'

export interface DueDateFields {
  /** Untouched, cleared on purpose, or moved. */
  mode: DueMode
  precision: DateType
  /** `YYYY-MM-DD`, for day precision. */
  day: string
  /** `1`–`12`, for month precision. */
  month: string
  /** `1`–`4`, for quarter precision. */
  quarter: string
  year: string
}

export interface CheckInFormValues {
  /** Empty until the user picks one: a check-in says how the goal is doing now, so nothing is preselected. */
  status: CheckInStatus | ''
  due: DueDateFields
  /** One entry per target, in the goal's order, holding what the user typed. */
  targets: Array<{ id: string; value: string }>
  /** One entry per checklist item, in index order. */
  checklist: Array<{ id: string; completed: boolean }>
  notify: { mode: 'everyone' | 'selected'; personIds: string[] }
}

const pad2 = (n: number): string => String(n).padStart(2, '0')

/** Today as `YYYY-MM-DD` in the user's own time zone. */
export const localIsoDay = (now: Date): string =>
  `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`

/** What the due-date inputs show when "Change" opens them: the goal's current date, else today. */
export function dueDateFieldsFor(goal: Pick<GoalDetail, 'dueDate'>, now: Date): DueDateFields {
  const day = goal.dueDate?.date ?? localIsoDay(now)
  const parsed = parseIsoDate(day) ?? parseIsoDate(localIsoDay(now))!
  return {
    mode: 'keep',
    precision: goal.dueDate?.dateType ?? 'month',
    day,
    month: String(parsed.month),
    quarter: String(Math.floor((parsed.month - 1) / 3) + 1),
    year: String(parsed.year),
  }
}

/** The text a target's field starts with: its current value, written the way the locale writes numbers. */
export function targetText(value: number | null, locale: NumberLocale): string {
  return value === null ? '' : formatNumberIn(value, locale)
}

const isCheckInStatus = (value: string | null): value is CheckInStatus =>
  value !== null && (checkInStatuses as readonly string[]).includes(value)

/**
 * The form as it opens on a goal with no draft: everything as the server has it now, except the status,
 * which the person decides afresh (the previous one is shown beside the choices).
 */
export function prefillFrom(goal: FormParts, now: Date, locale: NumberLocale): CheckInFormValues {
  return {
    status: '',
    due: dueDateFieldsFor(goal, now),
    targets: goal.targets.map((t) => ({ id: t.id, value: targetText(t.value, locale) })),
    checklist: [...goal.checklist]
      .sort((a, b) => a.index - b.index)
      .map((item) => ({ id: item.id, completed: item.completed })),
    // "Only the people I choose" starts, as Operately's own form does, with those always notified (the
    // champion and the reviewer: `priority`) and those who already follow the goal (`is_subscribed`).
    notify: {
      mode: 'everyone',
      personIds: goal.potentialSubscribers
        .filter((s) => s.alwaysNotified || s.isSubscribed)
        .map((s) => s.personId),
    },
  }
}

/** The anchor `dueDateFor` needs for the chosen precision, or a message saying what is missing. */
function anchorFor(
  due: DueDateFields,
): { anchor: DueDateAnchor } | { field: keyof DueDateFields; message: string } {
  if (due.precision === 'day') {
    const day = parseIsoDate(due.day)
    return day ? { anchor: day } : { field: 'day', message: 'Pick a day for the new due date.' }
  }
  if (!/^\d{4}$/.test(due.year.trim()) || Number(due.year) < 1) {
    return { field: 'year', message: 'Choose a year for the new due date, such as 2026.' }
  }
  const year = Number(due.year)
  switch (due.precision) {
    case 'month': {
      const month = Number(due.month)
      return Number.isInteger(month) && month >= 1 && month <= 12
        ? { anchor: { year, month } }
        : { field: 'month', message: 'Choose a month for the new due date.' }
    }
    case 'quarter': {
      const quarter = Number(due.quarter)
      return Number.isInteger(quarter) && quarter >= 1 && quarter <= 4
        ? { anchor: { year, quarter } }
        : { field: 'quarter', message: 'Choose a quarter for the new due date.' }
    }
    case 'year':
      return { anchor: { year } }
  }
}

/** What the user did with the due date, as the contract takes it. Throws when a moved date is incomplete. */
export function dueDateChange(due: DueDateFields): DueDateChange {
  if (due.mode === 'keep') return { mode: 'keep' }
  if (due.mode === 'clear') return { mode: 'clear' }
  const found = anchorFor(due)
  if ('message' in found) throw new RangeError(found.message)
  return { mode: 'set', date: dueDateFor(due.precision, found.anchor) }
}

export const STATUS_REQUIRED = 'Choose how the goal is doing: on track, caution or off track.'
const statusRequired = (kind: CheckInKind | undefined) =>
  kind === 'project' ? 'Choose how the project is doing: on track, caution or off track.' : STATUS_REQUIRED

/** "Enter a number, such as 42 or 3.5.", with the locale's decimal sign. */
export const notANumber = (locale: NumberLocale): string =>
  `Enter a number, such as ${formatNumberIn(42, locale)} or ${formatNumberIn(3.5, locale)}.`

/** Why a target field cannot be sent as it is, in words next to it; null when it can. */
export function targetProblem(
  reading: TargetReading,
  target: Pick<Target, 'value' | 'unit'>,
  locale: NumberLocale,
): string | null {
  switch (reading.kind) {
    case 'ambiguous':
      return ambiguityQuestion(reading, locale)
    case 'empty':
      // Emptying a value is no way to send one; a target that never had a value may stay empty.
      return target.value === null ? null : notANumber(locale)
    case 'invalid':
      if (reading.sign !== undefined) {
        return `“${reading.sign}” does not go with this target, counted in ${target.unit ?? ''}: enter the number alone, such as ${formatNumberIn(42, locale)}.`
      }
      if (reading.parentheses) {
        return `Write a negative number with a minus sign, such as ${formatNumberIn(-42, locale)}.`
      }
      if (reading.tooLarge) {
        return `That number is too large to be sent exactly: enter one below ${formatNumberIn(1e15, locale)}.`
      }
      return notANumber(locale)
    default:
      return null
  }
}

export type TargetReading =
  | { kind: 'unchanged' }
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  | Exclude<NumberReading, { kind: 'number' }>

/**
 * What a target field says. The text it opened with stands for the goal's current value as it is (a value
 * such as 1.234 written back in the locale may itself be a question); anything else is read as typed.
 */
export function readTarget(
  target: Pick<Target, 'value' | 'unit'>,
  text: string,
  locale: NumberLocale,
): TargetReading {
  if (text.trim() === '') return { kind: 'empty' }
  if (target.value !== null && text === targetText(target.value, locale)) return { kind: 'unchanged' }
  return readNumber(text, locale, target.unit)
}

/**
 * The form's rules, for react-hook-form's zod resolver. Built per goal and locale: whether an empty target
 * field is fine depends on whether the target had a value to begin with, and numbers are read the
 * locale's way (an ambiguous one asks its question as the field's error).
 */
export function checkInFormSchema(
  goal: Pick<GoalDetail, 'targets'> & { kind?: CheckInKind },
  locale: NumberLocale,
) {
  const targets = new Map(goal.targets.map((t) => [t.id, t]))
  const required = statusRequired(goal.kind)
  return z
    .object({
      status: z
        .union([z.enum(checkInStatuses), z.literal('')], { error: required })
        .refine((s) => s !== '', required),
      due: z.object({
        mode: z.enum(['keep', 'clear', 'set']),
        precision: z.enum(dateTypes),
        day: z.string(),
        month: z.string(),
        quarter: z.string(),
        year: z.string(),
      }),
      targets: z.array(z.object({ id: z.string(), value: z.string() })),
      checklist: z.array(z.object({ id: z.string(), completed: z.boolean() })),
      notify: z.object({ mode: z.enum(['everyone', 'selected']), personIds: z.array(z.string()) }),
    })
    .superRefine((values, ctx) => {
      values.targets.forEach((field, i) => {
        const target = targets.get(field.id) ?? { value: null, unit: null }
        const message = targetProblem(readTarget(target, field.value, locale), target, locale)
        if (message) ctx.addIssue({ code: 'custom', path: ['targets', i, 'value'], message })
      })
      if (values.due.mode === 'set') {
        const found = anchorFor(values.due as DueDateFields)
        if ('message' in found) {
          ctx.addIssue({ code: 'custom', path: ['due', found.field], message: found.message })
        }
      }
    })
}

/**
 * The `checkIns.create` input for valid form values: only targets whose value changed, the goal's full
 * checklist in index order with exactly the four keys the server takes, and the message as JSON text.
 */
type InputArgs = {
  values: CheckInFormValues
  /** A goal, or (with `kind: 'project'`) a project, whose goal parts are then empty and not sent. */
  goal: FormParts & { id: string; kind?: CheckInKind }
  message: unknown
  submissionId: string
  /** The locale the target fields were typed in. */
  locale: NumberLocale
}

/** A goal's form values become a goal's check-in; a project's, a project's. */
export function toCreateCheckInInput(args: InputArgs & { goal: { kind?: 'goal' } }): GoalCheckInInput
export function toCreateCheckInInput(args: InputArgs): CreateCheckInInput
export function toCreateCheckInInput(args: InputArgs): CreateCheckInInput {
  const { values, goal, message, submissionId, locale } = args
  if (!isCheckInStatus(values.status)) throw new RangeError(statusRequired(goal.kind))
  const notify = notifyChoice(values, goal)
  // Exact: unknown content pasted into the message keeps its numbers as they were written.
  const common = { submissionId, status: values.status, message: stringifyJson(message), notify }
  // The short id: the same one the draft is kept under, so main clears that draft once the check-in is in.
  if (goal.kind === 'project') return { ...common, projectId: lastSegment(goal.id) }

  const typed = new Map(values.targets.map((t) => [t.id, t.value]))
  const targetValues: GoalCheckInInput['targetValues'] = []
  for (const target of goal.targets) {
    const text = typed.get(target.id)
    if (text === undefined) continue
    const reading = readTarget(target, text, locale)
    if (reading.kind === 'empty' || reading.kind === 'unchanged') continue
    if (reading.kind !== 'number') throw new RangeError(targetProblem(reading, target, locale) ?? '')
    if (reading.value !== target.value) targetValues.push({ id: target.id, value: reading.value })
  }

  const completed = new Map(values.checklist.map((c) => [c.id, c.completed]))
  const checklist = [...goal.checklist]
    .sort((a, b) => a.index - b.index)
    .map((item) => ({
      id: item.id,
      name: item.name,
      completed: completed.get(item.id) ?? item.completed,
      index: item.index,
    }))

  return {
    ...common,
    goalId: lastSegment(goal.id),
    dueDate: dueDateChange(values.due),
    targetValues,
    checklist,
  }
}

/** Who is told, as the form says; explicit either way, never a version's default. */
function notifyChoice(values: CheckInFormValues, goal: Pick<FormParts, 'potentialSubscribers'>): Notify {
  const candidates = new Set(goal.potentialSubscribers.map((s) => s.personId))
  // Those always notified are shown ticked whatever the list holds (a draft kept before someone became
  // reviewer lacks them): with `send_notifications_to_everyone` false Operately tells only the ids sent.
  const always = goal.potentialSubscribers.filter((s) => s.alwaysNotified).map((s) => s.personId)
  return values.notify.mode === 'everyone'
    ? { mode: 'everyone' }
    : {
        mode: 'selected',
        personIds: [...new Set([...values.notify.personIds.filter((id) => candidates.has(id)), ...always])],
      }
}
