import { DRAFTS_SINCE, SCHEDULING_SINCE, type CreateCheckInInput } from '@shared/domain/check-ins'
import {
  fromServerContextualDate,
  isConsistentContextualDate,
  toServerContextualDate,
  type ContextualDate,
} from '@shared/domain/contextual-date'
import { AppFailure, appError } from '@shared/errors'
import { sameId } from '@shared/ids'
import { versionAtLeast } from '@shared/version'
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

export { versionAtLeast } from '@shared/version'

/** From 1.7.0 an omitted `due_date` leaves the goal's date alone; before, the key is required. */
export const canOmitDueDate = (serverVersion: string | null): boolean =>
  versionAtLeast(serverVersion, '1.7.0')

/** Whether the server keeps a check-in unpublished (`post_as_draft`). */
export const canSaveDraft = (serverVersion: string | null): boolean =>
  versionAtLeast(serverVersion, DRAFTS_SINCE)

/** Whether the server publishes a check-in at a chosen time (`scheduled_at`). */
export const canSchedule = (serverVersion: string | null): boolean =>
  versionAtLeast(serverVersion, SCHEDULING_SINCE)

const refuse = (message: string): never => {
  throw new AppFailure(appError('invalid_input', message))
}

/** The message must be a rich-text document: anything else the server answers with a 500. */
function checkMessage(message: string): void {
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
  input: CreateCheckInInput,
  current: ContextualDate | null,
  serverVersion: string | null,
): { sent: CheckInBody['due_date']; expected: ContextualDate | null } {
  switch (input.dueDate.mode) {
    case 'keep':
      // Like the web client: untouched means unchanged. Older servers need the key, so the goal's current
      // date (read just now) goes back as it is; null only when the goal has none.
      return canOmitDueDate(serverVersion)
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
function publication(
  input: CreateCheckInInput,
  serverVersion: string | null,
): Pick<CheckInBody, 'post_as_draft' | 'scheduled_at'> {
  const asked = input.publication ?? { mode: 'now' as const }
  const version = serverVersion ?? 'an unknown version'
  switch (asked.mode) {
    case 'now':
      return {}
    case 'draft':
      if (!canSaveDraft(serverVersion)) {
        refuse(
          `Drafts need Operately 1.7 or newer; this server is ${version}. Edit the check-in and post it, or keep writing it here.`,
        )
      }
      return { post_as_draft: true }
    case 'scheduled':
      if (!canSchedule(serverVersion)) {
        refuse(
          `Scheduled check-ins need Operately 1.8 or newer; this server is ${version}. Edit the check-in and post it now, or keep it here until then.`,
        )
      }
      return { scheduled_at: new Date(asked.at).toISOString() }
  }
}

/** Only targets whose value really changes, by the goal's own ids; the last value typed wins. */
function changedTargets(input: CreateCheckInInput, goal: Goal): Array<{ id: string; value: number }> {
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

export function prepareCheckIn(
  input: CreateCheckInInput,
  goal: Goal,
  serverVersion: string | null,
): PreparedCheckIn {
  checkMessage(input.message)
  const current = fromServerContextualDate(goal.timeframe?.contextual_end_date)
  const due = dueDate(input, current, serverVersion)
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
  Object.assign(body, publication(input, serverVersion))
  if (input.notify.mode === 'everyone') {
    body.send_notifications_to_everyone = true
  } else {
    body.send_notifications_to_everyone = false
    body.subscriber_ids = [...new Set(input.notify.personIds)]
  }
  return { body, expectedDueDate: due.expected, changedTargets: targets }
}
