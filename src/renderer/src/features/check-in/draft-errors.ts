import { BridgeError } from '../../bridge/bridge-error'
import { ONLY_ON_SCREEN } from './submit-errors'

/**
 * What follows "Draft not saved:" when main could not write the draft. A disk that refused it (full,
 * read-only) is said with main's words on what to do, and that the words are now only on screen; any
 * other failure with main's message as it is.
 */
export function draftErrorText(error: unknown, fallback: string): string {
  if (error instanceof BridgeError && error.kind === 'disk') return `${error.message} ${ONLY_ON_SCREEN}`
  return error instanceof Error ? error.message : fallback
}
