import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { settleEditor } from './support/focus'
import {
  descriptionUi,
  descriptionUpdates,
  paragraph,
  projects,
  snapshot,
  storedDraft,
  storedProject,
  text,
} from './support/description'
import type { Emulator, RichDoc } from './emulator/types'
import type { Harness } from './harness'

// The description changes on the server (someone edits it in Operately's web app) after the editor opened
// it. Saving must show both versions and never overwrite theirs unless the person chooses "Keep mine".

const theirs: RichDoc = { type: 'doc', content: [paragraph(text('Grace rewrote the plan in the web app.'))] }

async function openEditAndCollide(page: Page, emulator: Emulator, harness: Harness) {
  const ui = descriptionUi(page)
  const original = snapshot(storedProject(emulator, projects.mobile).description)!
  await ui.openProject(harness, projects.mobile)
  // The description ends in a numbered list: Enter twice leaves it for a new paragraph.
  await ui.toEnd()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await settleEditor(ui.editor)
  await page.keyboard.type('Beta extended to 300 customers.')
  const mine: RichDoc = {
    ...original,
    content: [...original.content!, paragraph(text('Beta extended to 300 customers.'))],
  }

  storedProject(emulator, projects.mobile).description = structuredClone(theirs)
  await ui.saveButton.click()

  const conflict = page.getByRole('region', { name: 'Someone else changed this description' })
  await expect(conflict).toBeVisible()
  await expect(conflict.getByRole('region', { name: 'Your version' })).toContainText(
    'Beta extended to 300 customers.',
  )
  await expect(conflict.getByRole('region', { name: 'In Operately now' })).toContainText(
    'Grace rewrote the plan in the web app.',
  )
  // Nothing was sent, and the save shortcut does not count as a choice: theirs is untouched.
  await page.keyboard.press('Control+s')
  await expect(conflict).toBeVisible()
  expect(descriptionUpdates(emulator)).toHaveLength(0)
  expect(storedProject(emulator, projects.mobile).description).toEqual(theirs)
  return { ui, conflict, mine }
}

test('"Keep mine" replaces their version with mine, and only then', async ({ page, emulator, signedIn }) => {
  const { ui, conflict, mine } = await openEditAndCollide(page, emulator, signedIn)
  await conflict.getByRole('button', { name: 'Keep mine' }).click()
  await expect(ui.status).toHaveText('Saved')
  await expect(conflict).toBeHidden()
  await expect(ui.editor).toContainText('Beta extended to 300 customers.')
  expect(storedProject(emulator, projects.mobile).description).toEqual(mine)
  expect(descriptionUpdates(emulator)).toHaveLength(1)
  await expect.poll(() => storedDraft(signedIn, projects.mobile)).toBeNull()
})

test('"Take theirs" shows their version and keeps mine as a copy that can be restored', async ({
  page,
  emulator,
  signedIn,
}) => {
  const { ui, conflict, mine } = await openEditAndCollide(page, emulator, signedIn)
  await conflict.getByRole('button', { name: 'Take theirs' }).click()
  await expect(conflict).toBeHidden()
  await expect(ui.editor).toHaveText('Grace rewrote the plan in the web app.')
  await expect(ui.saveButton).toBeDisabled()
  expect(storedProject(emulator, projects.mobile).description).toEqual(theirs)
  expect(descriptionUpdates(emulator)).toHaveLength(0)

  // My version is on disk, not only on screen: it survives closing the popup.
  await expect
    .poll(
      async () =>
        ((await storedDraft(signedIn, projects.mobile)) as { keptCopy?: { doc: unknown } } | null)?.keptCopy
          ?.doc,
    )
    .toEqual(mine)
  await page.reload()
  await ui.openProject(signedIn, projects.mobile)
  await expect(ui.editor).toHaveText('Grace rewrote the plan in the web app.')
  await expect(page.getByText(/^Your version was kept/)).toBeVisible()

  await page.getByRole('button', { name: 'Restore it' }).click()
  await expect(ui.editor).toContainText('Beta extended to 300 customers.')
  await expect(ui.editor).not.toContainText('Grace rewrote the plan')
  await expect(page.getByRole('button', { name: 'Restore it' })).toBeHidden()
  // Restored on purpose over theirs: saving it goes through.
  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved')
  expect(storedProject(emulator, projects.mobile).description).toEqual(mine)
})

test('"Edit a merged version" edits mine with theirs beside it, and the next save goes through', async ({
  page,
  emulator,
  signedIn,
}) => {
  const { ui, conflict, mine } = await openEditAndCollide(page, emulator, signedIn)
  await conflict.getByRole('button', { name: 'Edit a merged version' }).click()
  await expect(conflict).toBeHidden()
  await expect(ui.editor).toContainText('Beta extended to 300 customers.')
  const reference = page.getByRole('region', { name: 'In Operately now (for reference)' })
  await expect(reference).toContainText('Grace rewrote the plan in the web app.')
  await expect(reference.getByRole('textbox')).toHaveCount(0)

  // The editor opened on my version takes focus once ready; type after that.
  await expect(ui.editor).toBeFocused()
  await ui.toEnd()
  await page.keyboard.type(' Grace agrees.')
  await ui.saveButton.click()
  await expect(ui.status).toHaveText('Saved')
  await expect(reference).toBeHidden()
  const last = mine.content!.length - 1
  expect(storedProject(emulator, projects.mobile).description).toEqual({
    ...mine,
    content: [
      ...mine.content!.slice(0, last),
      paragraph(text('Beta extended to 300 customers. Grace agrees.')),
    ],
  })
  expect(descriptionUpdates(emulator)).toHaveLength(1)
})

test('"Keep mine" after theirs changed again while the panel was open: nothing replaced, the panel shows the newer one', async ({
  page,
  signedIn,
  emulator,
}) => {
  const { ui, conflict, mine } = await openEditAndCollide(page, emulator, signedIn)
  // Barbara edits too, while Ada is still reading both versions.
  const newer: RichDoc = { type: 'doc', content: [paragraph(text('Barbara moved the beta to May.'))] }
  storedProject(emulator, projects.mobile).description = structuredClone(newer)
  await conflict.getByRole('button', { name: 'Keep mine' }).click()

  await expect(conflict).toContainText('It changed again in Operately while you were choosing')
  await expect(conflict.getByRole('region', { name: 'In Operately now' })).toContainText(
    'Barbara moved the beta to May.',
  )
  expect(descriptionUpdates(emulator)).toHaveLength(0)
  expect(storedProject(emulator, projects.mobile).description).toEqual(newer)

  // Chosen again, over the version now shown: mine goes in.
  await conflict.getByRole('button', { name: 'Keep mine' }).click()
  await expect(conflict).toBeHidden()
  await expect(ui.editor).toContainText('Beta extended to 300 customers.')
  expect(descriptionUpdates(emulator)).toHaveLength(1)
  expect(storedProject(emulator, projects.mobile).description).toEqual(mine)
})
