import type { PendingNavigation } from '@shared/domain/assignments'

/** A click older than this is not acted on: the user has moved on, and opening a form now would surprise. */
export const defaultNavigationTtlMs = 2 * 60_000

export interface PendingNavigationBox {
  /** A notification was clicked: the popup should open the check-in form for this goal. */
  set(goalId: string | null): void
  /** Hands the request out once; `{ goalId: null }` when there is none (or it is stale). */
  take(): PendingNavigation
}

/**
 * Where a notification click leaves word for the renderer. The popup page asks (`inbox.takePendingNavigation`)
 * when it becomes visible or gains focus: the IPC bridge only carries calls from the page to main, so
 * the page asks rather than being told, and one question per show is all it costs.
 */
export function createPendingNavigation(
  options: { now?: () => number; ttlMs?: number } = {},
): PendingNavigationBox {
  const now = options.now ?? Date.now
  const ttlMs = options.ttlMs ?? defaultNavigationTtlMs
  let pending: { goalId: string | null; at: number } | null = null
  return {
    set(goalId) {
      pending = { goalId, at: now() }
    },
    take() {
      const found = pending
      pending = null
      if (!found || now() - found.at > ttlMs) return { goalId: null }
      return { goalId: found.goalId }
    },
  }
}
