import { deterministicUuid } from './emulator/ids'
import { SEED_IDS } from './emulator'
import { openCheckIns } from './support/check-in'
import { expect, test } from './support/fixtures'

// A list read in two parts (issue 23): the "View only" marks the first screen learnt while the rest of the
// list was on its way stay when the whole list takes its place. Main fills the whole list when the page
// asks for it, which is before those answers (asked once the rows have settled on screen) reach it.

test('“View only” marks learnt while the rest of the goals is on its way stay when it comes', async ({
  page,
  signedIn,
  emulator,
}) => {
  // Fifty more goals Ada can only view: more than the first screen, none of them hers.
  const handbook = emulator.state.goals.find((g) => g.id === SEED_IDS.goals.compilerHandbook)!
  for (let i = 0; i < 50; i++) {
    emulator.state.goals.push({
      ...structuredClone(handbook),
      id: deterministicUuid(`goal:chapter-${i}`),
      name: `Chapter ${String(i).padStart(2, '0')}`,
    })
  }
  // The whole list, as main answered it, is held on its way to the page until the test lets it go.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/__harness/call/goals.listRest*', async (route) => {
    const response = await route.fetch()
    await released
    await route.fulfill({ response })
  })

  const ui = await openCheckIns(page, signedIn.url)
  const list = page.getByRole('listbox', { name: 'Goals' })
  await expect(list).toHaveAttribute('aria-busy', 'true')
  // The rights of the rows on screen are answered while the rest waits.
  await expect(page.getByRole('option', { name: /^Chapter 00 View only/ })).toBeVisible()

  release()
  await expect(list).not.toHaveAttribute('aria-busy', 'true')
  await expect(page.getByRole('option', { name: /^Chapter 00 View only/ })).toBeVisible()
  await ui.filter.fill('Chapter 00')
  await expect(page.getByRole('option', { name: /^Chapter 00 View only/ })).toBeVisible()
  // One read of the server for both parts.
  expect(emulator.state.requests.filter((r) => r.endpoint === 'goals/list')).toHaveLength(1)
})
