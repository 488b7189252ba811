import type { CheckInOutcome } from './check-ins'

/**
 * Whether a mutation's answer is a check-in outcome (created, or queued to be created), a goal's or a
 * project's. A structural check without zod, for the popup's first screen (the inbox and the weekly
 * round), which only reads the outcome: the full answer was already checked against its schema by the
 * bridge. Created: the goal's or the project's id; queued: what it is for (`subject`).
 */
export function isCheckInOutcome(value: unknown): value is CheckInOutcome {
  if (typeof value !== 'object' || value === null) return false
  const { outcome, goalId, projectId, subject } = value as Record<string, unknown>
  if (outcome === 'created') return typeof goalId === 'string' || typeof projectId === 'string'
  return outcome === 'queued' && typeof subject === 'object' && subject !== null
}
