import type { Session } from './session'

/**
 * A generous limit for one session in three editors: opening the document three times, and a few
 * seconds a step (a drag that scrolls takes the longest). Not a measure of speed: only so a stuck
 * session ends.
 */
export function timeoutFor(session: Session): number {
  const opening = session.size === 5000 ? 60_000 : 15_000
  return opening + session.steps.length * 3 * 6_000
}
