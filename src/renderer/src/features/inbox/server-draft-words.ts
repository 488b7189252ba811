import type { ServerDraft } from '@shared/domain/check-ins'
import { serverDraftSubject } from '@shared/domain/check-in-subjects'
import { scheduleLabel } from '@shared/time-label'

/** How the inbox names a check-in kept unpublished on Operately: "Draft check-in: …", "Scheduled: …, Mon …". */
export function serverDraftName(draft: ServerDraft, now: Date, locale?: string): string {
  const subject = serverDraftSubject(draft)
  const goal = subject.name.trim() || `a ${subject.kind}`
  if (draft.state === 'draft') return `Draft check-in: ${goal}`
  const when = draft.scheduledAt ? scheduleLabel(draft.scheduledAt, now, locale) : null
  return when ? `Scheduled: ${goal}, ${when}` : `Scheduled: ${goal}`
}

/** The line under it: who sees it and what happens next. */
export const serverDraftDetail = (draft: ServerDraft): string =>
  draft.state === 'draft'
    ? 'Only you see it until you publish it in Operately'
    : 'Operately publishes it then; only you see it until then'
