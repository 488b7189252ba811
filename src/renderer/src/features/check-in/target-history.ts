import type { PastCheckIn } from '@shared/domain/check-in-history'
import { sameId } from '@shared/ids'

/** One value a check-in recorded for a target, and when. */
export interface TargetPoint {
  /** When the check-in was published (ISO, UTC); its creation time on servers that send no publication. */
  at: string
  value: number
}

/**
 * The values a target was given over the goal's check-ins, oldest first: what a trend chart draws. Check-ins
 * without a time or without a value for the target are left out (a point nobody can place is no point);
 * ids are compared by their last segment, as the server writes them in several shapes.
 */
export function targetHistory(checkIns: readonly PastCheckIn[], targetId: string): TargetPoint[] {
  const points: Array<TargetPoint & { time: number }> = []
  for (const checkIn of checkIns) {
    const at = checkIn.publishedAt ?? checkIn.insertedAt
    const time = at === null ? Number.NaN : Date.parse(at)
    if (at === null || Number.isNaN(time)) continue
    const recorded = checkIn.targets.find((t) => t.id !== null && sameId(t.id, targetId))
    if (!recorded || recorded.value === null || !Number.isFinite(recorded.value)) continue
    points.push({ at, value: recorded.value, time })
  }
  // Newest first from the server; sorted anyway, so the order never depends on who sent the list.
  return points.sort((a, b) => a.time - b.time).map(({ at, value }) => ({ at, value }))
}
