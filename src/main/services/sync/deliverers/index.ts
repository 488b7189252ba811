import type { OperatelyClient } from '../../operately/client'
import type { OutboxStore } from '../../outbox/outbox-store'
import type { Deliverers } from '../outcomes'
import { createAcknowledgementDeliverer } from './acknowledgement'
import { createCheckInDeliverer, type CheckInPages } from './check-in'
import { createDescriptionDeliverer } from './description'

export type { AcknowledgementDelivery } from './acknowledgement'
export type { CheckInDelivery } from './check-in'
export type { DescriptionDelivery } from './description'

/** The real deliverers, talking to the signed-in server (`session.client()` in the app). */
export function createDeliverers(deps: {
  client: () => Promise<OperatelyClient>
  /** Where check-in claims are kept (the outbox). */
  claims: Pick<OutboxStore, 'claimOf' | 'claimedByOther' | 'recordClaim'>
  /** Pages of check-ins in Operately's web app, linked from a check-in Operately ended up with twice. */
  webUrls?: CheckInPages
}): Deliverers {
  return {
    description: createDescriptionDeliverer(deps),
    'check-in': createCheckInDeliverer(deps),
    acknowledgement: createAcknowledgementDeliverer(deps),
  }
}
