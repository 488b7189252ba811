import { prepareCheckIn } from '../../check-ins/body'
import { findEarlierAttempt } from '../../check-ins/recovery'
import type { OperatelyClient } from '../../operately/client'
import type { CheckIn, Person } from '../../operately/types'
import type { Deliverer } from '../outcomes'
import { unexpectedFailure } from '../outcomes'

/** What a delivered check-in reports. */
export interface CheckInDelivery {
  goalId: string
  submissionId: string
  /** The server's record; null when its answer did not include it. */
  checkIn: CheckIn | null
  /** Found on the server from an earlier attempt instead of being sent again. */
  recovered: boolean
}

/**
 * Creates a queued check-in exactly once. `goals/create_check_in` is not idempotent, so when an earlier
 * attempt may have reached the server (a timeout, a dropped connection, a crash), the goal's check-ins
 * are searched first for this person's check-in with the same status and message, created since that
 * attempt (the check-in service's `findEarlierAttempt`). The request itself is built when it is sent,
 * against the goal as it is then (`prepareCheckIn`), like the online path.
 */
export function createCheckInDeliverer(deps: { client: () => Promise<OperatelyClient> }): Deliverer {
  // Check-ins already matched to a submission in this session: never claimed twice.
  const claimed = new Set<string>()
  const people = new WeakMap<OperatelyClient, Promise<Person>>()
  const me = (api: OperatelyClient): Promise<Person> => {
    let person = people.get(api)
    if (!person) {
      person = api.getMe()
      person.catch(() => people.delete(api))
      people.set(api, person)
    }
    return person
  }

  return async (entry, { attempted }) => {
    if (entry.kind !== 'check-in') {
      return { outcome: 'needs_attention', error: unexpectedFailure(new Error('not a check-in')) }
    }
    const input = entry.payload
    const api = await deps.client()
    const delivered = (checkIn: CheckIn | null, recovered: boolean) => {
      if (checkIn) claimed.add(checkIn.id)
      const result: CheckInDelivery = {
        goalId: input.goalId,
        submissionId: input.submissionId,
        checkIn,
        recovered,
      }
      return { outcome: 'delivered' as const, result }
    }

    if (attempted) {
      const person = await me(api)
      const found = findEarlierAttempt(await api.listCheckIns(input.goalId), {
        personId: person.id,
        status: input.status,
        message: input.message,
        since: Date.parse(entry.firstAttemptAt ?? entry.createdAt),
        taken: (id) => claimed.has(id),
      })
      if (found) return delivered(found, true)
    }
    const goal = await api.getGoal(input.goalId)
    const prepared = prepareCheckIn(input, goal, api.serverVersion())
    return delivered(await api.createCheckIn(prepared.body), false)
  }
}
