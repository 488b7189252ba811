import { checkInDraftKey } from '@shared/contract/drafts'
import type { Logger } from '../log/logger'
import type { SyncEngine } from './sync-engine'

/**
 * What main updates when queued work reaches the server: a delivered check-in's draft is done with and
 * the inbox owes one less; a delivered description becomes the project's kept copy. Failures here are
 * logged: the work itself is on the server already. And when the server refuses work for want of rights
 * (403), the goal's or project's "View only" mark follows at once: its rights changed on the server.
 */
export function followDeliveries(
  engine: Pick<SyncEngine, 'onEvent'>,
  deps: {
    clearDraft: (key: string) => Promise<void>
    refreshAssignments: () => Promise<unknown>
    rememberDescription: (projectId: string, description: string) => Promise<void>
    /** The server refused a check-in on this goal, or a save of this project's description, for rights. */
    goalRefused: (goalId: string) => Promise<void>
    projectRefused: (projectId: string) => Promise<void>
    log: Logger
  },
): () => void {
  const { log } = deps
  const report = (what: string) => (err: unknown) =>
    log.warn(`sync: after a delivery, could not ${what}`, { error: String(err) })
  return engine.onEvent((event) => {
    if (event.type === 'needs_attention' && event.error.kind === 'forbidden') {
      const { entry } = event
      const marked =
        entry.kind === 'check-in'
          ? deps.goalRefused(entry.payload.goalId)
          : deps.projectRefused(entry.payload.projectId)
      marked.catch(report('mark the item view only'))
      return
    }
    if (event.type !== 'delivered') return
    const { entry } = event
    if (entry.kind === 'check-in') {
      deps.clearDraft(checkInDraftKey(entry.payload.goalId)).catch(report('remove the check-in draft'))
      deps.refreshAssignments().catch(report('refresh the inbox'))
    } else {
      deps
        .rememberDescription(entry.payload.projectId, entry.payload.description)
        .catch(report('update the kept copy of the project'))
    }
  })
}
