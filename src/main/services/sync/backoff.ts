/**
 * How long to wait before trying an entry again: exponential backoff with jitter, so a server coming
 * back is not hit by every client at the same moment, and never sooner than the server asked.
 */
export interface BackoffPolicy {
  baseMs: number
  capMs: number
}

export const defaultBackoff: BackoffPolicy = { baseMs: 2_000, capMs: 5 * 60_000 }

/** A server asking for more than this is ignored beyond it: the user can always press "Sync now". */
const maxRetryAfterMs = 60 * 60_000

/**
 * @param failures consecutive failures of this entry, 1 for the first
 * @param random a number in [0, 1)
 */
export function retryDelayMs(
  failures: number,
  random: () => number,
  policy: BackoffPolicy = defaultBackoff,
  retryAfterSeconds?: number,
): number {
  const exponential = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, failures - 1))
  // "Equal jitter": at least half the step, so delays still grow, spread over the other half.
  const jittered = Math.round(exponential / 2 + random() * (exponential / 2))
  const asked = retryAfterSeconds === undefined ? 0 : Math.min(retryAfterSeconds * 1000, maxRetryAfterMs)
  return Math.max(jittered, asked)
}
