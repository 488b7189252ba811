import keytar from 'keytar'
import type { Page } from '@playwright/test'
import { createMainServices, type MainServices } from '../src/main/services/create-services'
import { startHarness, type Harness } from './harness'
import { expect, test } from './support/fixtures'
import {
  descriptionUi,
  descriptionUpdates,
  paragraph,
  projects,
  storedProject,
  text,
} from './support/description'
import type { Emulator, RichDoc } from './emulator/types'
import { syncRow, syncUi } from './support/sync'

// Offline-first, end to end: the server goes away (the emulator drops every connection), the person edits
// a project they opened before and saves; the save waits in the outbox on disk, survives a restart of the
// app, and reaches the server exactly once when it is back. (The browser context itself stays online: the
// harness serves the page and its bridge to main over HTTP from this computer, as Electron serves them
// without a network, and `context.setOffline` would cut that bridge too.)

const syncTab = (page: Page) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Sync\b/ })

const theirs: RichDoc = { type: 'doc', content: [paragraph(text('Grace: we move in spring instead.'))] }

/**
 * Offline, the person saves a first description of the office move; meanwhile someone writes one in
 * Operately's web app; back online, "Sync now" finds the conflict and sends nothing; "Open" in the Sync
 * view shows both versions.
 */
async function queueThenCollide(page: Page, emulator: Emulator, harness: Harness) {
  const ui = descriptionUi(page)
  const sync = syncUi(page)
  await ui.openProject(harness, projects.office)
  emulator.pause()
  await ui.openProject(harness, projects.office)
  await page.keyboard.type('Movers booked for the 3rd.')
  await ui.saveButton.click()
  await expect(ui.status).toContainText('Queued')

  storedProject(emulator, projects.office).description = structuredClone(theirs)
  emulator.resume()
  await sync.open()
  await sync.syncNow.click()
  await expect(sync.group('Needs you')).toContainText('Office move')
  expect(descriptionUpdates(emulator)).toHaveLength(0)
  expect(storedProject(emulator, projects.office).description).toEqual(theirs)

  await syncRow(sync.row('Description · Office move')).open.click()
  const conflict = page.getByRole('region', { name: 'Someone else changed this description' })
  await expect(conflict.getByRole('region', { name: 'Your version' })).toContainText('Movers booked')
  await expect(conflict.getByRole('region', { name: 'In Operately now' })).toContainText('we move in spring')
  return { ui, sync, conflict }
}

test('a save made offline waits on disk through a restart, then reaches the server once', async ({
  page,
  emulator,
  signedIn,
  dataDir,
  vaultService,
}) => {
  const ui = descriptionUi(page)
  // The office move has no description yet: the first one is written offline.
  expect(storedProject(emulator, projects.office).description).toBeNull()
  await ui.openProject(signedIn, projects.office)

  // Offline: the server drops every connection. The project opens from the copy kept on disk.
  emulator.pause()
  await ui.openProject(signedIn, projects.office)
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^Offline · last synced/ })
      .first(),
  ).toBeVisible()
  await ui.toEnd()
  await page.keyboard.type('Movers booked for the 3rd.')
  await ui.saveButton.click()
  await expect(ui.status).toContainText('Queued')
  expect(descriptionUpdates(emulator)).toHaveLength(0)
  await expect(syncTab(page)).toHaveAccessibleName(/1 waiting/)

  // The app restarts, still offline: the queued text is what the project opens with.
  await signedIn.close()
  await signedIn.services.close()
  const services: MainServices = await createMainServices({ dataDir, keytar, vaultService })
  const harness: Harness = await startHarness({ dataDir, services })
  try {
    await ui.openProject(harness, projects.office)
    await expect(ui.editor).toContainText('Movers booked for the 3rd.')

    // Back online: "Sync now" in the Sync view sends it, once.
    emulator.resume()
    await syncTab(page).click()
    await page.getByRole('button', { name: 'Sync now' }).click()
    await expect(page.getByText('Nothing waiting', { exact: false })).toBeVisible()
    const expected: RichDoc = { type: 'doc', content: [paragraph(text('Movers booked for the 3rd.'))] }
    expect(storedProject(emulator, projects.office).description).toEqual(expected)
    expect(descriptionUpdates(emulator)).toHaveLength(1)
  } finally {
    await harness.close()
    await services.close()
  }
})

test('someone edits the description while my save waits: nothing is overwritten until I choose', async ({
  page,
  emulator,
  signedIn,
}) => {
  const { ui, sync, conflict } = await queueThenCollide(page, emulator, signedIn)

  // "Open" showed both versions; "Keep mine" sends mine, over the version I was shown.
  await conflict.getByRole('button', { name: 'Keep mine' }).click()
  await expect(ui.status).toHaveText('Saved')
  expect(storedProject(emulator, projects.office).description).toEqual({
    type: 'doc',
    content: [paragraph(text('Movers booked for the 3rd.'))],
  })
  expect(descriptionUpdates(emulator)).toHaveLength(1)
  await sync.open()
  await expect(sync.empty).toBeVisible()
})

test('"Take theirs" on a queued conflict keeps their text, sends nothing, and keeps mine to restore', async ({
  page,
  emulator,
  signedIn,
}) => {
  const { ui, sync, conflict } = await queueThenCollide(page, emulator, signedIn)
  await conflict.getByRole('button', { name: 'Take theirs' }).click()
  await expect(ui.editor).toContainText('we move in spring')
  await expect(page.getByRole('button', { name: 'Restore it' })).toBeVisible()
  expect(descriptionUpdates(emulator)).toHaveLength(0)
  expect(storedProject(emulator, projects.office).description).toEqual(theirs)
  await sync.open()
  await expect(sync.empty).toBeVisible()
})
