import { AppFailure } from '@shared/errors'
import type { OperatelyClient } from '../../operately/client'
import type { DescriptionEntry } from '../../outbox/entry'
import type { Deliverer, DeliveryOutcome } from '../outcomes'
import {
  outcomeFromError,
  refusedByServer,
  stillChecking,
  stillSettling,
  unexpectedFailure,
} from '../outcomes'
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
 *
 * A request that failed without saying it was not applied (a timeout, a lost connection, a 5xx) may
 * still land a little later. Until its text shows on the server, or the server can no longer be working
 * on it (`settleAt`), nothing newer is sent: a late landing of an older text must never overwrite a newer
 * one.
 */
export function createDescriptionDeliverer(deps: { client: () => Promise<OperatelyClient> }): Deliverer {
  return async (queued, context): Promise<DeliveryOutcome> => {
    if (queued.kind !== 'description') {
      return { outcome: 'needs_attention', error: unexpectedFailure(new Error('not a description')) }
    }
    let entry: DescriptionEntry = queued
    const { projectId, description } = entry.payload
    const api = await deps.client()
    const delivered = (alreadyOnServer: boolean): DeliveryOutcome => {
      const result: DescriptionDelivery = { projectId, description, alreadyOnServer }
      return { outcome: 'delivered', result }
    }

    /** Reads the server's text and decides; null: send now. */
    const check = async (): Promise<DeliveryOutcome | null> => {
      const server = (await api.getProject(projectId)).description
      if (sameDescription(server, description)) return delivered(true)
      const unconfirmed = entry.unconfirmed
      if (unconfirmed) {
        const landed = unconfirmed.text !== undefined && sameDescription(server, unconfirmed.text)
        if (!landed && (await stillSettling(entry, context))) {
          return {
            outcome: 'retry',
            checking: true,
            error: entry.lastError ?? {
              kind: 'timeout',
              message:
                'Operately has not confirmed the last save yet. The app checks whether it was saved before sending anything newer.',
            },
          }
        }
        entry = (await context.record({ unconfirmed: null })) as DescriptionEntry
      }
      const ours = [entry.base, ...entry.ownVersions]
      if (!ours.some((version) => sameDescription(server, version))) return { outcome: 'conflict', server }
      return null
    }

    const decided = await check()
    if (decided) return decided
    entry = (await context.beforeSend()) as DescriptionEntry
    const sentAt = context.now()
    try {
      // The answer has no `description` (operately-api.md §6): the server stored what was sent.
      await api.updateDescription({ projectId, description })
      return delivered(false)
    } catch (err) {
      if (!(err instanceof AppFailure) || !err.error.maybeApplied) throw err
      // Counted from the failure: a request that took long (a timeout grows with the body) gets the whole wait.
      const settleAt = err.error.maybeApplied === 'answered' ? sentAt : context.now() + context.settleMs
      entry = (await context.record({
        unconfirmed: {
          at: new Date(sentAt).toISOString(),
          settleAt: new Date(settleAt).toISOString(),
          text: description,
        },
        // Whatever happened to this request, its text may be on the server now: ours, not someone else's.
        ownVersions: entry.ownVersions.includes(description)
          ? entry.ownVersions
          : [...entry.ownVersions, description].slice(-20),
      })) as DescriptionEntry
      let known: DeliveryOutcome | null
      try {
        known = await check()
      } catch (lookErr) {
        if (lookErr instanceof AppFailure) return stillChecking(outcomeFromError(lookErr.error))
        throw lookErr
      }
      // An answer that leaves it unclear counts towards "Needs you" like a refusal: a gateway that fails
      // every save would otherwise be looked past and sent to forever.
      if (known?.outcome === 'retry') return { ...known, error: err.error, counts: true }
      if (known) return known
      // The server answered, and the text is not there: it was not applied.
      return refusedByServer(err.error)
    }
  }
}
