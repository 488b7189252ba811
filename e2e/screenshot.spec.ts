import { fileURLToPath } from 'node:url'
import { expect, test } from './support/fixtures'
import { popup } from './support/popup'

const target = fileURLToPath(new URL('../docs/screenshot-popup.png', import.meta.url))

// Refreshes the README's picture of the popup; it changes a tracked file, so it runs only when asked.
test.skip(!process.env.UPDATE_SCREENSHOT, 'Set UPDATE_SCREENSHOT=1 to refresh docs/screenshot-popup.png.')
test.use({ viewport: { width: 380, height: 560 }, colorScheme: 'light', deviceScaleFactor: 2 })

test('screenshot of the signed-in popup', async ({ page, emulator, harness }) => {
  await page.goto(harness.url)
  await popup(page).signIn(emulator.url, emulator.tokens.write)
  await expect(page.getByText('Signed in as Ada Lovelace · this token can write')).toBeVisible()
  await page.screenshot({ path: target, animations: 'disabled' })
})
