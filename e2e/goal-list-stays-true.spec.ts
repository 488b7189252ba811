import { deterministicUuid } from './emulator/ids'
import { SEED_IDS } from './emulator'
import type { Goal } from './emulator/types'
import { openCheckIns } from './support/check-in'
import { expect, test } from './support/fixtures'

// The goals' list box is memoised (it redraws only when its rows, the active goal or the rights it shows
// change): what it shows must still follow everything it shows. A goal's detail says its edit rights
// afresh, and may land with the list already drawn: a check-in screen left before its goal came back.

const isDetailCall = (url: URL) => url.pathname.endsWith('/__harness/call/goals.get')

test('a goal left before its detail came back is marked “View only” when the detail says so', async ({
  page,
  signedIn,
  emulator,
}) => {
  // A goal Ada may edit though it is not hers: the list learns so by asking about the rows on screen.
  const handbook = emulator.state.goals.find((g) => g.id === SEED_IDS.goals.compilerHandbook)!
  const roadmap: Goal = {
    ...structuredClone(handbook),
    id: deterministicUuid('goal:shared-roadmap'),
    name: 'Shared roadmap',
    access: { company: 'edit', people: {} },
  }
  emulator.state.goals.push(roadmap)
  const ui = await openCheckIns(page, signedIn.url)
  const row = page.getByRole('option', { name: /^Shared roadmap/ })
  await expect(row).toBeVisible()
  await expect
    .poll(() =>
      emulator.state.requests.some(
        (r) => r.endpoint === 'goals/get' && r.query?.['include_permissions'] === 'true',
      ),
    )
    .toBe(true)
  await expect(row).not.toContainText('View only')

  // Its detail is held on its way to the page; meanwhile the server takes Ada's rights away.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let landed!: () => void
  const detailLanded = new Promise<void>((resolve) => (landed = resolve))
  await page.route(isDetailCall, async (route) => {
    const response = await route.fetch()
    await released
    await route.fulfill({ response })
    landed()
  })
  roadmap.access = { company: 'view', people: {} }
  await row.click()
  await expect(page.getByText('Loading the goal…')).toBeVisible()
  // Back to the list before the goal came: the section's tab (the mouse leaves the list, nothing hovers).
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Check-ins' }).click()
  await expect(ui.filter).toBeVisible()
  await expect(page.getByRole('option', { name: /^Shared roadmap/ })).not.toContainText('View only')

  release()
  await detailLanded
  await expect(page.getByRole('option', { name: /^Shared roadmap View only/ })).toBeVisible()
})

test.describe('at 10,000 goals', () => {
  test.use({ seed: 'big' })
  test.setTimeout(120_000)

  test('hover, arrows, typing on and Escape keep the active goal and aria-activedescendant as one', async ({
    page,
    signedIn,
  }) => {
    const ui = await openCheckIns(page, signedIn.url)
    await expect(page.getByRole('option').first()).toBeVisible({ timeout: 60_000 })
    const selected = page.getByRole('option', { selected: true })
    /** The option aria-activedescendant names is the one selected, and the only one. */
    const activeIsSelected = async () => {
      await expect(selected).toHaveCount(1)
      await expect(ui.filter).toHaveAttribute('aria-activedescendant', (await selected.getAttribute('id'))!)
    }

    await ui.filter.focus()
    await page.keyboard.type('latency 0960')
    await expect(page.getByRole('option')).toHaveCount(11)
    const third = page.getByRole('option').nth(2)
    const thirdName = (await third.getAttribute('id'))!
    await third.hover()
    await expect(third).toHaveAttribute('aria-selected', 'true')
    await activeIsSelected()
    await expect(selected).toHaveAttribute('id', thirdName)
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('option').nth(3)).toHaveAttribute('aria-selected', 'true')
    await activeIsSelected()

    // Typing on narrows the list under a resting mouse: the first match is active, not the row now
    // under the pointer's old place.
    await page.keyboard.type('5')
    await expect(page.getByRole('option')).toHaveCount(1)
    await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
    await activeIsSelected()

    // Escape clears the query; the whole list is back, its first goal active, a screen of it drawn.
    await page.keyboard.press('Escape')
    await expect(ui.filter).toHaveValue('')
    await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
    await activeIsSelected()
    expect(await page.getByRole('option').count()).toBeLessThan(60)

    // Up from the first wraps to the 10,000th, drawn and in view, at twice the size (zoom) too.
    await page.evaluate(() => {
      document.documentElement.style.zoom = '2'
    })
    await page.keyboard.press('ArrowUp')
    await activeIsSelected()
    await expect(selected).toBeInViewport()
    await expect(selected).toHaveAttribute('aria-posinset', (await selected.getAttribute('aria-setsize'))!)

    // Typed fast and opened at once: Enter acts on what is typed, whether or not the list caught up.
    await page.keyboard.press('Home')
    await page.keyboard.type('latency 09605', { delay: 0 })
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: /latency 09605$/ })).toBeFocused()
  })
})
