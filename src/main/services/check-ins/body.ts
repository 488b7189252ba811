import type { CreateCheckInInput, GoalCheckInInput } from '@shared/domain/check-ins'
import {
  fromServerContextualDate,
  isConsistentContextualDate,
  toServerContextualDate,
  type ContextualDate,
} from '@shared/domain/contextual-date'
import { AppFailure, appError } from '@shared/errors'
import { sameId } from '@shared/ids'
import { publishingTakes, type ServerCapabilities } from '@shared/server-capabilities'
import type { CreateCheckInInput as CheckInBody, Goal } from '../operately/types'

/**
 * The `goals/create_check_in` request for what the user submitted, built against the goal as the server
 * has it right now (operately-api.md §6). Anything the server would answer with a 500 that we can see
 * coming (a message that is not a document, a due-date label that disagrees with its date, a target
 * that is no longer on the goal) is refused here, before anything is sent.
 */

export interface PreparedCheckIn {
  body: CheckInBody
  /** The goal's due date once this check-in is in: what the result shows if the server does not say. */
  expectedDueDate: ContextualDate | null
  /** The targets whose value this check-in changes, with the goal's own ids. */
  changedTargets: Array<{ id: string; value: number }>
}

/** What the server takes, as its probe found (null: not known yet). */
type Takes = ServerCapabilities | null

const refuse = (message: string): never => {
  throw new AppFailure(appError('invalid_input', message))
}

/** The message must be a rich-text document: anything else the server answers with a 500. */
export function checkMessage(message: string): void {
  let doc: unknown
  try {
    doc = JSON.parse(message)
  } catch {
    return refuse(
      'The check-in message could not be read as a document. Copy your text, reload the form and paste it back.',
    )
  }
  if (
    typeof doc !== 'object' ||
    doc === null ||
    Array.isArray(doc) ||
    (doc as { type?: unknown }).type !== 'doc'
  ) {
    refuse(
      'The check-in message could not be read as a document. Copy your text, reload the form and paste it back.',
    )
  }
}

function dueDate(
  input: GoalCheckInInput,
  current: ContextualDate | null,
  takes: Takes,
): { sent: CheckInBody['due_date']; expected: ContextualDate | null } {
  switch (input.dueDate.mode) {
    case 'keep':
      // Untouched means unchanged. A server that no longer requires the key leaves the date alone without
      // it (sending the date back would also reset the goal's start). One that requires it, or one not yet
      // known to take it missing, gets the goal's current date (read just now) back as it is, as the web
      // client sends it; null only when the goal has none.
      return takes?.dueDateRequired === false
        ? { sent: undefined, expected: current }
        : { sent: current ? toServerContextualDate(current) : null, expected: current }
    case 'clear':
      return { sent: null, expected: null }
    case 'set': {
      const date = input.dueDate.date
      if (!isConsistentContextualDate(date)) {
        refuse(
          `The new due date "${date.value}" does not match the day ${date.date}. Pick the due date again.`,
        )
      }
      return { sent: toServerContextualDate(date), expected: date }
    }
  }
}

/**
 * The keys that keep the check-in unpublished or publish it later. Only a server that takes a key gets
 * it (1.5/1.6 refuse unknown keys); asked of one that does not, nothing is sent: publishing at once
 * what the person meant to keep, or to publish on Monday, would be worse than asking them.
 */
export function publication(
  input: CreateCheckInInput,
  takes: { drafts: boolean; schedule: boolean } | null,
): Pick<CheckInBody, 'post_as_draft' | 'scheduled_at'> {
  const asked = input.publication ?? { mode: 'now' as const }
  switch (asked.mode) {
    case 'now':
      return {}
    case 'draft':
      if (!takes?.drafts) {
        refuse(
          takes
            ? 'This Operately server does not keep drafts (Operately 1.7 and newer do). Edit the check-in and post it, or keep writing it here.'
            : 'The app could not yet ask this Operately server whether it keeps drafts. Try again once it can be reached, or post the check-in.',
        )
      }
      return { post_as_draft: true }
    case 'scheduled':
      if (!takes?.schedule) {
        refuse(
          takes
            ? 'This Operately server does not publish check-ins at a set time (Operately 1.8 and newer do). Edit the check-in and post it now, or keep it here until then.'
            : 'The app could not yet ask this Operately server whether it publishes check-ins at a set time. Try again once it can be reached, or post the check-in now.',
        )
      }
      return { scheduled_at: new Date(asked.at).toISOString() }
  }
}

/** Only targets whose value really changes, by the goal's own ids; the last value typed wins. */
function changedTargets(input: GoalCheckInInput, goal: Goal): Array<{ id: string; value: number }> {
  const out = new Map<string, number>()
  for (const change of input.targetValues) {
    const target = goal.targets.find((t) => sameId(t.id, change.id))
    if (!target) {
      refuse(
        'One of the targets you updated is no longer on this goal (it may have been removed in Operately). Reload the goal and enter the values again.',
      )
    }
    out.set(target!.id, change.value)
  }
  return [...out]
    .filter(([id, value]) => goal.targets.find((t) => t.id === id)?.value !== value)
    .map(([id, value]) => ({ id, value }))
}

/** Who is told: the form's explicit choice, never a version's default (1.5.0 notifies nobody by default). */
export function notification(
  input: CreateCheckInInput,
): Pick<CheckInBody, 'send_notifications_to_everyone' | 'subscriber_ids'> {
  return input.notify.mode === 'everyone'
    ? { send_notifications_to_everyone: true }
    : { send_notifications_to_everyone: false, subscriber_ids: [...new Set(input.notify.personIds)] }
}

export function prepareCheckIn(input: GoalCheckInInput, goal: Goal, takes: Takes): PreparedCheckIn {
  checkMessage(input.message)
  const current = fromServerContextualDate(goal.timeframe?.contextual_end_date)
  const due = dueDate(input, current, takes)
  const targets = changedTargets(input, goal)
  // The full list, index-sorted, each item with exactly id, name, completed and index.
  const checklist = [...input.checklist]
    .sort((a, b) => a.index - b.index)
    .map(({ id, name, completed, index }) => ({ id, name, completed, index }))

  const body: CheckInBody = {
    goal_id: goal.id,
    status: input.status,
    content: input.message,
    checklist,
    new_target_values: JSON.stringify(targets),
  }
  if (due.sent !== undefined) body.due_date = due.sent
  Object.assign(body, publication(input, publishingTakes(takes, 'goal')), notification(input))
  return { body, expectedDueDate: due.expected, changedTargets: targets }
}
