/**
 * What the check-in form offers besides posting at once, by what the signed-in server takes (main asks
 * it; its version header says nothing usable), and the rules for a scheduled time. Pure, so each rule is
 * tested without a DOM.
 */

export interface PublishSupport {
  draft: boolean
  schedule: boolean
  /** Why a control is missing, in one visible sentence; null when both are offered. */
  note: string | null
}

/** `takes`: what this kind of check-in's endpoint was found to take (`publishingTakes`); null while not known. */
export function publishSupport(takes: { drafts: boolean; schedule: boolean } | null): PublishSupport {
  const draft = takes?.drafts ?? false
  const schedule = takes?.schedule ?? false
  const note = !takes
    ? 'The app has not yet been able to ask this server whether it keeps drafts and publishes check-ins at a set time; both are offered once it answers.'
    : draft && schedule
      ? null
      : draft
        ? 'This server does not publish check-ins at a set time (Operately 1.8 and newer do).'
        : schedule
          ? 'This server does not keep drafts (Operately 1.7 and newer do).'
          : 'This server neither keeps drafts nor publishes check-ins at a set time (Operately 1.7 and 1.8 added them).'
  return { draft, schedule, note }
}

/** Said wherever a check-in is scheduled: Operately's publishing job applies its status, nothing else. */
export const scheduledAppliesOnlyStatus =
  'When Operately publishes a scheduled check-in it sets the goal’s status only: the target values, checklist and due date in it are not applied to the goal.'

/** A scheduled time must be at least this far ahead: it is sent, perhaps after a wait, before it comes. */
export const scheduleLeadMs = 5 * 60_000

const pad = (n: number) => String(n).padStart(2, '0')

/** A moment as a `datetime-local` input writes it: the person's own wall clock, to the minute. */
export function localInputValue(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`
}

/** What the picker offers first: the next Monday at 09:00, local time (a week's news read at its start). */
export function nextMondayMorning(now: Date): Date {
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 9, 0)
  const days = (8 - at.getDay()) % 7 || 7
  at.setDate(at.getDate() + days)
  return at
}

/** The instant (ISO-8601 UTC) for what the person picked, or why it cannot be scheduled. */
export function scheduledInstant(
  value: string,
  now: Date,
): { ok: true; at: string } | { ok: false; problem: string } {
  // `YYYY-MM-DDTHH:mm` without a zone is read as the person's local time.
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? new Date(value) : null
  if (!at || Number.isNaN(at.getTime())) {
    return { ok: false, problem: 'Pick the day and time Operately should publish the check-in.' }
  }
  // Date rolls what the clock never shows into another moment (31 February into March, 02:30 on the night
  // the clocks go forward into 03:30): the person would be told one time and the server given another.
  if (localInputValue(at) !== value) {
    return {
      ok: false,
      problem: `${value.replace('T', ' ')} does not exist on this computer's clock (a day not in the month, or an hour skipped when the clocks go forward). Pick another time.`,
    }
  }
  if (at.getTime() - now.getTime() < scheduleLeadMs) {
    return {
      ok: false,
      problem: 'Pick a time at least 5 minutes from now: for sooner, submit the check-in instead.',
    }
  }
  return { ok: true, at: at.toISOString() }
}
