import { z } from 'zod'
import { AppFailure, appError } from '@shared/errors'

/**
 * The server's shapes, parsed leniently (operately-api.md §7: "treat every field as possibly null or
 * absent"). Unknown fields such as `__typename` are dropped, a missing or mistyped optional field becomes
 * null (or [] for lists), and only what the app cannot live without is required: every entity's `id`,
 * and a person's `full_name`. Field names stay snake_case because these are the server's own shapes.
 */

const str = z.string().nullable().catch(null)
const bool = z.boolean().nullable().catch(null)
// Floats normally; a server that serialises decimals sends them as strings, so accept those too.
const num = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/)
      .transform(Number)
      // "1e400" reads as Infinity, which is no value a target holds (and no JSON the app could keep).
      .pipe(z.number()),
  ])
  .nullable()
  .catch(null)
const id = z.string().min(1)

/** A nested object that may be null or absent. */
const maybe = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value): z.output<T> | null => value ?? null)
/** A list that may be null or absent; its items are still checked. */
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((value): z.output<T>[] => value ?? [])

/** Permissions differ between server versions (`can_edit`, `can_check_in`, `can_edit_description`…): keep every boolean. */
const permissions = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((value): Record<string, boolean> | null =>
    value
      ? Object.fromEntries(
          Object.entries(value).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
        )
      : null,
  )
  .catch(null)

export const personSchema = z.object({
  id,
  full_name: z.string(),
  email: str,
  avatar_url: str,
  title: str,
  type: str,
})
export type Person = z.output<typeof personSchema>

export const contextualDateSchema = z.object({ date_type: str, date: str, value: str })
export type ContextualDate = z.output<typeof contextualDateSchema>

const contextualDate = maybe(contextualDateSchema).catch(null)

export const timeframeSchema = z.object({
  contextual_start_date: contextualDate,
  contextual_end_date: contextualDate,
})
export type Timeframe = z.output<typeof timeframeSchema>

const timeframe = maybe(timeframeSchema).catch(null)

export const targetSchema = z.object({
  id,
  name: str,
  from: num,
  to: num,
  unit: str,
  index: num,
  value: num,
  inserted_at: str,
  updated_at: str,
})
export type Target = z.output<typeof targetSchema>

export const goalCheckSchema = z.object({
  id,
  name: str,
  completed: bool,
  completed_at: str,
  index: num,
  inserted_at: str,
  updated_at: str,
})
export type GoalCheck = z.output<typeof goalCheckSchema>

/** What a check-in recorded about a target; a snapshot, so its id is not required. */
export const targetUpdateSchema = z.object({
  id: str,
  name: str,
  value: num,
  previous_value: num,
  unit: str,
  index: num,
  from: num,
  to: num,
})
export type TargetUpdate = z.output<typeof targetUpdateSchema>

export const checkInChecklistItemSchema = z.object({ id: str, name: str, index: num, completed: bool })
export type CheckInChecklistItem = z.output<typeof checkInChecklistItemSchema>

export const checkInSchema = z.object({
  id,
  status: str,
  state: str,
  message: str,
  inserted_at: str,
  updated_at: str,
  published_at: str,
  scheduled_at: str,
  goal_target_updates: list(targetUpdateSchema),
  checklist: list(checkInChecklistItemSchema),
  timeframe,
  acknowledged: bool,
  acknowledged_at: str,
  comments_count: num,
  // One author the app cannot read (no name) must not make the goal's whole list unreadable: unknown,
  // as in create_check_in's answer (recovery.ts already takes a null author as "could be anyone").
  author: maybe(personSchema).catch(null),
})
export type CheckIn = z.output<typeof checkInSchema>

/**
 * A project check-in (`projects/list_check_ins`, `projects/create_check_in`): its message is called
 * `description`, and it has no targets, checklist or timeframe. Read into the goal check-in's shape, so
 * that recognising one's own check-in after an unclear answer is the same code for both kinds.
 */
export const projectCheckInSchema = z
  .object({
    id,
    status: str,
    state: str,
    description: str,
    inserted_at: str,
    updated_at: str,
    published_at: str,
    scheduled_at: str,
    acknowledged_at: str,
    author: maybe(personSchema).catch(null),
  })
  .transform(({ description, ...rest }): CheckIn => ({
    ...rest,
    message: description,
    goal_target_updates: [],
    checklist: [],
    timeframe: null,
    acknowledged: rest.acknowledged_at !== null,
    comments_count: null,
  }))

export const spaceSchema = z.object({ id, name: str })
export type Space = z.output<typeof spaceSchema>

export const subscriberSchema = z.object({
  role: str,
  priority: bool,
  is_subscribed: bool,
  person: maybe(personSchema),
})
export type Subscriber = z.output<typeof subscriberSchema>

export const goalSchema = z.object({
  id,
  name: str,
  status: str,
  // A boolean on current servers; kept open because older ones sent "yes"/"no".
  success: z.union([z.boolean(), z.string()]).nullable().catch(null),
  description: str,
  targets: list(targetSchema),
  checklist: list(goalCheckSchema),
  timeframe,
  champion: maybe(personSchema),
  reviewer: maybe(personSchema),
  space: maybe(spaceSchema),
  parent_goal_id: str,
  last_check_in_id: str,
  last_check_in: maybe(checkInSchema),
  progress_percentage: num,
  permissions,
  is_closed: bool,
  is_archived: bool,
  is_outdated: bool,
  next_update_scheduled_at: str,
  potential_subscribers: list(subscriberSchema),
  inserted_at: str,
  updated_at: str,
})
export type Goal = z.output<typeof goalSchema>

/** A member of a project (`include_contributors`): its champion, reviewer and contributors, each with a role. */
export const projectContributorSchema = z.object({ role: str, person: maybe(personSchema).catch(null) })
export type ProjectContributor = z.output<typeof projectContributorSchema>

export const projectSchema = z.object({
  id,
  name: str,
  /** Rich text as a JSON string; absent from `update_description`'s short answer (see client.ts). */
  description: str,
  space_id: str,
  space: maybe(spaceSchema),
  privacy: str,
  state: str,
  status: str,
  /** An unset value arrives as the string "nil". */
  success_status: str,
  goal_id: str,
  champion: maybe(personSchema),
  reviewer: maybe(personSchema),
  contributors: list(projectContributorSchema).catch([]),
  permissions,
  potential_subscribers: list(subscriberSchema),
  is_archived: bool,
  is_outdated: bool,
  next_check_in_scheduled_at: str,
  timeframe,
  inserted_at: str,
  updated_at: str,
})
export type Project = z.output<typeof projectSchema>

export const assignmentOriginSchema = z.object({
  id: str,
  name: str,
  type: str,
  path: str,
  space_name: str,
  due_date: str,
})
export type AssignmentOrigin = z.output<typeof assignmentOriginSchema>

export const assignmentSchema = z.object({
  resource_id: id,
  name: str,
  /** `check_in`, `goal_update`, `space_task`, `project_task`, `milestone`, `*_retrospective`… */
  type: str,
  /** `owner` (you must write it) or `reviewer` (you must acknowledge it). */
  role: str,
  due: str,
  due_date: str,
  due_status: str,
  due_status_label: str,
  action_label: str,
  path: str,
  origin: maybe(assignmentOriginSchema).catch(null),
  author_id: str,
  author_name: str,
  description: str,
  task_status: str,
})
export type Assignment = z.output<typeof assignmentSchema>

export const assignmentGroupSchema = z.object({
  origin: maybe(assignmentOriginSchema).catch(null),
  assignments: list(assignmentSchema),
})
export type AssignmentGroup = z.output<typeof assignmentGroupSchema>

/**
 * From 1.6.0 three lists of groups; Operately 1.5.0 answers one flat `assignments` list instead, with no
 * due status (its `people/list_assignments.ex`). A flat list becomes one group without an origin of its
 * own: the inbox groups by due date and role itself, and each assignment names its origin.
 */
export const assignmentsSchema = z
  .object({
    due_soon: list(assignmentGroupSchema),
    needs_review: list(assignmentGroupSchema),
    upcoming: list(assignmentGroupSchema),
    assignments: list(assignmentSchema),
  })
  .transform(({ assignments, ...groups }) =>
    assignments.length === 0
      ? groups
      : { ...groups, due_soon: [...groups.due_soon, { origin: null, assignments }] },
  )
export type Assignments = z.output<typeof assignmentsSchema>

// Response envelopes, one per endpoint the client calls.
export const getMeResponse = z.object({ me: personSchema })
export const peopleResponse = z.object({ people: list(personSchema) })
export const goalsResponse = z.object({ goals: list(goalSchema) })
export const goalResponse = z.object({ goal: goalSchema })
/**
 * A goal's or a project's check-ins. The list itself is required, unlike the lists inside records: the
 * look for a check-in that may have been saved reads "not in the list" as "not saved", and an answer that
 * leaves the list out (a gateway's `{}`) says nothing of the kind (it would have the check-in sent twice).
 */
export const checkInsResponse = z.object({ check_ins: z.array(checkInSchema) })
export const createCheckInResponse = z.object({ update: maybe(checkInSchema) })
export const projectsResponse = z.object({ projects: list(projectSchema) })
export const projectResponse = z.object({ project: projectSchema })
export const projectCheckInsResponse = z.object({ project_check_ins: z.array(projectCheckInSchema) })
export const createProjectCheckInResponse = z.object({ check_in: maybe(projectCheckInSchema) })

/**
 * A goal's check-in read for its reviewer (`goals/get_check_in` with the author, the acknowledging
 * person, the goal and the permissions included): the check-in as goals/list_check_ins gives it, plus these.
 */
export const goalCheckInReadSchema = checkInSchema.extend({
  acknowledging_person: maybe(personSchema).catch(null),
  goal: maybe(goalSchema).catch(null),
  permissions,
})
export type GoalCheckInRead = z.output<typeof goalCheckInReadSchema>

/** A project's check-in read for its reviewer (`projects/get_check_in` with author, acknowledger, project). */
export const projectCheckInReadSchema = z.object({
  id,
  status: str,
  state: str,
  description: str,
  inserted_at: str,
  published_at: str,
  acknowledged_at: str,
  acknowledged_by: maybe(personSchema).catch(null),
  author: maybe(personSchema).catch(null),
  project: maybe(projectSchema).catch(null),
})
export type ProjectCheckInRead = z.output<typeof projectCheckInReadSchema>

export const goalCheckInResponse = z.object({ update: goalCheckInReadSchema })
export const projectCheckInResponse = z.object({ project_check_in: projectCheckInReadSchema })
/**
 * Whether a check-in is acknowledged, as the look before re-sending a goal's acknowledgement reads it:
 * `acknowledged_at` must be there (a string or null). An answer without it (a gateway's `{}`) says
 * nothing, and is never read as "not acknowledged" (that would have it sent twice).
 */
export const acknowledgedLookResponse = z.object({
  update: z.object({ id, acknowledged_at: z.string().nullable() }),
})
/** The answers to goals/acknowledge_check_in (`{update}`) and projects/acknowledge_check_in (`{check_in}`). */
export const acknowledgeGoalResponse = z.object({
  update: z.object({ id, acknowledged_at: str }),
})
export const acknowledgeProjectResponse = z.object({
  check_in: z.object({ id, acknowledged_at: str }),
})

/**
 * Parses a 2xx answer; when something the app needs is missing, throws `invalid_response` saying where,
 * so a support person can tell which record the server sent incomplete.
 */
export function parseResponse<T extends z.ZodType>(schema: T, json: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(json)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue && issue.path.length > 0 ? ` (at ${issue.path.map(String).join(' › ')})` : ''
  throw new AppFailure(
    appError(
      'invalid_response',
      `The Operately server sent ${what} that this app cannot use: a required value is missing or malformed${where}. The server may be a version this app does not support; ask your administrator.`,
    ),
  )
}
