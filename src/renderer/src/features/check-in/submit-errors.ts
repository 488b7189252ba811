import type { ErrorKind } from '@shared/errors'

/**
 * What the check-in form says when submitting fails, and where it says it. The words are the app's own,
 * per kind of failure, in terms of what the person can do; the server's own explanation is added where it
 * helps (a refused field).
 */

/** Parts of the form a failure can be shown next to. */
export type FormArea = 'status' | 'due' | 'targets' | 'checklist' | 'message' | 'notify'

export interface SubmitProblem {
  title: string
  message: string
  /** Where to show it; null for the alert at the top of the form. */
  area: FormArea | null
  /** Whether "Try again" makes sense (and is safe: the same submission is never posted twice). */
  retry: boolean
  /** The request may have reached the server: the next attempt looks for it before sending anything. */
  ambiguous: boolean
}

const KEPT = 'Everything you wrote is kept.'

/**
 * After a failure to write the data folder the words exist only on screen: the draft could not be written
 * either, or not its latest change. Never "kept", which would send the person away from the only copy.
 */
export const ONLY_ON_SCREEN =
  'What you wrote is still on screen, but not saved on this computer: keep this window open until it is.'

/** The part of the form a refusal names: the server's field names, or the words main uses for them. */
export function areaOfMessage(message: string): FormArea | null {
  const text = message.toLowerCase()
  if (/due[ _]date|timeframe/.test(text)) return 'due'
  if (/target/.test(text)) return 'targets'
  if (/checklist|check item|goal check/.test(text)) return 'checklist'
  if (/subscriber|notif/.test(text)) return 'notify'
  if (/\bcontent\b|message|mention/.test(text)) return 'message'
  if (/status/.test(text)) return 'status'
  return null
}

export function describeSubmitError(error: { kind: ErrorKind; message: string }): SubmitProblem {
  const plain = (title: string, message: string, retry = false): SubmitProblem => ({
    title,
    message,
    area: null,
    retry,
    ambiguous: false,
  })
  switch (error.kind) {
    case 'read_only_token':
      return plain(
        'This token can only read',
        `Operately refuses check-ins sent with a read-only API token. In Operately, open Account → API tokens, create a token with write access, and sign in again with it. ${KEPT}`,
      )
    case 'forbidden':
      return plain(
        'You cannot check in on this goal',
        `You can see this goal but not edit it. Ask its champion or an admin of its space for edit access. ${KEPT}`,
      )
    case 'not_found':
      return plain(
        'This goal is not in Operately any more',
        `It may have been deleted, or you may no longer have access to it. Nothing was posted. ${KEPT}`,
      )
    case 'server_error':
      return plain(
        'Operately could not save the check-in',
        `The server ran into a problem and did not post it. ${KEPT} Try again in a moment; if it keeps failing, a mention of someone who left the company or an unusual value may be the cause.`,
        true,
      )
    case 'offline':
    case 'timeout':
      return {
        title:
          error.kind === 'offline' ? 'Operately could not be reached' : 'Operately did not answer in time',
        message: `Your check-in may have been saved. Try again checks first and never creates a second one. ${KEPT}`,
        area: null,
        retry: true,
        ambiguous: true,
      }
    case 'bad_request':
    case 'invalid_input':
      return {
        title: 'Operately did not accept the check-in',
        message: `${error.message} ${KEPT}`.trim(),
        area: areaOfMessage(error.message),
        retry: false,
        ambiguous: false,
      }
    case 'unauthorized':
      return plain('Your sign-in is no longer valid', `${error.message} ${KEPT}`)
    case 'not_signed_in':
      return plain('You are signed out', `Sign in again to post this check-in. ${KEPT}`)
    case 'unsupported_server':
      return plain('This server cannot take check-ins from the app', `${error.message} ${KEPT}`)
    case 'invalid_response':
      return plain('Operately sent an answer the app cannot read', `${error.message} ${KEPT}`)
    case 'disk':
      // Main says what happened to the disk and what to do; nothing of this check-in is on Operately.
      return plain('Not sent: the app could not write to disk', `${error.message} ${ONLY_ON_SCREEN}`, true)
    case 'keychain_unavailable':
    case 'internal':
      return plain('Something went wrong in the app', `${error.message} ${KEPT}`, true)
  }
}
