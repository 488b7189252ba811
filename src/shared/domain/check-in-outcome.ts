import type { CheckInOutcome } from './check-ins'

/**
 * Whether a mutation's answer is a check-in outcome (created, or queued to be created). A structural
 * check without zod, for the popup's first screen (the inbox and the weekly round), which only reads the
 * outcome and the goal's id: the full answer was already checked against its schema by the bridge.
 */
export function isCheckInOutcome(value: unknown): value is CheckInOutcome {
  if (typeof value !== 'object' || value === null) return false
  const { outcome, goalId } = value as { outcome?: unknown; goalId?: unknown }
  return (outcome === 'created' || outcome === 'queued') && typeof goalId === 'string'
}
