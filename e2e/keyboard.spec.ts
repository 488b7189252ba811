import { expect, test } from './support/fixtures'
import { showsFocusRing } from './support/focus'
import { popup } from './support/popup'

test('signing in and out works with the keyboard alone, with a visible focus ring', async ({
  page,
  emulator,
  harness,
}) => {
  await page.goto(harness.url)
  const ui = popup(page)

  // The popup opens onto the first thing to type.
  await expect(ui.serverUrl).toBeFocused()
  expect(await showsFocusRing(ui.serverUrl)).toBe(true)
  await page.keyboard.type(emulator.url)

  await page.keyboard.press('Tab')
  await expect(ui.token).toBeFocused()
  expect(await showsFocusRing(ui.token)).toBe(true)
  await page.keyboard.type(emulator.tokens.write)
  await expect(ui.token).toHaveAttribute('type', 'password')

  await page.keyboard.press('Tab')
  await expect(ui.showToken).toBeFocused()
  await expect(ui.showToken).toHaveAccessibleName('Show token')
  await expect(ui.showToken).toHaveAttribute('aria-pressed', 'false')
  expect(await showsFocusRing(ui.showToken)).toBe(true)

  await page.keyboard.press('Space')
  await expect(ui.token).toHaveAttribute('type', 'text')
  await expect(ui.showToken).toHaveAccessibleName('Hide token')
  await expect(ui.showToken).toHaveAttribute('aria-pressed', 'true')
  await expect(ui.showToken).toBeFocused()

  await page.keyboard.press('Space')
  await expect(ui.token).toHaveAttribute('type', 'password')
  await expect(ui.showToken).toHaveAttribute('aria-pressed', 'false')

  await page.keyboard.press('Tab')
  await expect(ui.signInButton).toBeFocused()
  expect(await showsFocusRing(ui.signInButton)).toBe(true)

  // Back into the token field and submit from there with Enter, as people do.
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  await expect(ui.token).toBeFocused()
  await page.keyboard.press('Enter')

  await expect(page.getByText('Signed in as Ada Lovelace · this token can write')).toBeVisible()

  // Signed in, Sign out is reachable with Tab alone (the account's settings come before it).
  for (let stops = 0; stops < 30; stops++) {
    if (await ui.signOutButton.evaluate((button) => button === document.activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(ui.signOutButton).toBeFocused()
  expect(await showsFocusRing(ui.signOutButton)).toBe(true)
  await page.keyboard.press('Enter')

  await expect(ui.signInHeading).toBeVisible()
  await expect(ui.token).toBeFocused()
})
