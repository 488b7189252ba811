import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import {
  descriptionUi,
  paragraph,
  projects,
  snapshot,
  storedDraft,
  storedProject,
  text,
} from './support/description'

test('typing is kept as a draft: a reload restores it, and a confirmed save removes it', async ({
  page,
  emulator,
  signedIn,
}) => {
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  await ui.editor.click()
  await page.keyboard.type('Boxes arrive on Tuesday.')
  // On disk within moments of the last keystroke (the editor reports at most a second after typing).
  await expect
    .poll(async () => JSON.stringify(await storedDraft(signedIn, projects.office)))
    .toContain('Boxes arrive on Tuesday.')

  await page.reload()
  await ui.openProject(signedIn, projects.office)
  await expect(page.getByText(/^Restored your unsaved draft from \d{1,2}:\d{2}/)).toBeVisible()
  await expect(ui.editor).toHaveText('Boxes arrive on Tuesday.')
  await expect(ui.status).toHaveText('Your changes are kept as a draft')
  expect(storedProject(emulator, projects.office).description).toBeNull()

  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved')
  await expect(page.getByText(/^Restored your unsaved draft/)).toBeHidden()
  await expect.poll(() => storedDraft(signedIn, projects.office)).toBeNull()
  expect(storedProject(emulator, projects.office).description).toEqual({
    type: 'doc',
    content: [paragraph(text('Boxes arrive on Tuesday.'))],
  })

  // Reopened: the saved text, and no draft notice.
  await page.reload()
  await ui.openProject(signedIn, projects.office)
  await expect(ui.editor).toHaveText('Boxes arrive on Tuesday.')
  await expect(page.getByText(/^Restored your unsaved draft/)).toHaveCount(0)
  await expect(ui.saveButton).toBeDisabled()
})

test('"Discard draft" goes back to the server version and forgets the draft', async ({
  page,
  emulator,
  signedIn,
}) => {
  const ui = descriptionUi(page)
  const original = snapshot(storedProject(emulator, projects.launch).description)
  await ui.openProject(signedIn, projects.launch)
  await ui.belowEnd()
  await page.keyboard.type('A thought I will drop.')
  await expect
    .poll(async () => JSON.stringify(await storedDraft(signedIn, projects.launch)))
    .toContain('drop.')

  await page.reload()
  await ui.openProject(signedIn, projects.launch)
  await expect(ui.editor).toContainText('A thought I will drop.')
  await page.getByRole('button', { name: 'Discard draft' }).click()
  await expect(ui.editor).not.toContainText('A thought I will drop.')
  await expect(ui.editor).toContainText('npm run build && npm run deploy')
  await expect(ui.saveButton).toBeDisabled()
  await expect.poll(() => storedDraft(signedIn, projects.launch)).toBeNull()
  expect(storedProject(emulator, projects.launch).description).toEqual(original)
})

test('leaving with unsaved changes says they are kept as a draft, and they are there on return', async ({
  page,
  signedIn,
}) => {
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  await ui.editor.click()
  await page.keyboard.type('Half a thought')
  // Straight away, before the editor's pause is over: leaving must not drop the last keystrokes.
  await page.getByRole('button', { name: 'Back to projects' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Your changes to Office move are kept as a draft.' }),
  ).toBeVisible()
  await expect
    .poll(async () => JSON.stringify(await storedDraft(signedIn, projects.office)))
    .toContain('Half a thought')

  await ui.row(projects.office.name).click()
  await expect(ui.editor).toHaveText('Half a thought')
  await expect(page.getByText(/^Restored your unsaved draft/)).toBeVisible()
})

test("two windows typing into one description: the draft on disk is always the last writer's whole text", async ({
  page,
  signedIn,
}) => {
  // Each window writes its draft as changes against the write it last made; the other window's writes
  // in between must send it back to a whole draft, never an edit applied to the other's text.
  const first = descriptionUi(page)
  const otherPage = await page.context().newPage()
  const second = descriptionUi(otherPage)
  await first.openProject(signedIn, projects.launch)
  await second.openProject(signedIn, projects.launch)
  const draftText = async () => JSON.stringify(await storedDraft(signedIn, projects.launch))
  const typeIn = async (ui: typeof first, target: Page, typed: string) => {
    await ui.belowEnd()
    await target.keyboard.type(typed)
  }

  await typeIn(first, page, 'First window 😀')
  await expect.poll(draftText).toContain('First window 😀')
  await typeIn(second, otherPage, 'Second window')
  await expect.poll(draftText).toContain('Second window')
  expect(await draftText()).not.toContain('First window')
  // Back to the first: its next change is an edit of a write that is no longer on disk.
  await typeIn(first, page, ' 😃 again')
  await expect.poll(draftText).toContain('First window 😀 😃 again')
  expect(await draftText()).not.toContain('Second window')
  // The second takes its typing back (nothing left to keep: its draft is cleared); the first keeps
  // typing, and its whole text is the draft again.
  for (let undo = 0; undo < 10 && (await second.editor.textContent())?.includes('Second'); undo++)
    await otherPage.keyboard.press('Control+z')
  await expect(second.editor).not.toContainText('Second')
  await expect.poll(() => storedDraft(signedIn, projects.launch)).toBeNull()
  await typeIn(first, page, '!')
  await expect.poll(draftText).toContain('First window 😀 😃 again!')

  // What is on disk is what the first window shows: a reload restores exactly that.
  const shown = await first.editor.textContent()
  await page.reload()
  await first.openProject(signedIn, projects.launch)
  await expect(first.editor).toHaveText(shown ?? '')
  await otherPage.close()
})
