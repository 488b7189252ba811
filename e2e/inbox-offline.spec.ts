import keytar from 'keytar'
import { createMainServices } from '../src/main/services/create-services'
import { startHarness } from './harness'
import { expect, test } from './support/fixtures'
import { DATA_TEAM, inboxScreen, SHIP_ENGINE } from './support/inbox'

/** "Offline · last synced 10:42" for the time of "Updated 10:42", also once midnight has passed since. */
const lastSynced = (updated: string): RegExp => {
  const time = /^Updated (\d{2}:\d{2})$/.exec(updated)?.[1]
  if (!time) throw new Error(`not a freshness line: ${updated}`)
  return new RegExp(`^Offline · last synced (yesterday )?${time}$`)
}

test.describe('the inbox offline', () => {
  test('after the app restarts with the server out of reach, it opens with the last lists it saw', async ({
    page,
    signedIn,
    emulator,
    dataDir,
    vaultService,
  }) => {
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    await expect(inbox.freshness).toHaveText(/^Updated \d{2}:\d{2}$/)
    const synced = lastSynced((await inbox.freshness.textContent())!)
    await expect(inbox.writeCheckIn(SHIP_ENGINE)).toBeVisible()

    // The server goes away, and the app starts again on the same computer (same data folder, same keychain).
    emulator.pause()
    const services = await createMainServices({ dataDir, keytar, vaultService })
    const restarted = await startHarness({ dataDir, services })
    try {
      await page.goto(restarted.url)
      await expect(inbox.freshness).toHaveText(synced)
      await expect(inbox.writeCheckIn(SHIP_ENGINE)).toBeVisible()
      await expect(inbox.group('Waiting for your review')).toContainText(DATA_TEAM)
      await expect(inbox.tab).toHaveAccessibleName('Inbox, 1 due')

      // "Refresh" tries, fails, and keeps the lists rather than emptying them.
      await inbox.refresh.click()
      await expect(inbox.refresh).toHaveText('Refresh')
      await expect(inbox.freshness).toHaveText(synced)
      await expect(inbox.writeCheckIn(SHIP_ENGINE)).toBeVisible()

      // Back online, the next refresh says the lists are current again.
      emulator.resume()
      await inbox.refresh.click()
      await expect(inbox.freshness).toHaveText(/^Updated \d{2}:\d{2}$/)
    } finally {
      await restarted.close()
      await services.close()
    }
  })

  test('a failed refresh while the popup is open says “offline”, and so does the popup opened again', async ({
    page,
    signedIn,
    emulator,
  }) => {
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    await expect(inbox.freshness).toHaveText(/^Updated \d{2}:\d{2}$/)
    const synced = lastSynced((await inbox.freshness.textContent())!)

    emulator.pause()
    await inbox.refresh.click()
    await expect(inbox.freshness).toHaveText(synced)

    await page.reload()
    await expect(inbox.freshness).toHaveText(synced)
    await expect(inbox.writeCheckIn(SHIP_ENGINE)).toBeVisible()
  })
})
