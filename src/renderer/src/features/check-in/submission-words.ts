import type { QueuedCheckIn } from '@shared/domain/check-ins'

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
