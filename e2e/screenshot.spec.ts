import { fileURLToPath } from 'node:url'
import { SEED_IDS } from './emulator'
import { expect, test } from './support/fixtures'
import { checkInScreen, openCheckIns, SHIP_ENGINE } from './support/check-in'
import { descriptionUi, projects } from './support/description'
import { giveAdaOnboardingDocs, inboxScreen, makeDue, ONBOARDING_DOCS } from './support/inbox'
import { popup } from './support/popup'
import { syncUi } from './support/sync'

const docs = (name: string) => fileURLToPath(new URL(`../docs/${name}`, import.meta.url))
const target = docs('screenshot-popup.png')
const syncTarget = docs('screenshot-sync.png')

// Refreshes the pictures of the popup in docs/; they are tracked files, so this runs only when asked.
test.skip(!process.env.UPDATE_SCREENSHOT, 'Set UPDATE_SCREENSHOT=1 to refresh the pictures in docs/.')
test.use({ viewport: { width: 380, height: 560 }, colorScheme: 'light', deviceScaleFactor: 2 })

test('screenshot of the signed-in popup', async ({ page, emulator, harness }) => {
  await page.goto(harness.url)
  await popup(page).signIn(emulator.url, emulator.tokens.write)
  await expect(page.getByText('Signed in as Ada Lovelace · this token can write')).toBeVisible()
  await page.screenshot({ path: target, animations: 'disabled' })
})

test('screenshot of the Sync view with a change waiting', async ({ page, emulator, signedIn }) => {
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  emulator.pause()
  await ui.openProject(signedIn, projects.office)
  await page.keyboard.type('Movers booked for the 3rd.')
  await ui.saveButton.click()
  await expect(ui.status).toContainText('Queued')
  const sync = syncUi(page)
  await sync.open()
  await expect(sync.row('Description · Office move')).toBeVisible()
  await page.screenshot({ path: syncTarget, animations: 'disabled' })
  emulator.resume()
})

test('screenshot of the weekly round, the next goal opened by itself after a submit', async ({
  page,
  emulator,
  signedIn,
}) => {
  makeDue(emulator, SEED_IDS.goals.shipEngine, 10)
  giveAdaOnboardingDocs(emulator, 5)
  makeDue(emulator, SEED_IDS.goals.supportBacklog, 2)
  await page.goto(signedIn.url)
  const inbox = inboxScreen(page)
  const ui = checkInScreen(page)
  await inbox.startRound.click()
  await ui.status('On track').check()
  await ui.target('Weekly active teams').fill('1,200')
  await ui.writeMessage('Beta is live with five design partners.')
  await ui.submit.click()
  await expect(ui.heading(ONBOARDING_DOCS)).toBeFocused()
  await expect(inbox.round.getByRole('status')).toHaveText(`${SHIP_ENGINE} — sent, on track`)
  await page.screenshot({ path: docs('screenshot-round.png'), animations: 'disabled' })
})

test('screenshot of the result: what the check-in changed', async ({ page, signedIn }) => {
  const ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  await ui.status('Caution').check()
  await ui.changeDueDate.click()
  await ui.precision('Month').check()
  await ui.target('Weekly active teams').fill('1,200')
  await ui.target('p95 page load').fill('2.1 s')
  await ui.checklistItem('Security review signed off').check()
  await ui.writeMessage('Security review done; the pricing page slips a month.')
  await ui.submit.click()
  await expect(ui.resultHeading).toBeFocused()
  await page.screenshot({ path: docs('screenshot-result.png'), animations: 'disabled' })
})

test('screenshot of the number question', async ({ page, signedIn }) => {
  const ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  await ui.target('Weekly active teams').fill('1,200')
  await ui.target('p95 page load').fill('2.900')
  const question = page.getByRole('group', { name: 'Did you mean 2,900 or 2.9?' })
  await expect(question).toBeVisible()
  await page.getByRole('group', { name: 'Targets' }).evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await page.screenshot({ path: docs('screenshot-number-question.png'), animations: 'disabled' })
})

test('screenshot of the inbox', async ({ page, signedIn }) => {
  await page.goto(signedIn.url)
  const inbox = inboxScreen(page)
  await expect(inbox.writeCheckIn(SHIP_ENGINE)).toBeVisible()
  await page.screenshot({ path: docs('screenshot-inbox.png'), animations: 'disabled' })
})

test('screenshot of the weekly project check-in form, opened from its inbox row', async ({
  page,
  signedIn,
  emulator,
}) => {
  const launch = emulator.state.projects.find((p) => p.id === SEED_IDS.projects.launchSite)!
  launch.nextCheckInScheduledAt = new Date(Date.now() - 2 * 86_400_000).toISOString()
  await page.goto(signedIn.url)
  await page.getByRole('button', { name: 'Write check-in for Launch site' }).click()
  const ui = checkInScreen(page)
  await expect(
    page.getByRole('region', { name: 'Earlier check-ins' }).locator('summary').first(),
  ).toBeVisible()
  await ui.status('On track').check()
  // The top of the form: the project, its champion and reviewer, when it is due, its earlier check-ins.
  await page.locator('main').evaluate((main) => main.scrollTo({ top: 0 }))
  await page.screenshot({ path: docs('screenshot-project-check-in.png'), animations: 'disabled' })
})

test('screenshot of a check-in to acknowledge, read in the popup', async ({ page, signedIn }) => {
  await page.goto(signedIn.url)
  await page.getByRole('button', { name: 'Review the check-in on Hire a data team' }).click()
  await expect(page.getByRole('button', { name: 'Acknowledge', exact: true })).toBeVisible()
  await page.screenshot({ path: docs('screenshot-review.png'), animations: 'disabled' })
})

test('screenshot of the check-in form as it opens', async ({ page, signedIn }) => {
  const ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  await expect(ui.target('Weekly active teams')).toHaveValue('72')
  await page.screenshot({ path: docs('screenshot-check-in.png'), animations: 'disabled' })
})

test('screenshot of the check-in form with its earlier check-ins open', async ({ page, signedIn }) => {
  const ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  const history = page.getByRole('region', { name: 'Earlier check-ins' })
  await expect(history).toContainText('Read from Operately at')
  await history.locator('summary').nth(1).click()
  await expect(history.locator('details').nth(1)).toContainText('Design partners signed')
  await page.screenshot({ path: docs('screenshot-history.png'), animations: 'disabled' })
})

test('screenshot of each target’s trend, the value being typed as the next point', async ({
  page,
  signedIn,
}) => {
  const ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  const trend = page.getByRole('img', { name: /^Weekly active teams: 3 check-ins/ })
  await expect(trend).toBeVisible()
  await ui.target('Weekly active teams').fill('90')
  await expect(page.getByRole('img', { name: /this check-in 90 teams$/ })).toBeVisible()
  await page.getByRole('button', { name: 'Weekly active teams in figures' }).click()
  await page.getByRole('group', { name: 'Targets' }).evaluate((el) => el.scrollIntoView({ block: 'start' }))
  await page.screenshot({ path: docs('screenshot-trends.png'), animations: 'disabled' })
})
