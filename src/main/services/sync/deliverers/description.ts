import type { OperatelyClient } from '../../operately/client'
import type { Deliverer } from '../outcomes'
import { unexpectedFailure } from '../outcomes'
import { sameDescription } from '../../projects/same-description'

/** What a delivered description save reports. */
export interface DescriptionDelivery {
  projectId: string
  /** The text now on the server: what was sent (Operately's answer leaves the description out). */
  description: string
  /** An earlier attempt had already put it there (e.g. it committed just before a crash). */
  alreadyOnServer: boolean
}

/**
 * Sends a queued description, never over someone else's newer edit: it reads the server's description
 * first and sends only when the server still has the version the edit started from (or a text this app
 * put there itself). If the server already has exactly this text, an earlier attempt got through.
 */
export function createDescriptionDeliverer(deps: { client: () => Promise<OperatelyClient> }): Deliverer {
  return async (entry) => {
    if (entry.kind !== 'description') {
      return { outcome: 'needs_attention', error: unexpectedFailure(new Error('not a description')) }
    }
    const { projectId, description } = entry.payload
    const api = await deps.client()
    const server = (await api.getProject(projectId)).description
    if (sameDescription(server, description)) {
      const result: DescriptionDelivery = { projectId, description, alreadyOnServer: true }
      return { outcome: 'delivered', result }
    }
    const ours = [entry.base, ...entry.ownVersions]
    if (!ours.some((version) => sameDescription(server, version))) return { outcome: 'conflict', server }
    // The answer has no `description` (operately-api.md §6): the server stored what was sent.
    await api.updateDescription({ projectId, description })
    const result: DescriptionDelivery = { projectId, description, alreadyOnServer: false }
    return { outcome: 'delivered', result }
  }
}
