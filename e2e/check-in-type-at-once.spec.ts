import { expect, test } from './support/fixtures'
import { openCheckIns, SHIP_ENGINE, type CheckInScreen } from './support/check-in'

// A person reaches the empty check-in message and starts typing at once: the first key a few
// milliseconds after the click or the Tab, the rest at a person's pace (80 ms apart). Every letter lands
// where it was typed (it once put the first letter last: "isk full probe…D"). The description editor's
// differential sessions hold the same for clicks and Tab into long documents.

const WORDS = 'Disk full probe: the words must not be lost.'

async function typeAtAPersonsPace(page: import('@playwright/test').Page, ui: CheckInScreen) {
  for (const key of WORDS) {
    await page.keyboard.type(key)
    await page.waitForTimeout(80)
  }
  await expect(ui.message).toHaveText(WORDS)
}

for (const gapMs of [0, 30]) {
  test(`typing ${gapMs} ms after a click into the empty message keeps every letter in order`, async ({
    page,
    signedIn,
  }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await ui.openGoal(SHIP_ENGINE)
    await ui.message.click()
    if (gapMs) await page.waitForTimeout(gapMs)
    await typeAtAPersonsPace(page, ui)
  })
}

test('typing at once after Tab into the empty message keeps every letter in order', async ({
  page,
  signedIn,
}) => {
  const ui = await openCheckIns(page, signedIn.url)
  await ui.openGoal(SHIP_ENGINE)
  // Onto the control before the message, then Tab into it and type straight away.
  await ui.message.click()
  await page.keyboard.press('Shift+Tab')
  await expect(ui.message).not.toBeFocused()
  await page.keyboard.press('Tab')
  await typeAtAPersonsPace(page, ui)
})
