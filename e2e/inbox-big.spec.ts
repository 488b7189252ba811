import { BIG_SEED } from './emulator'
import { inboxScreen } from './support/inbox'
import { expect, test } from './support/fixtures'

// The inbox of a manager in the big company (issue 23): 200 things owed, of which only those on screen
// are in the page, and every one still reached with Tab, in order, to the last.

test.use({ seed: 'big' })
test.setTimeout(180_000)

/** What the focused element is: its accessible name, and where its row sits in its group. */
const focused = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    const row = element?.closest('li')
    const group = row?.closest('section[aria-label]')
    return {
      name: element?.textContent?.trim() ?? '',
      inRow: !!row,
      position: Number(row?.getAttribute('aria-posinset')),
      setSize: Number(row?.getAttribute('aria-setsize')),
      group: group?.getAttribute('aria-label') ?? null,
    }
  })

test('200 things owed: only the rows on screen are drawn, and Tab walks through all of them to the last', async ({
  page,
  signedIn,
}) => {
  await page.goto(signedIn.url)
  const inbox = inboxScreen(page)
  await expect(inbox.heading).toBeVisible()
  const rows = page.getByRole('listitem')
  await expect(rows.first()).toBeVisible({ timeout: 60_000 })
  const groups = await page
    .locator('main section[aria-label]')
    .evaluateAll((sections) => sections.map((s) => s.getAttribute('aria-label')))
  expect(await rows.count()).toBeLessThan(BIG_SEED.assignments / 2)

  // From the first row's action, Tab goes through every row's, each once, group after group.
  await rows.first().getByRole('button').focus()
  const seen: string[] = []
  let last = await focused(page)
  for (let i = 0; i < BIG_SEED.assignments + 5; i++) {
    const now = await focused(page)
    if (!now.inRow) break
    seen.push(now.name)
    last = now
    await page.keyboard.press('Tab')
  }
  // The walk ended on the last row of the last group, then Tab left the list.
  expect(last.group).toBe(groups.at(-1))
  expect(last.position).toBe(last.setSize)
  expect((await focused(page)).inRow).toBe(false)
  expect(new Set(seen).size).toBe(seen.length)
  // Every row with an action was reached: at most the 200 owed, and far more than a screen's worth.
  expect(seen.length).toBeGreaterThan(100)
  expect(seen.length).toBeLessThanOrEqual(BIG_SEED.assignments)
  // Still only a screen or so of rows in the page.
  expect(await rows.count()).toBeLessThan(BIG_SEED.assignments / 2)

  // And back: Shift+Tab from the last row goes up through the rows before it, drawn again for it.
  await page.evaluate((name) => {
    const buttons = [...document.querySelectorAll<HTMLElement>('li button')]
    buttons.find((b) => b.textContent?.trim() === name)?.focus()
  }, seen.at(-1)!)
  expect((await focused(page)).name).toBe(seen.at(-1))
  for (const back of [2, 3, 4]) {
    await page.keyboard.press('Shift+Tab')
    expect((await focused(page)).name).toBe(seen.at(-back))
  }
})
