import type { Page } from '@playwright/test'
import { checkInInput, readGoal } from '../../src/main/services/check-ins/testing/signed-in'
import type { CheckInOutcome } from '../../src/shared/domain/check-ins'
import type { GoalDetail } from '../../src/shared/domain/goals'
import type { SyncView } from '../../src/shared/domain/sync'
import { SEED_IDS, shortIdFromUuid } from '../emulator'
import type { Emulator } from '../emulator/types'
import type { Harness } from '../harness'
import { expect } from './fixtures'
import { syncUi } from './sync'

// A long outbox in the big company (`test.use({ seed: 'big' })`): check-ins of its goals, written while
// Operately cannot be reached, some of them refused once it is back.

const ada = SEED_IDS.people.ada
/**
 * The big seed's own goals ("Reduce latency 00012") that Ada may edit as a named editor and that not the
 * whole company may: their "who can be notified" is short, so reading each takes the emulator no time.
 */
const editableByAda = (emulator: Emulator) =>
  emulator.state.goals.filter(
    (goal) =>
      /\d{5}$/.test(goal.name) &&
      goal.access.company !== 'edit' &&
      goal.access.people[ada] === 'edit' &&
      goal.championId !== ada &&
      goal.reviewerId !== ada,
  )

/** Submits a check-in of each goal through main, as the check-in form does, while Operately cannot be reached. */
async function queueCheckIns(harness: Harness, emulator: Emulator, details: readonly GoalDetail[]) {
  emulator.pause()
  for (const detail of details) {
    const result = await harness.services.dispatch(
      'checkIns.create',
      checkInInput(detail, 'Written offline.'),
    )
    if (!result.ok) throw new Error(`${detail.name}: ${result.error.message}`)
    expect((result.value as CheckInOutcome).outcome).toBe('queued')
  }
}

/** The outbox as main holds it. */
export const syncView = async (harness: Harness): Promise<SyncView> => {
  const view = await harness.services.dispatch('sync.get', {})
  if (!view.ok) throw new Error(view.error.message)
  return view.value as SyncView
}

/**
 * `needsYou` check-ins Operately refused once it was back (Ada lost the right to edit their goals while
 * they waited), then `waiting` ones written while it cannot be reached. Each goal is read first, as the
 * form reads it, so that its row is titled with its name.
 */
async function fillOutbox(harness: Harness, emulator: Emulator, needsYou: number, waiting: number) {
  const goals = editableByAda(emulator).slice(0, needsYou + waiting)
  expect(goals).toHaveLength(needsYou + waiting)
  const details: GoalDetail[] = []
  for (const goal of goals) details.push(await readGoal(harness.services, shortIdFromUuid(goal.id)))
  const [refused, queued] = [goals.slice(0, needsYou), goals.slice(needsYou)]

  if (needsYou > 0) {
    await queueCheckIns(harness, emulator, details.slice(0, needsYou))
    for (const goal of refused) delete goal.access.people[ada]
    emulator.resume()
    const sent = await harness.services.dispatch('sync.now', {})
    if (!sent.ok) throw new Error(sent.error.message)
  }
  await queueCheckIns(harness, emulator, details.slice(needsYou))
  const items = (await syncView(harness)).items
  expect(items.filter((item) => item.state === 'needs_attention')).toHaveLength(needsYou)
  expect(items).toHaveLength(needsYou + waiting)
  return { refused, queued }
}

/**
 * Fills the outbox (see fillOutbox), opens the popup once the Sync tab counts every item (reading the
 * big company's lists takes a while) and goes to the Sync view. The goals refused and those queued, in
 * the order of their rows, and the view's locators.
 */
export async function openFilledOutbox(
  page: Page,
  harness: Harness,
  emulator: Emulator,
  { needsYou = 0, waiting }: { needsYou?: number; waiting: number },
) {
  const filled = await fillOutbox(harness, emulator, needsYou, waiting)
  await page.goto(harness.url)
  const sync = syncUi(page)
  await expect(sync.tab).toHaveAccessibleName(`Sync, ${needsYou + waiting} waiting`, { timeout: 60_000 })
  await sync.open()
  return { ...filled, sync }
}
