import { z } from 'zod'
import { REMINDER_TIME_FORMAT_PROBLEM, REMINDER_TIME_PATTERN, reminderTimeRuleProblem } from './reminder-time'
import { WEEKDAYS, quietHoursProblem, workingDaysProblem } from './working-time'
import { appErrorSchema } from '../errors'

/**
 * The due check-ins inbox as the renderer sees it: what the signed-in person owes, grouped on their own
 * calendar. Built in main from Operately's `people/list_assignments` (operately-api.md §7).
 */

/** Operately's assignment `type`, renamed to say what it is; `other` covers types newer servers add. */
export const inboxItemKinds = [
  'goal_check_in',
  'project_check_in',
  'goal_retrospective',
  'project_retrospective',
  'milestone',
  'project_task',
  'space_task',
  'other',
] as const
export type InboxItemKind = (typeof inboxItemKinds)[number]

/** `owner`: you must write it. `reviewer`: you must acknowledge it. `other`: a role this app does not know. */
export const inboxItemRoles = ['owner', 'reviewer', 'other'] as const
export type InboxItemRole = (typeof inboxItemRoles)[number]

export const calendarDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-03-31')

/** A check-in waiting for the person's acknowledgement, as its inbox row names it. */
export const inboxReviewSchema = z
  .object({ kind: z.enum(['goal', 'project']), checkInId: z.string() })
  .strict()

export const inboxItemSchema = z
  .object({
    /** Stable across refreshes: kind, role and the server's resource id. */
    id: z.string(),
    kind: z.enum(inboxItemKinds),
    /** The goal the item belongs to (for goal check-ins: the goal to open the form for), when there is one. */
    goalId: z.string().nullable(),
    /** The project whose weekly check-in the person owes (project check-ins only): the form opens for it. */
    projectId: z.string().nullable().default(null),
    /**
     * A check-in waiting for the person's acknowledgement (a reviewer's goal or project check-in row): which
     * one, to read and acknowledge it in the popup. Null for everything else.
     */
    review: inboxReviewSchema.nullable().default(null),
    title: z.string(),
    /** The goal, project or space the item belongs to. */
    originName: z.string(),
    /** A calendar date (Operately's dates are calendar dates, not instants). */
    dueDate: calendarDateSchema.nullable(),
    /** "Overdue by 3 days", "Due today", "Due tomorrow", "Due Friday", "Due Mar 5", "No due date". */
    dueLabel: z.string(),
    role: z.enum(inboxItemRoles),
    /** Operately flags an item outdated from the third day after its due day. */
    isOutdated: z.boolean(),
    /** The item's page in Operately's web app, on the signed-in server. */
    webUrl: z.string().nullable(),
  })
  .strict()
export type InboxItem = z.infer<typeof inboxItemSchema>

export const goalCheckInGroupsSchema = z
  .object({
    overdue: z.array(inboxItemSchema),
    today: z.array(inboxItemSchema),
    /** Later in the current ISO week (Monday to Sunday, on the user's calendar). */
    thisWeek: z.array(inboxItemSchema),
    /** After this week, or with no due date. */
    later: z.array(inboxItemSchema),
  })
  .strict()
export type GoalCheckInGroups = z.infer<typeof goalCheckInGroupsSchema>

export const assignmentsViewSchema = z
  .object({
    /** Goal check-ins the person must write. */
    goalCheckIns: goalCheckInGroupsSchema,
    /** Check-ins and other items waiting for the person's acknowledgement (done in the browser). */
    toReview: z.array(inboxItemSchema),
    /** Everything else the person owes (project check-ins, tasks, retrospectives…). */
    other: z.array(inboxItemSchema),
    /** Goal check-ins due now: overdue + due today. The tray badge shows this number. */
    dueNowCount: z.number().int().nonnegative(),
    /** When the server last answered (ISO-8601). */
    fetchedAt: z.string(),
    /** True when the latest attempt to reach the server failed (or none has finished yet): the lists are the last ones saved. */
    fromCache: z.boolean(),
    /** A request to the server is under way; `assignments.get({ wait: true })` resolves once it is done. */
    refreshing: z.boolean(),
    /** Why the latest attempt failed, or null after a success. */
    lastError: appErrorSchema.nullable(),
  })
  .strict()
export type AssignmentsView = z.infer<typeof assignmentsViewSchema>

/** A local time of day, 24-hour `HH:MM`. */
export const reminderTimeSchema = z.string().regex(REMINDER_TIME_PATTERN, REMINDER_TIME_FORMAT_PROBLEM)

export const weekdaySchema = z.enum(WEEKDAYS)
export const workingDaysSchema = z
  .array(weekdaySchema)
  .max(7)
  .superRefine((days, ctx) => {
    // The rule's own words: none at all and a day named twice are different mistakes.
    const problem = workingDaysProblem(days)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

export const quietHoursSchema = z
  .object({ from: reminderTimeSchema, to: reminderTimeSchema })
  .strict()
  .superRefine((quiet, ctx) => {
    const problem = quietHoursProblem(quiet)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] })
  })

const reminderSettingsShape = {
  /** One switch for every check-in reminder. */
  enabled: z.boolean(),
  /** Local time on the due day, 24-hour `HH:MM`, outside the quiet hours. */
  time: reminderTimeSchema,
  /** The days reminders go out and the inbox is polled, in week order (Monday to Friday by default). */
  workingDays: workingDaysSchema,
  /** No reminder and no polling between these local times (22:00–07:00 by default). */
  quietHours: quietHoursSchema,
}

/** The time must lie outside the quiet hours (the default ones when the input leaves them out). */
const timeOutsideQuietHours = (
  settings: { time: string; quietHours?: { from: string; to: string } | undefined },
  ctx: z.RefinementCtx,
) => {
  const problem = reminderTimeRuleProblem(settings.time, settings.quietHours)
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['time'] })
}

export const reminderSettingsSchema = z
  .object(reminderSettingsShape)
  .strict()
  .superRefine(timeOutsideQuietHours)
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>

/**
 * What the popup sends: the days and quiet hours may be left out (kept as they are), so a client that
 * only knows the switch and the time stays valid. Main checks the time against the quiet hours that will
 * apply.
 */
export const reminderSettingsInputSchema = z
  .object({
    ...reminderSettingsShape,
    workingDays: workingDaysSchema.optional(),
    quietHours: quietHoursSchema.optional(),
  })
  .strict()
export type ReminderSettingsInput = z.infer<typeof reminderSettingsInputSchema>

export const defaultReminderTime = '09:00'

export const pendingNavigationSchema = z
  .object({
    /** The goal whose check-in form to open, or null when there is nothing to open. */
    goalId: z.string().nullable(),
  })
  .strict()
export type PendingNavigation = z.infer<typeof pendingNavigationSchema>
