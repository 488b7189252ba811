import type { QueuedCheckIn } from '@shared/domain/check-ins'
import { keptAtLabel } from '../description/project-display'

/**
 * The words for a check-in that is not on the server yet, one state at a time, said the same wherever it
 * shows (the form's screen; the Sync view uses the same terms). "Sent" is the result view's.
 */

export function submissionHeading(state: QueuedCheckIn['state']): string {
  switch (state) {
    case 'sending':
      return 'Still waiting for Operately…'
    case 'queued':
      return 'Check-in queued'
    case 'checking':
      return 'Checking whether Operately saved it…'
    case 'needs_you':
      return 'Needs you'
  }
}

export function submissionText(state: QueuedCheckIn['state']): string {
  switch (state) {
    case 'sending':
      return 'It goes on in the background: you can close this. The Sync view follows it, and a notification says when it is in.'
    case 'queued':
      return 'Your check-in is saved on this computer and will be sent once Operately can be reached. It is sent only once, however often the app tries.'
    case 'checking':
      return 'A request may have reached Operately without an answer coming back. The app looks for your check-in on the server before it sends anything again, so it is never posted twice.'
    case 'needs_you':
      return 'Operately did not take this check-in. Everything you wrote is kept here: edit it and send it again, retry it as it is, or discard it.'
  }
}

/**
 * When a check-in sent from this computer went in, as the result view opened on it later says it: "Sent at
 * 10:42" today, "Sent Mar 9, 10:42" before. Null for a time that cannot be read.
 */
export function sentAtWords(iso: string, now: Date = new Date(), locale?: string): string | null {
  const label = keptAtLabel(iso, now, locale)
  if (label === null) return null
  return new Date(iso).toDateString() === now.toDateString() ? `Sent at ${label}` : `Sent ${label}`
}
