import type { Page } from '@playwright/test'
import { appVersion, emulatorUrl, expect, test } from './support/fixtures'
import { showsFocusRing } from './support/focus'
import { popup } from './support/popup'

// Settings and the About view in the browser harness: the real services with a policy from an injected
// /etc/operately-tray/policy.json, the real keychain and the emulator. The harness is a development build:
// no login item and no updater, and the screen must say so rather than pretend.

const managed = 'Managed by your organisation'

/** The Account section, where the settings live (a popup that opens signed in starts elsewhere). */
async function openAccount(page: Page, url: string) {
  await page.goto(url)
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Account' }).click()
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible()
}

const settingsRegion = (page: Page) => page.getByRole('region', { name: 'Settings', exact: true })
const aboutRegion = (page: Page) => page.getByRole('region', { name: 'About', exact: true })
const toggle = (page: Page, name: string) => settingsRegion(page).getByRole('switch', { name })

test.describe('when the organisation locks the server address', () => {
  test.use({ policy: { ServerUrl: emulatorUrl, LockServerUrl: true } })

  test('the sign-in address is filled in, read-only and marked as managed, and signing in works', async ({
    page,
    harness,
    emulator,
  }) => {
    await page.goto(harness.url)
    const ui = popup(page)
    await expect(ui.serverUrl).toHaveValue(emulator.url)
    await expect(ui.serverUrl).not.toBeEditable()
    await expect(ui.serverUrl).toHaveAccessibleDescription(managed)
    // The address is known: the popup opens onto the token.
    await expect(ui.token).toBeFocused()

    await page.keyboard.type(emulator.tokens.write)
    await page.keyboard.press('Enter')
    await expect(page.getByText('Signed in as Ada Lovelace · this token can write')).toBeVisible()
    expect(await harness.services.dispatch('session.get', {})).toMatchObject({
      ok: true,
      value: { status: 'signed_in', baseUrl: emulator.url },
    })
  })
})

test.describe('when the organisation only suggests the server address', () => {
  test.use({ policy: { ServerUrl: emulatorUrl } })

  test('the address is filled in but can be changed', async ({ page, harness, emulator }) => {
    await page.goto(harness.url)
    const ui = popup(page)
    await expect(ui.serverUrl).toHaveValue(emulator.url)
    await expect(ui.serverUrl).toBeEditable()
    await expect(page.getByText(managed)).toHaveCount(0)
  })
})

test.describe('when the organisation manages updates and the shortcut', () => {
  test.use({ policy: { AutoUpdate: false, GlobalShortcut: 'Ctrl+Alt+O' } })

  test('their controls are disabled or read-only, each marked as managed', async ({ page, signedIn }) => {
    await openAccount(page, signedIn.url)
    const updates = toggle(page, 'Install updates automatically')
    await expect(updates).toBeDisabled()
    await expect(updates).not.toBeChecked()
    await expect(updates).toHaveAccessibleDescription(managed)

    const shortcut = settingsRegion(page).getByLabel('Global shortcut')
    await expect(shortcut).toHaveValue('Ctrl+Alt+O')
    await expect(shortcut).not.toBeEditable()
    await expect(shortcut).toHaveAccessibleDescription(managed)
    await expect(settingsRegion(page).getByRole('button', { name: 'Save shortcut' })).toHaveCount(0)

    // What is not managed stays the person's to change.
    await expect(toggle(page, 'Keep the popup open when it loses focus')).toBeEnabled()
  })
})

test('"Keep the popup open" is saved in main and still on after reopening', async ({ page, signedIn }) => {
  await openAccount(page, signedIn.url)
  const keepOpen = toggle(page, 'Keep the popup open when it loses focus')
  await expect(keepOpen).not.toBeChecked()

  await keepOpen.check()
  await expect(keepOpen).toBeChecked()
  await expect(keepOpen).not.toHaveAttribute('aria-busy', 'true')
  expect(await signedIn.services.dispatch('settings.get', {})).toMatchObject({
    ok: true,
    value: { values: { keepOpenOnBlur: true }, sources: { keepOpenOnBlur: 'user' } },
  })

  await openAccount(page, signedIn.url)
  await expect(toggle(page, 'Keep the popup open when it loses focus')).toBeChecked()
})

test('a development build says it cannot start at login or update itself', async ({ page, signedIn }) => {
  await openAccount(page, signedIn.url)
  const startAtLogin = toggle(page, 'Start at login')
  await expect(startAtLogin).toBeDisabled()
  await expect(startAtLogin).toHaveAccessibleDescription(/only the installed app can start at login/)
  await expect(toggle(page, 'Install updates automatically')).toHaveAccessibleDescription(
    'Updates are not available for a development build.',
  )
})

test('the About view shows the version, the update status and the data folder', async ({
  page,
  signedIn,
  dataDir,
}) => {
  await openAccount(page, signedIn.url)
  const about = aboutRegion(page)
  await expect(about.getByText(`Operately Tray ${appVersion}`)).toBeVisible()
  await expect(about.getByRole('status')).toHaveText('Updates are not available for a development build')
  await expect(about.getByText('Development builds do not update themselves.')).toBeVisible()
  await expect(about.getByRole('button', { name: 'Check for updates' })).toBeDisabled()

  const folder = about.getByLabel('Data folder')
  await expect(folder).toHaveValue(dataDir)
  await expect(folder).not.toBeEditable()
  // Focus selects the whole path, ready to copy.
  await folder.focus()
  expect(
    await folder.evaluate((input: HTMLInputElement) => input.selectionEnd! - input.selectionStart!),
  ).toBe(dataDir.length)
})

test('the settings work with the keyboard alone, with a visible focus ring', async ({
  page,
  harness,
  emulator,
}) => {
  await page.goto(harness.url)
  const ui = popup(page)
  await ui.serverUrl.fill(emulator.url)
  await ui.token.fill(emulator.tokens.write)
  await ui.token.press('Enter')
  // A fresh sign-in lands on the account, its heading focused.
  await expect(ui.signedInHeading).toBeFocused()

  const keepOpen = toggle(page, 'Keep the popup open when it loses focus')
  const shortcut = settingsRegion(page).getByLabel('Global shortcut')
  const tabUntil = async (target: typeof keepOpen) => {
    // Bounded: the reminder settings (switch, time, seven days, quiet hours) come first, about 20 stops.
    for (let presses = 0; presses < 40; presses++) {
      if (await target.evaluate((element) => element === document.activeElement)) return
      await page.keyboard.press('Tab')
    }
    throw new Error('Tab never reached the control')
  }

  await tabUntil(keepOpen)
  expect(await showsFocusRing(keepOpen)).toBe(true)
  await page.keyboard.press('Space')
  await expect(keepOpen).toBeChecked()
  await expect(keepOpen).toBeFocused()

  await tabUntil(shortcut)
  expect(await showsFocusRing(shortcut)).toBe(true)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('K')
  await page.keyboard.press('Enter')
  // Refused next to the field, which keeps the focus for another try.
  await expect(shortcut).toHaveAccessibleDescription(/would take over that key in every app/)
  await expect(shortcut).toHaveAttribute('aria-invalid', 'true')
  await expect(shortcut).toBeFocused()

  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('ctrl+alt+k')
  await page.keyboard.press('Enter')
  await expect(settingsRegion(page).getByRole('status')).toHaveText('Saved: Ctrl+Alt+K')
  await expect(shortcut).toHaveValue('Ctrl+Alt+K')
  await expect(shortcut).not.toHaveAttribute('aria-invalid')
  expect(await harness.services.dispatch('settings.get', {})).toMatchObject({
    ok: true,
    value: { values: { keepOpenOnBlur: true, globalShortcut: 'Ctrl+Alt+K' } },
  })
})
