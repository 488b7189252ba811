import { SEED_IDS, shortIdFromUuid } from './emulator'
import { expect, test } from './support/fixtures'
import { checkInScreen } from './support/check-in'
import { inboxScreen, makeDue, SHIP_ENGINE, SUPPORT_BACKLOG } from './support/inbox'

/** The goal id a reminder carries: the one main's inbox gives the item. */
async function reminderGoalId(
  dispatch: (name: string, input: unknown) => Promise<unknown>,
  goalName: string,
): Promise<string> {
  const result = (await dispatch('assignments.get', {})) as {
    ok: boolean
    value: { goalCheckIns: Record<string, Array<{ originName: string; goalId: string | null }>> }
  }
  const item = Object.values(result.value.goalCheckIns)
    .flat()
    .find((i) => i.originName === goalName)
  if (!item?.goalId) throw new Error(`no inbox item for ${goalName}`)
  return item.goalId
}

test.describe('a clicked reminder', () => {
  test('opens its goal’s check-in form when the popup gains focus', async ({ page, signedIn, emulator }) => {
    makeDue(emulator, SEED_IDS.goals.supportBacklog, 1)
    await page.goto(signedIn.url)
    const inbox = inboxScreen(page)
    const ui = checkInScreen(page)
    await expect(inbox.heading).toBeFocused()

    // The reminder for "Cut the support backlog in half" is clicked: main shows the popup, which gains focus.
    signedIn.services.navigation.set(await reminderGoalId(signedIn.services.dispatch, SUPPORT_BACKLOG))
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect(ui.heading(SUPPORT_BACKLOG)).toBeFocused()
    await expect(inbox.tabFor('Check-ins')).toHaveAttribute('aria-current', 'page')

    // Handed out once: focusing again later stays where the person is.
    await inbox.tab.click()
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect(inbox.heading).toBeVisible()
    await expect(ui.heading(SUPPORT_BACKLOG)).toHaveCount(0)
  })

  test('opens the form when the popup becomes visible, and when the page loads', async ({
    page,
    signedIn,
  }) => {
    const goalId = await reminderGoalId(signedIn.services.dispatch, SHIP_ENGINE)
    const ui = checkInScreen(page)

    signedIn.services.navigation.set(goalId)
    await page.goto(signedIn.url)
    await expect(ui.heading(SHIP_ENGINE)).toBeFocused()

    await inboxScreen(page).tab.click()
    signedIn.services.navigation.set(shortIdFromUuid(SEED_IDS.goals.shipEngine))
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })))
    await expect(ui.heading(SHIP_ENGINE)).toBeFocused()
  })
})
