import type { Page } from '@playwright/test'

/** The sign-in form and the signed-in card, found the way a person finds them: by role and label. */
export function popup(page: Page) {
  const serverUrl = page.getByLabel('Server URL', { exact: true })
  const token = page.getByLabel('API token', { exact: true })
  const signInButton = page.getByRole('button', { name: /^(Sign in|Signing in…)$/ })
  return {
    serverUrl,
    token,
    signInButton,
    showToken: page.getByRole('button', { name: /^(Show|Hide) token$/ }),
    signOutButton: page.getByRole('button', { name: /^(Sign out|Signing out…)$/ }),
    signInHeading: page.getByRole('heading', { name: 'Sign in to Operately' }),
    signedInHeading: page.getByRole('heading', { name: /^Signed in as / }),
    /** The alert region above the button, for errors that concern no single field. */
    alert: page.getByRole('alert').filter({ hasText: /\S/ }),
    readOnlyNotice: page.getByRole('region', { name: 'This token is read-only', exact: true }),

    async signIn(url: string, tokenValue: string): Promise<void> {
      await serverUrl.fill(url)
      await token.fill(tokenValue)
      await signInButton.click()
    },
  }
}

export type Popup = ReturnType<typeof popup>

/**
 * The popup hidden and shown again, as the page sees it: the window's page becomes hidden, then visible
 * (Electron hides the popup window; it is never closed or reloaded).
 */
export async function hideAndShowPopup(page: Page, hiddenMs = 0): Promise<void> {
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { value, configurable: true })
      Object.defineProperty(document, 'hidden', { value: value === 'hidden', configurable: true })
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
    }, state)
  await setVisibility('hidden')
  if (hiddenMs > 0) await page.clock.fastForward(hiddenMs)
  await setVisibility('visible')
}
