import type { CheckInResult } from '@shared/domain/check-ins'
import { scheduleLabel } from '@shared/time-label'

/**
 * What the result screen says happened to a check-in: posted, kept as a draft, or scheduled. A draft or a
 * scheduled check-in changes nothing on the goal yet, and only its author sees it: the words say so, so
 * that nobody takes "sent" for "published".
 */
export interface PublicationWords {
  title: string
  /** A sentence under the title for a check-in not published yet; null for a published one. */
  note: string | null
  /** The heading of the list of changes. */
  changesLabel: string
  /**
   * For a check-in whose publishing applies its status alone (a scheduled one), the heading of the rest
   * it records (target values, checklist, due date), listed apart; null when all of it applies.
   */
  notAppliedLabel: string | null
}

export function publicationWords(
  result: Pick<CheckInResult, 'state' | 'scheduledAt'>,
  now: Date,
  locale?: string,
  /** Whether a scheduled check-in records more than the status (targets, checklist, a new due date). */
  { recordsMore = true }: { recordsMore?: boolean } = {},
): PublicationWords {
  if (result.state === 'draft') {
    return {
      title: 'Saved as a draft on Operately',
      note: 'Only you can see it, and the goal is unchanged until it is published. Open it in Operately to finish and publish it.',
      changesLabel: 'What it will change once published',
      notAppliedLabel: null,
    }
  }
  if (result.state === 'scheduled') {
    // Operately's publishing job sets the goal's status from it and nothing else
    // (async_publishing/scheduled_post_publishing.ex, 1.8.0).
    const when = result.scheduledAt ? scheduleLabel(result.scheduledAt, now, locale) : null
    return {
      title: when ? `Scheduled for ${when}` : 'Scheduled on Operately',
      note: recordsMore
        ? 'Operately publishes it then. Until then only you can see it, and the goal is unchanged. Publishing sets the goal’s status only: the target values, checklist and due date below stay in the check-in and are not applied to the goal. Change those in Operately, or post a check-in now.'
        : 'Operately publishes it then. Until then only you can see it, and the goal is unchanged. Publishing sets the goal’s status.',
      changesLabel: 'What publishing will change',
      notAppliedLabel: 'Recorded in the check-in, not applied to the goal',
    }
  }
  return { title: 'Check-in sent', note: null, changesLabel: 'What changed', notAppliedLabel: null }
}
