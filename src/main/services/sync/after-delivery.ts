import { checkInDraftKey } from '@shared/contract/drafts'
import type { Logger } from '../log/logger'
import type { SyncEngine } from './sync-engine'

/**
 * What main updates when queued work reaches the server: a delivered check-in's draft is done with and
 * the inbox owes one less; a delivered description becomes the project's kept copy. Failures here are
 * logged: the work itself is on the server already.
 */
export function followDeliveries(
  engine: Pick<SyncEngine, 'onEvent'>,
  deps: {
    clearDraft: (key: string) => Promise<void>
    refreshAssignments: () => Promise<unknown>
    rememberDescription: (projectId: string, description: string) => Promise<void>
    log: Logger
  },
): () => void {
  const { log } = deps
  const report = (what: string) => (err: unknown) =>
    log.warn(`sync: after a delivery, could not ${what}`, { error: String(err) })
  return engine.onEvent((event) => {
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
