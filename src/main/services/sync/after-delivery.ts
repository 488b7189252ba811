import { subjectDraftKey } from '@shared/contract/drafts'
import { subjectOf } from '@shared/domain/check-ins'
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
    /** The server refused a check-in on this goal, or a check-in or a description save on this project, for rights. */
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
      // An acknowledgement refused for rights says nothing about editing the goal or project itself.
      if (entry.kind === 'acknowledgement') return
      const subject = entry.kind === 'check-in' ? subjectOf(entry.payload) : null
      const marked =
        subject?.kind === 'goal'
          ? deps.goalRefused(subject.id)
          : deps.projectRefused(subject?.id ?? (entry.payload as { projectId: string }).projectId)
      marked.catch(report('mark the item view only'))
      return
    }
    if (event.type !== 'delivered') return
    const { entry } = event
    if (entry.kind === 'check-in') {
      deps.clearDraft(subjectDraftKey(subjectOf(entry.payload))).catch(report('remove the check-in draft'))
      deps.refreshAssignments().catch(report('refresh the inbox'))
    } else if (entry.kind === 'acknowledgement') {
      // The inbox's "to acknowledge" row leaves, and the badge goes down.
      deps.refreshAssignments().catch(report('refresh the inbox'))
    } else {
      deps
        .rememberDescription(entry.payload.projectId, entry.payload.description)
        .catch(report('update the kept copy of the project'))
    }
  })
}
