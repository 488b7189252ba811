import { fileURLToPath } from 'node:url'
import { expect, test } from './support/fixtures'
import { descriptionUi, projects } from './support/description'
import { popup } from './support/popup'
import { syncUi } from './support/sync'

const target = fileURLToPath(new URL('../docs/screenshot-popup.png', import.meta.url))
const syncTarget = fileURLToPath(new URL('../docs/screenshot-sync.png', import.meta.url))

// Refreshes the README's pictures of the popup; they are tracked files, so this runs only when asked.
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
