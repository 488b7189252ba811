import { expect, test } from './support/fixtures'
import {
  descriptionUi,
  descriptionUpdates,
  pasteText,
  projects,
  snapshot,
  storedDraft,
  storedProject,
} from './support/description'
import { SEED_IDS, shortIdFromUuid } from './emulator'

test('a view-only project is marked "View only" in the list from the start, and opens read-only with the reason', async ({
  page,
  emulator,
  signedIn,
}) => {
  const ui = descriptionUi(page)
  const before = snapshot(storedProject(emulator, projects.warehouse).description)
  await page.goto(signedIn.url)
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Projects' }).click()
  await expect(ui.row(projects.warehouse.name)).toContainText('View only')
  await expect(ui.row(projects.launch.name)).not.toContainText('View only')
  await ui.openProject(signedIn, projects.warehouse, { readOnly: true })
  await expect(
    page.getByRole('note').filter({ hasText: 'You can view this project but may not edit its description.' }),
  ).toBeVisible()
  await expect(ui.editor).toHaveAttribute('aria-readonly', 'true')
  await expect(ui.editor).toHaveAttribute('contenteditable', 'false')
  await expect(ui.editor).toContainText('Move reporting from the legacy warehouse')
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toHaveCount(0)
  await expect(ui.saveButton).toHaveCount(0)
  await ui.editor.click()
  await page.keyboard.type('Sneaky edit')
  await page.keyboard.press('Control+s')
  await expect(ui.editor).not.toContainText('Sneaky edit')
  expect(descriptionUpdates(emulator)).toHaveLength(0)
  expect(storedProject(emulator, projects.warehouse).description).toEqual(before)

  await page.getByRole('button', { name: 'Back to projects' }).click()
  await expect(ui.row(projects.warehouse.name)).toContainText('View only')
  await expect(ui.row(projects.launch.name)).not.toContainText('View only')
})

test('with a read-only token every project is view only, and the editor says why', async ({
  page,
  emulator,
  harness,
}) => {
  const signIn = await harness.services.dispatch('session.signIn', {
    baseUrl: emulator.url,
    token: emulator.tokens.readOnly,
  })
  expect(signIn.ok).toBe(true)
  const ui = descriptionUi(page)
  await ui.openPicker(harness)
  for (const project of [projects.launch, projects.mobile, projects.office, projects.warehouse]) {
    await expect(ui.row(project.name)).toContainText('View only')
  }
  await ui.row(projects.launch.name).click()
  await expect(page.getByRole('note').filter({ hasText: 'This API token can only read' })).toBeVisible()
  await expect(ui.editor).toHaveAttribute('aria-readonly', 'true')
  await expect(ui.saveButton).toHaveCount(0)
})

test('a project deleted while editing: the save says it is gone, and the text stays as a draft', async ({
  page,
  emulator,
  signedIn,
}) => {
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.launch)
  await ui.belowEnd()
  await page.keyboard.type('Words worth keeping.')
  await expect
    .poll(async () => JSON.stringify(await storedDraft(signedIn, projects.launch)))
    .toContain('Words worth keeping.')

  // Someone deletes the project (or stops sharing it) in the web app.
  emulator.state.projects = emulator.state.projects.filter((p) => p.id !== projects.launch.uuid)
  await ui.saveButton.click()
  // The alert says what failed; the status line, where the text is (the page knows its draft was written).
  // Filtered by their words: the page's other alert regions are there too, empty, waiting for theirs.
  await expect(
    page.getByRole('alert').filter({ hasText: 'This project was deleted or is no longer shared with you.' }),
  ).toBeVisible()
  await expect(ui.editor).toContainText('Words worth keeping.')
  await expect(ui.status).toHaveText('Your changes are kept as a draft')

  // Opened again (from its link, as it is no longer listed): it says it is gone, and shows the draft.
  await ui.openPicker(signedIn)
  await expect(ui.row(projects.launch.name)).toHaveCount(0)
  const link = `${emulator.url}/${shortIdFromUuid(SEED_IDS.company)}/projects/${projects.launch.id}`
  await pasteText(ui.filter, link)
  const gone = page.getByRole('alert').filter({ hasText: 'Project not available' })
  await expect(gone).toContainText(
    'This project was deleted or is no longer shared with you. Your text is kept as a draft.',
  )
  await expect(page.getByRole('region', { name: 'Your draft' })).toContainText('Words worth keeping.')
  expect(JSON.stringify(await storedDraft(signedIn, projects.launch))).toContain('Words worth keeping.')
})
