import type { Page } from '@playwright/test'
import { SEED_IDS } from './emulator'
import { mentionIds } from './emulator/richtext'
import { expect, test } from './support/fixtures'
import { checkInRequests, checkInsOn, openCheckIns, SHIP_ENGINE } from './support/check-in'

// The earlier check-ins above the form: read online, kept for offline, and the start of a new message.
// Offline is the emulator dropping every connection (see description-offline.spec.ts for why the browser
// context itself stays online).

const historyUi = (page: Page) => {
  const region = page.getByRole('region', { name: 'Earlier check-ins' })
  return {
    region,
    /** The disclosure of the n-th check-in, newest first (0: the latest). */
    summary: (n: number) => region.locator('summary').nth(n),
    startFrom: (n: number) =>
      region.locator('details').nth(n).getByRole('button', { name: 'Start from this message' }),
  }
}

test('three earlier check-ins read online show offline from the copy; one starts the message sent once back online', async ({
  page,
  signedIn,
  emulator,
}) => {
  const ui = await openCheckIns(page, signedIn.url)
  const history = historyUi(page)
  await ui.openGoal(SHIP_ENGINE)
  // Online: read from Operately, newest first, the latest open with what it recorded.
  await expect(history.region).toContainText('Read from Operately at')
  await expect(history.region.locator('details')).toHaveCount(3)
  await expect(history.region.locator('details').first()).toHaveAttribute('open', '')
  await expect(history.region.locator('details').first()).toContainText('Beta is live with 5 partners')
  await expect(history.region.locator('details').first()).toContainText('Weekly active teams 48 → 72 teams')

  // Offline: the goal and its history open from the copies kept on this computer.
  await ui.backToGoals.click()
  emulator.pause()
  await ui.openGoal(SHIP_ENGINE)
  await expect(history.region).toContainText("From this computer's copy, as of")
  await expect(history.region.locator('details')).toHaveCount(3)
  // An earlier one is a click away, and shows its own values.
  await expect(history.region.locator('details').nth(1)).not.toHaveAttribute('open', '')
  await history.summary(1).click()
  await expect(history.region.locator('details').nth(1)).toContainText('Design partners signed')
  await expect(history.region.locator('details').nth(1)).toContainText('Weekly active teams 44 → 48 teams')
  // Each target's trend, drawn from the same copy: three recorded values, and the value about to be sent.
  const teamsTrend = page.getByRole('img', {
    name: /^Weekly active teams: 3 check-ins, from 44 teams to 72 teams/,
  })
  await expect(teamsTrend).toBeVisible()
  await expect(page.getByRole('img', { name: /^p95 page load: 3 check-ins/ })).toBeVisible()

  await history.startFrom(0).click()
  await expect(ui.message).toContainText('Beta is live with 5 partners')
  // Barbara is a person of the company: her mention stays a mention, and no note says otherwise.
  await expect(ui.message.locator('.ot-mention')).toHaveText(/Barbara Liskov/)
  await expect(page.getByText(/no longer in Operately/)).toHaveCount(0)
  await ui.status('On track').check()
  await ui.target('Weekly active teams').fill('90')
  await ui.target('p95 page load').fill('2.1')
  await expect(
    page.getByRole('img', { name: /^Weekly active teams: 3 check-ins.*this check-in 90 teams$/ }),
  ).toBeVisible()

  // Back online: submitted, and on the server with the new values and the message it started from.
  emulator.resume()
  await ui.submit.click()
  await expect.poll(() => checkInsOn(emulator, SEED_IDS.goals.shipEngine).length, { timeout: 30_000 }).toBe(4)
  expect(checkInRequests(emulator).length).toBeGreaterThanOrEqual(1)
  const sent = checkInsOn(emulator, SEED_IDS.goals.shipEngine).at(-1)!
  expect(sent.status).toBe('on_track')
  expect(sent.targets.map((t) => t.value)).toEqual([90, 2.1])
  expect(JSON.stringify(sent.message)).toContain('Beta is live with 5 partners')
  expect(mentionIds(sent.message)).toHaveLength(1)
})

test('a mention of someone Operately no longer knows becomes her name as text, with a note, and the check-in goes in', async ({
  page,
  signedIn,
  emulator,
}) => {
  const ui = await openCheckIns(page, signedIn.url)
  const history = historyUi(page)
  await ui.openGoal(SHIP_ENGINE)
  await history.summary(2).click()
  await expect(history.region.locator('details').nth(2)).toContainText('Mary Somerville')
  await history.startFrom(2).click()

  await expect(ui.message).toContainText('Thanks to Mary Somerville')
  await expect(ui.message.locator('.ot-mention')).toHaveCount(0)
  await expect(
    page.getByRole('status').filter({ hasText: 'Mary Somerville is no longer in Operately' }),
  ).toBeVisible()

  await ui.status('On track').check()
  await ui.submit.click()
  await expect(ui.resultHeading).toBeVisible()
  const sent = checkInsOn(emulator, SEED_IDS.goals.shipEngine).at(-1)!
  expect(JSON.stringify(sent.message)).toContain('Mary Somerville')
  expect(mentionIds(sent.message)).toEqual([])
  expect(checkInRequests(emulator)).toHaveLength(1)
})

test('starting from a message asks before it replaces one already written; keeping it is the default', async ({
  page,
  signedIn,
}) => {
  const ui = await openCheckIns(page, signedIn.url)
  const history = historyUi(page)
  await ui.openGoal(SHIP_ENGINE)
  await ui.writeMessage('My own words.')
  await history.startFrom(0).click()

  const keep = history.region.getByRole('button', { name: 'Keep my message' })
  await expect(
    history.region.getByRole('group', { name: /Replace the message you have written/ }),
  ).toBeVisible()
  await expect(keep).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(ui.message).toHaveText('My own words.')

  await history.startFrom(0).click()
  await history.region.getByRole('button', { name: 'Replace my message' }).click()
  await expect(ui.message).toContainText('Beta is live with 5 partners')
  await expect(ui.message).not.toContainText('My own words.')
  await expect(ui.message).toBeFocused()
})

test('each earlier check-in opens its page in Operately, through the app’s own question', async ({
  page,
  signedIn,
  emulator,
  openedUrls,
  linkDialog,
}) => {
  const ui = await openCheckIns(page, signedIn.url)
  const history = historyUi(page)
  await ui.openGoal(SHIP_ENGINE)
  await expect(history.region.locator('details')).toHaveCount(3)
  const latest = history.region.locator('details').first()
  const open = latest.getByRole('button', { name: 'Open in Operately' })
  await expect(open).toHaveAccessibleDescription(/^the check-in of /)
  await open.click()
  await expect.poll(() => linkDialog.asked.length).toBe(1)
  linkDialog.answer(true)
  await expect.poll(() => openedUrls).toHaveLength(1)
  expect(openedUrls[0]!.startsWith(`${emulator.url}/`)).toBe(true)
  expect(openedUrls[0]).toMatch(/\/goal-check-ins\/\d{4}-\d{2}-\d{2}-[A-Za-z0-9]+$/)
})
