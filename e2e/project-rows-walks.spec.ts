import { descriptionUi } from './support/description'
import { expect, test } from './support/fixtures'

// The projects' rows are memoised and most of a long list is not drawn: the keyboard walks must still
// reach every row, from the filter as often as the person goes back to it.

test.use({ seed: 'big' })
test.setTimeout(120_000)

const focusedRowName = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.activeElement?.querySelector('.project-row__name')?.textContent ?? null)

test('at 5,000 projects: Down from the filter reaches the first row every time, and Tab walks on', async ({
  page,
  signedIn,
}) => {
  const ui = descriptionUi(page)
  await ui.openPicker(signedIn)
  const rows = page.locator('.project-row')
  await expect(rows.first()).toBeVisible({ timeout: 60_000 })
  const first = await rows.first().locator('.project-row__name').textContent()

  await ui.filter.focus()
  await page.keyboard.press('ArrowDown')
  expect(await focusedRowName(page)).toBe(first)
  // Back to the filter by Shift+Tab, and down again: the same first row takes the focus once more.
  await page.keyboard.press('Shift+Tab')
  await expect(ui.filter).toBeFocused()
  await page.keyboard.press('ArrowDown')
  expect(await focusedRowName(page)).toBe(first)

  // The same after a filter narrowed and widened the list again.
  await ui.filter.focus()
  await page.keyboard.type('latency')
  await expect(rows.first()).toContainText('latency')
  const firstMatch = await rows.first().locator('.project-row__name').textContent()
  await page.keyboard.press('ArrowDown')
  expect(await focusedRowName(page)).toBe(firstMatch)
  await page.keyboard.press('Shift+Tab')
  await expect(ui.filter).toBeFocused()
  await page.keyboard.press('ArrowDown')
  expect(await focusedRowName(page)).toBe(firstMatch)

  // Tab walks forty rows down, past every screen drawn; Shift+Tab forty back lands on the first.
  for (let i = 0; i < 40; i++) await page.keyboard.press('Tab')
  const fortieth = await focusedRowName(page)
  expect(fortieth).not.toBe(firstMatch)
  expect(fortieth).toContain('latency')
  await expect(page.locator('.project-row:focus')).toBeInViewport()
  for (let i = 0; i < 40; i++) await page.keyboard.press('Shift+Tab')
  expect(await focusedRowName(page)).toBe(firstMatch)
})
