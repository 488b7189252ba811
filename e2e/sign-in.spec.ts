import { startEmulator } from './emulator'
import { expect, keychainToken, test } from './support/fixtures'
import { popup } from './support/popup'
import { unusedLoopbackUrl } from './support/server'

const signInCalls = (url: string) => url.endsWith('/__harness/call/session.signIn')

test.describe('signing in', () => {
  test('with a write token shows who is signed in; signing out forgets the token', async ({
    page,
    emulator,
    harness,
    vaultService,
  }) => {
    await page.goto(harness.url)
    const ui = popup(page)
    await ui.signIn(emulator.url, emulator.tokens.write)

    await expect(page.getByText('Signed in as Ada Lovelace · this token can write')).toBeVisible()
    await expect(page.getByText('ada.lovelace@example.com')).toBeVisible()
    await expect(page.getByText(emulator.url)).toBeVisible()
    await expect(ui.readOnlyNotice).toHaveCount(0)
    expect(await keychainToken(vaultService, emulator.url)).toBe(emulator.tokens.write)

    await ui.signOutButton.click()

    await expect(ui.signInHeading).toBeVisible()
    // The address is remembered for next time; the token is not.
    await expect(ui.serverUrl).toHaveValue(emulator.url)
    await expect(ui.token).toHaveValue('')
    await expect(ui.token).toBeFocused()
    expect(await keychainToken(vaultService, emulator.url)).toBeNull()
    expect(await harness.services.dispatch('session.get', {})).toEqual({
      ok: true,
      value: { status: 'signed_out', lastBaseUrl: emulator.url },
    })
  })

  test('stays signed in when the popup is opened again', async ({ page, emulator, harness }) => {
    await page.goto(harness.url)
    await popup(page).signIn(emulator.url, emulator.tokens.write)
    await expect(popup(page).signedInHeading).toBeVisible()

    await page.reload()

    // A popup that opens already signed in starts on the inbox; the account is one tab away.
    const sections = page.getByRole('navigation', { name: 'Sections' })
    await expect(sections.getByRole('button', { name: /^Inbox/ })).toHaveAttribute('aria-current', 'page')
    await sections.getByRole('button', { name: 'Account' }).click()
    await expect(page.getByText('Signed in as Ada Lovelace · this token can write')).toBeVisible()
  })

  test('with a read-only token explains what will be refused and how to get a token that can write', async ({
    page,
    emulator,
    harness,
  }) => {
    await page.goto(harness.url)
    const ui = popup(page)
    await ui.signIn(emulator.url, emulator.tokens.readOnly)

    await expect(page.getByText('Signed in as Ada Lovelace · this token is read-only')).toBeVisible()
    await expect(page.getByText('this token can write')).toHaveCount(0)
    await expect(ui.readOnlyNotice).toBeVisible()
    await expect(ui.readOnlyNotice).toContainText('refuse check-ins and description edits')
    await expect(ui.readOnlyNotice).toContainText('Account → API tokens')
    await expect(ui.readOnlyNotice).toContainText('Allow write access')
    await expect(ui.readOnlyNotice).toContainText('sign in again')
  })

  for (const [what, token] of [
    ['a deleted token', 'revoked'],
    ['a token that was never issued', 'garbage'],
  ] as const) {
    test(`with ${what} says so next to the token field, and a good token then works`, async ({
      page,
      emulator,
      harness,
    }) => {
      await page.goto(harness.url)
      const ui = popup(page)
      const wrong =
        token === 'revoked' ? emulator.tokens.revoked : 'opk_thisIsNotARealTokenAtAllJustSomethingPasted123'
      await ui.signIn(emulator.url, wrong)

      await expect(ui.token).toHaveAttribute('aria-invalid', 'true')
      await expect(ui.token).toHaveAccessibleDescription(/did not accept this API token/i)
      await expect(ui.token).toBeFocused()
      await expect(ui.serverUrl).not.toHaveAttribute('aria-invalid', 'true')
      await expect(ui.alert).toHaveCount(0)
      await expect(ui.signInHeading).toBeVisible()

      await ui.token.fill(emulator.tokens.write)
      await expect(ui.token).not.toHaveAttribute('aria-invalid', 'true')
      await ui.signInButton.click()
      await expect(page.getByText('Signed in as Ada Lovelace · this token can write')).toBeVisible()
    })
  }

  test('to a server that has shut down says it cannot be reached', async ({ page, harness }) => {
    const gone = await startEmulator()
    await gone.close()
    await page.goto(harness.url)
    const ui = popup(page)
    await ui.signIn(gone.url, gone.tokens.write)

    await expect(ui.alert).toContainText('Cannot reach the server')
    await expect(ui.alert).toContainText(new URL(gone.url).host)
    await expect(ui.serverUrl).not.toHaveAttribute('aria-invalid', 'true')
    await expect(ui.token).not.toHaveAttribute('aria-invalid', 'true')
    await expect(ui.signInButton).toHaveText('Sign in')
    await expect(ui.signInButton).toBeEnabled()
  })

  test('to a port where nothing listens says it cannot be reached', async ({ page, emulator, harness }) => {
    const nowhere = await unusedLoopbackUrl()
    await page.goto(harness.url)
    const ui = popup(page)
    await ui.signIn(nowhere, emulator.tokens.write)

    await expect(ui.alert).toContainText('Cannot reach the server')
    await expect(ui.signInHeading).toBeVisible()
  })

  for (const [address, explanation] of [
    ['ftp://x', /cannot be used/i],
    ['http://example.com', /https:\/\//],
  ] as const) {
    test(`with the address ${address} says what is wrong next to the address field`, async ({
      page,
      emulator,
      harness,
    }) => {
      await page.goto(harness.url)
      const ui = popup(page)
      await ui.signIn(address, emulator.tokens.write)

      await expect(ui.serverUrl).toHaveAttribute('aria-invalid', 'true')
      await expect(ui.serverUrl).toHaveAccessibleDescription(explanation)
      await expect(ui.serverUrl).toBeFocused()
      await expect(ui.token).not.toHaveAttribute('aria-invalid', 'true')
      await expect(ui.alert).toHaveCount(0)
      // Nothing reached the emulator: the address was refused before any request.
      expect(emulator.state.requests).toHaveLength(0)
    })
  }

  test('with empty fields asks for both before sending anything', async ({ page, harness }) => {
    const calls: string[] = []
    page.on('request', (request) => {
      if (signInCalls(request.url())) calls.push(request.url())
    })
    await page.goto(harness.url)
    const ui = popup(page)
    await ui.signInButton.click()

    await expect(ui.serverUrl).toHaveAttribute('aria-invalid', 'true')
    await expect(ui.serverUrl).toHaveAccessibleDescription(/Enter your Operately server’s address/)
    await expect(ui.token).toHaveAttribute('aria-invalid', 'true')
    await expect(ui.token).toHaveAccessibleDescription(/Paste an API token/)
    await expect(ui.serverUrl).toBeFocused()
    expect(calls).toEqual([])
  })

  test('sends one request however often Sign in is pressed', async ({ page, emulator, harness }) => {
    const calls: string[] = []
    page.on('request', (request) => {
      if (signInCalls(request.url())) calls.push(request.url())
    })
    // A slow server keeps the request in flight long enough to see the busy button.
    emulator.setFaults({ latencyMs: 500 })
    await page.goto(harness.url)
    const ui = popup(page)
    await ui.serverUrl.fill(emulator.url)
    await ui.token.fill(emulator.tokens.write)

    // Three presses within one frame, before React can re-render the button as disabled: the race a
    // double-click on a slow machine produces.
    await ui.signInButton.evaluate((button: HTMLButtonElement) => {
      button.click()
      button.click()
      button.form?.requestSubmit()
    })
    await expect(ui.signInButton).toHaveText('Signing in…')
    await expect(ui.signInButton).toBeDisabled()

    await expect(page.getByText('Signed in as Ada Lovelace · this token can write')).toBeVisible()
    expect(calls).toHaveLength(1)
    expect(emulator.state.requests.filter((r) => r.endpoint === 'people/get_me')).toHaveLength(1)
  })
})
