import { expect, test } from './support/fixtures'

// The popup zoomed to 200% (Ctrl+plus, or the OS's text size): its 380 × 560 pixels hold a page of
// 190 × 280 CSS pixels. Nothing may be lost: every section is still one click or one Tab away.

test.use({ viewport: { width: 190, height: 280 } })

test('at 200% zoom every section tab stays inside the window and opens its section', async ({
  page,
  signedIn,
}) => {
  await page.goto(signedIn.url)
  const sections = page.getByRole('navigation', { name: 'Sections' })
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible()
  for (const [tab, heading] of [
    ['Check-ins', 'Goals'],
    ['Projects', 'Project descriptions'],
    ['Sync', 'Sync'],
    ['Account', 'Signed in'],
    ['Inbox', 'Inbox'],
  ] as const) {
    const button = sections.getByRole('button', { name: new RegExp(`^${tab}`) })
    const box = (await button.boundingBox())!
    expect(box.x, `${tab} starts inside the window`).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width, `${tab} ends inside the window`).toBeLessThanOrEqual(190)
    await button.click()
    await expect(page.getByRole('heading', { name: heading }).first()).toBeAttached()
  }
})
