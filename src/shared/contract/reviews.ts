import { acknowledgeOutcomeSchema, checkInReviewSchema, reviewRefSchema } from '../domain/reviews'

export const reviewOperations = {
  /**
   * A check-in to acknowledge, read fresh (goals/get_check_in, projects/get_check_in), with whether the
   * person may acknowledge it and why not; the kept copy when the server cannot be reached.
   */
  'reviews.get': { input: reviewRefSchema, output: checkInReviewSchema },
  /**
   * Acknowledges it through the outbox: written to disk first, sent once (a goal's check-in is looked up
   * with goals/get_check_in before any re-send: before 1.8.0 a second request acknowledges again),
   * answered `acknowledged` or `queued`. Refused before anything is queued for what the server would
   * refuse anyway (signed out, a read-only token, not the person's to acknowledge).
   */
  'reviews.acknowledge': { input: reviewRefSchema, output: acknowledgeOutcomeSchema },
} as const
