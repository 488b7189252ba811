import { SEED_IDS } from './emulator'
import { deterministicUuid } from './emulator/ids'
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

test('at 5,000 projects: the focused row keeps the focus through a Refresh that brings a project in above it', async ({
  page,
  signedIn,
  emulator,
}) => {
  const ui = descriptionUi(page)
  await ui.openPicker(signedIn)
  const rows = page.locator('.project-row')
  await expect(rows.first()).toBeVisible({ timeout: 60_000 })
  await ui.filter.focus()
  await page.keyboard.press('ArrowDown')
  const focused = await focusedRowName(page)
  expect(focused).not.toBeNull()
  await expect(page.locator('li:has(.project-row:focus)')).toHaveAttribute('aria-posinset', '1')

  // The wheel takes the list far down, the focus staying on the first row (kept drawn for it).
  await rows.nth(3).hover()
  await page.mouse.wheel(0, 30_000)
  await expect(page.locator('.project-row:focus')).not.toBeInViewport()
  expect(await focusedRowName(page)).toBe(focused)

  // A new project of Ada's, first by its name; F5 reads the list again.
  const mine = emulator.state.projects.find((p) => p.championId === SEED_IDS.people.ada)!
  emulator.state.projects.push({
    ...structuredClone(mine),
    id: deterministicUuid('project:aaa'),
    name: 'Aaa new',
  })
  await page.keyboard.press('F5')
  // Read and drawn: the focused row's place in its group is one further on, and it has the focus still.
  await expect(page.locator('li:has(.project-row:focus)')).toHaveAttribute('aria-posinset', '2')
  expect(await focusedRowName(page)).toBe(focused)
})
