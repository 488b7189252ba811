/**
 * Request bodies of the two mutations, built key by key: the server answers 400 "Unknown input field"
 * to any key it does not declare, including `__typename` or `completed_at` left on a checklist item
 * copied from a goal (operately-api.md §6).
 */

export type CheckInStatus = 'on_track' | 'caution' | 'off_track'

/** A contextual date as the server takes it: `date` is the last day of the period, `value` its label. */
export interface ContextualDateInput {
  date_type: 'day' | 'month' | 'quarter' | 'year'
  date: string
  value: string
}

export interface ChecklistItemInput {
  id: string
  name: string
  completed: boolean
  index: number
}

export interface CreateCheckInInput {
  goal_id: string
  status: CheckInStatus
  /** The message: JSON.stringify of a TipTap document. */
  content: string
  /**
   * An object sets the goal's due date; `null` CLEARS it; omitting the key leaves it unchanged on
   * Operately 1.7.0+ (1.5–1.6 require the key: re-send the goal's current end date there).
   */
  due_date?: ContextualDateInput | null
  /** The goal's full checklist, index-sorted; omit to leave it unchanged. */
  checklist?: ChecklistItemInput[]
  /** JSON-encoded `[{"id":"<target id>","value":<number>}]`; `"[]"` means no change. */
  new_target_values?: string
  send_notifications_to_everyone?: boolean
  subscriber_ids?: string[]
  /** 1.7.0+ only: kept unpublished. Older servers refuse the key, so it is left out for them. */
  post_as_draft?: boolean
  /** 1.8.0+ only: ISO-8601 UTC, in the future; the server publishes it then. */
  scheduled_at?: string
}

/** `projects/create_check_in` (operately-api.md §6): the message is `description` there. */
export interface CreateProjectCheckInInput {
  project_id: string
  status: CheckInStatus
  /** The message: JSON.stringify of a TipTap document. */
  description: string
  send_notifications_to_everyone?: boolean
  subscriber_ids?: string[]
  /** 1.7.0+ only, as for goals. */
  post_as_draft?: boolean
  /** 1.8.0+ only, as for goals. */
  scheduled_at?: string
}

export interface UpdateDescriptionInput {
  projectId: string
  /** JSON.stringify of a TipTap document. */
  description: string
}

/** What a goal's and a project's check-in send alike: who is told, and whether it is kept or published later. */
function withNotifyAndPublishing(
  body: Record<string, unknown>,
  input: Pick<
    CreateCheckInInput,
    'send_notifications_to_everyone' | 'subscriber_ids' | 'post_as_draft' | 'scheduled_at'
  >,
): Record<string, unknown> {
  if (input.send_notifications_to_everyone !== undefined) {
    body['send_notifications_to_everyone'] = input.send_notifications_to_everyone
  }
  if (input.subscriber_ids !== undefined) body['subscriber_ids'] = [...input.subscriber_ids]
  if (input.post_as_draft !== undefined) body['post_as_draft'] = input.post_as_draft
  if (input.scheduled_at !== undefined) body['scheduled_at'] = input.scheduled_at
  return body
}

export function checkInBody(input: CreateCheckInInput): Record<string, unknown> {
  const body: Record<string, unknown> = {
    goal_id: input.goal_id,
    status: input.status,
    content: input.content,
  }
  if (input.due_date === null) body['due_date'] = null
  else if (input.due_date !== undefined) {
    body['due_date'] = {
      date_type: input.due_date.date_type,
      date: input.due_date.date,
      value: input.due_date.value,
    }
  }
  if (input.checklist !== undefined) {
    body['checklist'] = input.checklist.map((item) => ({
      id: item.id,
      name: item.name,
      completed: item.completed,
      index: item.index,
    }))
  }
  if (input.new_target_values !== undefined) body['new_target_values'] = input.new_target_values
  return withNotifyAndPublishing(body, input)
}

export function projectCheckInBody(input: CreateProjectCheckInInput): Record<string, unknown> {
  const body: Record<string, unknown> = {
    project_id: input.project_id,
    status: input.status,
    description: input.description,
  }
  return withNotifyAndPublishing(body, input)
}

export const updateDescriptionBody = (input: UpdateDescriptionInput): Record<string, unknown> => ({
  project_id: input.projectId,
  description: input.description,
})
