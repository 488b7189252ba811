import { expect, test } from './support/fixtures'
import { descriptionUi, projects } from './support/description'

// Escape closes the innermost thing first; only an Escape nothing on the page used hides the popup.
test('Escape closes the mention list first, and hides the popup only when nothing else wants it', async ({
  page,
  signedIn,
  popupHides,
}) => {
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.launch)
  await ui.belowEnd()
  await page.keyboard.type('@Gra')
  await expect(page.getByRole('option', { name: 'Grace Hopper' })).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(page.getByRole('listbox')).toHaveCount(0)
  expect(popupHides.count).toBe(0)

  // Once the cursor has left the @-query, nothing on the page wants Escape: it hides the popup.
  await page.keyboard.type(' and more')
  await page.keyboard.press('Escape')
  await expect.poll(() => popupHides.count).toBe(1)
})

test('Escape in the goal filter clears the text before it hides the popup', async ({
  page,
  signedIn,
  popupHides,
}) => {
  await page.goto(signedIn.url)
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Check-ins' }).click()
  const filter = page.getByLabel('Filter goals')
  await filter.fill('engine')
  await filter.press('Escape')
  await expect(filter).toHaveValue('')
  expect(popupHides.count).toBe(0)
  await filter.press('Escape')
  await expect.poll(() => popupHides.count).toBe(1)
})

test('Escape in the project filter clears the text before it hides the popup', async ({
  page,
  signedIn,
  popupHides,
}) => {
  await page.goto(signedIn.url)
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Projects' }).click()
  const filter = page.getByLabel('Filter projects')
  await filter.fill('launch')
  await filter.press('Escape')
  await expect(filter).toHaveValue('')
  expect(popupHides.count).toBe(0)
  await filter.press('Escape')
  await expect.poll(() => popupHides.count).toBe(1)
})
