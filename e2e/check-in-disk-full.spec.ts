import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test as base } from './support/fixtures'
import { checkInRequests, fillEverything, openCheckIns, SHIP_ENGINE } from './support/check-in'
import { fillDisk, mountSmallDisk, unmountSmallDisk, whyNoSmallDisk } from './support/small-disk'

// The data folder on a small disk of its own (a tmpfs), filled up while the form is open: the form says
// that the disk is full, that nothing was sent and that the words are only on screen, never that they
// are kept; once there is space, Try again posts the check-in once.

const noSmallDisk = whyNoSmallDisk()

const test = base.extend<{ smallDisk: { free: (() => void) | null } }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this.
  dataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'operately-tray-e2e-small-disk-'))
    // Without a tmpfs the test skips itself (saying why); its fixtures still need a folder.
    if (!noSmallDisk) mountSmallDisk(dir, '8m')
    await use(dir)
    if (!noSmallDisk) unmountSmallDisk(dir)
    await rm(dir, { recursive: true, force: true })
  },
  // eslint-disable-next-line no-empty-pattern -- as above.
  smallDisk: async ({}, use) => {
    const disk: { free: (() => void) | null } = { free: null }
    await use(disk)
    disk.free?.()
  },
})

test('a full disk is said in plain words: draft not saved, nothing sent, only on screen; Try again sends once', async ({
  page,
  signedIn,
  emulator,
  dataDir,
  smallDisk,
}) => {
  test.skip(noSmallDisk !== null, `needs a tmpfs of its own: ${noSmallDisk}`)
  const ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)

  smallDisk.free = fillDisk(dataDir)
  await fillEverything(ui)
  const draftNote = page.getByRole('status').filter({ hasText: 'Draft not saved' })
  await expect(draftNote).toContainText(
    "Draft not saved: The disk that holds the app's data folder is full, so the app could not write to it, and nothing was sent. Free some space on that disk, then press the button again.",
  )
  await expect(draftNote).toContainText('What you wrote is still on screen, but not saved on this computer')
  await expect(draftNote).not.toContainText('went wrong')

  await ui.submit.click()
  await expect(ui.alert).toContainText('Not sent: the app could not write to disk')
  await expect(ui.alert).toContainText("The disk that holds the app's data folder is full")
  await expect(ui.alert).toContainText('nothing was sent')
  await expect(ui.alert).toContainText('still on screen, but not saved on this computer')
  await expect(ui.alert).not.toContainText('kept')
  await expect(ui.alert).not.toContainText('went wrong')
  expect(checkInRequests(emulator)).toHaveLength(0)

  smallDisk.free()
  smallDisk.free = null
  await ui.tryAgain.click()
  await expect(ui.resultHeading).toBeVisible()
  expect(checkInRequests(emulator)).toHaveLength(1)
})
