import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SEED_IDS, startEmulator, versionHeader, type Emulator } from '../../../../e2e/emulator'
import { wireId } from '../../../../e2e/emulator/test-support'
import { sameJson } from '../check-ins/recovery'
import { checkInSubmission, doc } from './testing/entries'
import { createFakeClock } from './testing/fake-clock'
import { createRig, type Rig } from './testing/rig'

// What the server takes could not be told (sign-in's probe failed, and the probe keeps getting answers
// Operately does not give: a gateway, a fork, a later release that words its refusals otherwise). A
// check-in to publish now needs none of it: the due date is sent back as on every release.

describe('a check-in to publish now, on a server the probe cannot read', () => {
  let emulator: Emulator
  let rig: Rig | null = null
  beforeAll(async () => {
    emulator = await startEmulator({ version: '1.8.0' })
  })
  afterAll(async () => {
    await emulator.close()
  })
  afterEach(async () => {
    await rig?.close()
    rig = null
    emulator.clearFaults()
  })

  /** create_check_in without a goal (the probe's questions) answered 200 `{}`; the rest as the server does. */
  let questionsAnswered = 0
  const probeAnsweredOddly: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.endsWith('/goals/create_check_in') && !String(init?.body ?? '').includes('goal_id')) {
      questionsAnswered++
      return new Response('{}', {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-operately-version': versionHeader('1.8.0') },
      })
    }
    return fetch(input, init)
  }

  it('is delivered, exactly once', async () => {
    emulator.reset()
    // Sign-in's probe meets a gateway's 502: nothing is known when the entry is sent.
    emulator.setFaults({ htmlBadGateway: 1 })
    const clock = createFakeClock()
    rig = await createRig({ emulator, clock, fetch: probeAnsweredOddly, settleMs: 60_000 })
    const goal = wireId(emulator, SEED_IDS.goals.shipEngine)
    const questions = () => questionsAnswered
    const asked = questions()
    await rig.outbox.append(checkInSubmission(goal, doc('Posted whatever the probe says.')))
    await rig.settle()
    // Nor does it pay for a probe: a server failing it would slow every check-in (a soak in CI met that).
    expect(questions()).toBe(asked)
    const sent = emulator.state.requests.find(
      (r) => r.endpoint === 'goals/create_check_in' && JSON.stringify(r.body ?? {}).includes('goal_id'),
    )
    // Nothing current is known: the due date goes back as the goal has it, as every release takes it.
    expect(sent?.body).toHaveProperty('due_date')
    const posted = emulator.state.checkIns.filter((c) =>
      sameJson(c.message, JSON.parse(doc('Posted whatever the probe says.'))),
    )
    expect(posted).toMatchObject([{ state: 'published' }])
    expect(rig.outbox.list()).toEqual([])
  })
})
