import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from './support/fixtures'
import { descriptionUi, projects } from './support/description'

// When the draft cannot be written (the disk is full, the folder is gone), nothing on screen may say the
// text is kept as a draft: the person would close the window believing it safe.

/** Every draft write fails from now on: the drafts folder becomes a file (even root cannot write there). */
async function breakDrafts(dataDir: string): Promise<void> {
  const drafts = join(dataDir, 'drafts')
  await rm(drafts, { recursive: true, force: true })
  await writeFile(drafts, 'not a folder')
}

test('a save that fails while no draft can be written does not say the text is kept as a draft', async ({
  page,
  emulator,
  signedIn,
  dataDir,
}) => {
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.launch)
  await breakDrafts(dataDir)
  await ui.belowEnd()
  await page.keyboard.type('Words only on screen.')
  await expect(page.getByRole('alert').filter({ hasText: 'could not be kept as a draft' })).toBeVisible()

  // Someone deletes the project in the web app; the save fails.
  emulator.state.projects = emulator.state.projects.filter((p) => p.id !== projects.launch.uuid)
  await ui.saveButton.click()
  const notSaved = page.getByRole('alert').filter({ hasText: 'This project was deleted' })
  await expect(notSaved).toBeVisible()
  await expect(notSaved).not.toContainText('kept as a draft')
  await expect(ui.status).toHaveText('Your changes are not saved anywhere yet')
  await expect(ui.editor).toContainText('Words only on screen.')
})

test('leaving while no draft can be written says the changes were not kept, never that they were', async ({
  page,
  signedIn,
  dataDir,
}) => {
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  await breakDrafts(dataDir)
  await ui.editor.click()
  await page.keyboard.type('Half a thought')
  await page.getByRole('button', { name: 'Back to projects' }).click()

  const said = page.getByRole('status').filter({ hasText: 'Office move' })
  await expect(said).toHaveText(/Your changes to Office move could not be kept as a draft/)
  await expect(said).not.toContainText('are kept as a draft')
})

test('the status line never says "kept as a draft", not even for a moment, while the first write is failing', async ({
  page,
  signedIn,
  dataDir,
}) => {
  const ui = descriptionUi(page)
  await ui.openProject(signedIn, projects.office)
  await breakDrafts(dataDir)
  // Every text the status line shows, however briefly.
  await ui.status.evaluate((status) => {
    const shown: string[] = []
    ;(window as unknown as { shown: string[] }).shown = shown
    new MutationObserver(() => shown.push(status.textContent ?? '')).observe(status, {
      subtree: true,
      childList: true,
      characterData: true,
    })
  })
  await ui.editor.click()
  await page.keyboard.type('Words only on screen.')
  await expect(page.getByRole('alert').filter({ hasText: 'could not be kept as a draft' })).toBeVisible()
  await expect(ui.status).toHaveText('Your changes are not saved anywhere yet')
  const shown = await page.evaluate(() => (window as unknown as { shown: string[] }).shown)
  expect(shown.filter((text) => text.includes('kept as a draft'))).toEqual([])
})
