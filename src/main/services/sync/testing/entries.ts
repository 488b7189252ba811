import { randomUUID } from 'node:crypto'
import type { CheckInPayload, NewOutboxEntry } from '../../outbox/entry'

/** Outbox entries as the app would queue them, for tests. */

export const doc = (text: string): string =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] })

export const descriptionSave = (
  projectId: string,
  description: string,
  base: string | null,
): NewOutboxEntry => ({
  kind: 'description',
  payload: { projectId, description },
  base,
})

export const checkInSubmission = (goalId: string, message: string, submissionId: string = randomUUID()) =>
  ({
    kind: 'check-in',
    payload: {
      submissionId,
      goalId,
      status: 'on_track',
      dueDate: { mode: 'keep' },
      targetValues: [],
      checklist: [],
      message,
      notify: { mode: 'everyone' },
    } satisfies CheckInPayload,
  }) satisfies NewOutboxEntry
