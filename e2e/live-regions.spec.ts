import type { Locator } from '@playwright/test'
import { SEED_IDS } from './emulator'
import { openCheckIns, SHIP_ENGINE } from './support/check-in'
import { descriptionUi, projects } from './support/description'
import { expect, test } from './support/fixtures'
import { giveAdaOnboardingDocs, inboxScreen, makeDue } from './support/inbox'

// "Announced, not only shown": a screen reader reads out a change to a live region it already knows, and in
// most of them nothing at all when a region arrives together with its words. So each status line that
// appears after an action is found here, empty, before the action, and afterwards the very same element
// (not a new one put in its place) holds the words.

/** Finds `region` empty, runs `action`, then expects that same element, still in the page, to say `words`. */
async function expectAnnounced(region: Locator, action: () => Promise<void>, words: string | RegExp) {
  await expect(region, 'the live region is in the page before the action').toHaveCount(1)
  await expect(region, 'and says nothing yet').toHaveText('')
  const before = await region.elementHandle()
  if (!before) throw new Error('the live region went away before the action')
  await action()
  await expect
    .poll(() => before.evaluate((element) => (element.isConnected ? element.textContent : '(replaced)')))
    .toMatch(words)
}

test('"Still waiting for Operately…" during a slow submit', async ({ page, signedIn, emulator }) => {
  const ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  await ui.status('On track').check()
  await ui.writeMessage('Sent over a slow line.')
  await expectAnnounced(
    page.getByRole('status', { name: 'Submission progress' }),
    async () => {
      emulator.setFaults({ hangAfterCommitMs: 6_000 })
      await ui.submit.click()
    },
    /^Still waiting for Operately…/,
  )
})

test('the question about a number that could mean two', async ({ page, signedIn }) => {
  const ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  await expectAnnounced(
    page.getByRole('status', { name: 'p95 page load: number question' }),
    () => ui.target('p95 page load').fill('2.900'),
    'Did you mean 2,900 or 2.9?',
  )
})

test('the round’s line about the previous goal, as the next goal opens', async ({
  page,
  signedIn,
  emulator,
}) => {
  makeDue(emulator, SEED_IDS.goals.shipEngine, 10)
  giveAdaOnboardingDocs(emulator, 5)
  await page.goto(signedIn.url)
  const inbox = inboxScreen(page)
  await inbox.startRound.click()
  await expectAnnounced(
    page.getByRole('status', { name: 'Previous goal in the round' }),
    () => inbox.skip.click(),
    `${SHIP_ENGINE} — skipped, still due`,
  )
})

test('the editor’s refusal of a link address, and the people search under "@"', async ({
  page,
  signedIn,
}) => {
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.launch)
  await ui.belowEnd()
  await page.keyboard.type('Notes')
  await page.keyboard.press('Shift+Home')
  await ui.toolbar('Link').click()
  const dialog = page.getByRole('dialog', { name: 'Link address' })
  await expectAnnounced(
    dialog.getByRole('alert'),
    async () => {
      await dialog.getByRole('textbox', { name: 'Link address' }).fill('javascript:alert(1)')
      await page.keyboard.press('Enter')
    },
    /\S/,
  )
  await page.keyboard.press('Escape')

  await expectAnnounced(
    page.getByRole('status', { name: 'Mention search' }),
    async () => {
      await ui.editor.focus()
      await page.keyboard.type('@Zzyzx')
    },
    'No one matches “Zzyzx”.',
  )
})

test('"No project matches" as the search empties the list of projects', async ({ page, signedIn }) => {
  const ui = descriptionUi(page)
  await ui.openPicker(signedIn)
  await expect(ui.row(projects.launch.name)).toBeVisible()
  await expectAnnounced(
    page.getByRole('status', { name: 'Project search' }),
    () => ui.filter.fill('Zzyzx'),
    'No project matches “Zzyzx”.',
  )
})

test('the reminder settings’ "Reminders are off." as the switch is turned off', async ({
  page,
  signedIn,
}) => {
  await page.goto(signedIn.url)
  const inbox = inboxScreen(page)
  await inbox.tabFor('Account').click()
  await expect(inbox.remindersSwitch).toBeChecked()
  // getByRole leaves out what is not in the accessibility tree: an empty region hidden with
  // `display: none` is not found here, and arrives later together with its words.
  await expectAnnounced(
    page.getByRole('region', { name: 'Reminders' }).getByRole('status'),
    () => inbox.remindersSwitch.uncheck(),
    'Reminders are off.',
  )
})

test('the note about a mention that became plain text, as "Start from this message" loads it', async ({
  page,
  signedIn,
}) => {
  const ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  const earlier = page.getByRole('region', { name: 'Earlier check-ins' }).locator('details').nth(2)
  await earlier.locator('summary').click()
  await expect(earlier).toContainText('Mary Somerville')
  await expectAnnounced(
    page.getByRole('status', { name: 'Started from an earlier message' }),
    () => earlier.getByRole('button', { name: 'Start from this message' }).click(),
    /Mary Somerville is no longer in Operately/,
  )
})
