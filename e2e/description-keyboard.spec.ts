import { expect, test } from './support/fixtures'
import { showsFocusRing } from './support/focus'
import { descriptionUi, paragraph, projects, storedProject, text } from './support/description'

test('keyboard only: open a project from the picker, edit, save with Ctrl+S', async ({
  page,
  emulator,
  signedIn,
}) => {
  const ui = descriptionUi(page)
  await page.goto(signedIn.url)
  const projectsTab = page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Projects' })
  // Tab to the Projects section from wherever the popup starts.
  for (let i = 0; i < 10 && !(await projectsTab.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab')
  }
  await expect(projectsTab).toBeFocused()
  expect(await showsFocusRing(projectsTab)).toBe(true)
  await page.keyboard.press('Enter')

  // The filter has focus: type, go down to the match, open it.
  await expect(ui.filter).toBeFocused()
  await page.keyboard.type('office')
  // Down goes to the first row shown: the list must have come (on a busy machine it may still be loading).
  await expect(ui.row(projects.office.name)).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await expect(ui.row(projects.office.name)).toBeFocused()
  expect(await showsFocusRing(ui.row(projects.office.name))).toBe(true)
  await page.keyboard.press('Enter')

  // The editor opens ready to type.
  await expect(ui.heading(projects.office.name)).toBeVisible()
  await expect(ui.editor).toBeFocused()
  await page.keyboard.type('Keys handed over on Friday.')
  await page.keyboard.press('Control+s')
  await expect(ui.status).toHaveText('Saved')
  expect(storedProject(emulator, projects.office).description).toEqual({
    type: 'doc',
    content: [paragraph(text('Keys handed over on Friday.'))],
  })
  // Strikethrough is Ctrl+Shift+S: it must not save.
  await page.keyboard.type(' Later.')
  await page.keyboard.press('Control+Shift+s')
  await expect(ui.status).toHaveText('Your changes are kept as a draft')
})

test('screenshot of the description editor at the popup size', async ({ page, signedIn }) => {
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.launch)
  await expect(ui.editor).toContainText('npm run build')
  await page.screenshot({ path: '/tmp/description.png', animations: 'disabled' })
})
