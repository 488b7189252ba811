import { deterministicUuid } from './emulator/ids'
import { SEED_IDS } from './emulator'
import type { Emulator } from './emulator/types'
import { openCheckIns } from './support/check-in'
import { projects, storedProject } from './support/description'
import { expect, test } from './support/fixtures'
import { hideAndShowPopup } from './support/popup'

// The goal and project lists are read again when the popup is shown with a list older than 30 seconds,
// and on Refresh, F5 or Ctrl+R; shown again sooner, nothing is asked.

/** A project created in Operately (by someone else, in the web app) after the app read the list. */
function createProject(emulator: Emulator, name: string): void {
  emulator.state.projects.push({
    ...structuredClone(storedProject(emulator, projects.launch)),
    id: deterministicUuid(`project:${name}`),
    name,
    description: null,
  })
}

const listReads = (emulator: Emulator, endpoint: string) =>
  emulator.state.requests.filter((r) => r.endpoint === endpoint).length

test.beforeEach(async ({ page }) => {
  // The page's clock runs as usual, and can be moved on to stand for time spent with the popup hidden.
  await page.clock.install()
})

test('a project created after the list was read appears when the popup is shown again', async ({
  page,
  signedIn,
  emulator,
}) => {
  await page.goto(signedIn.url)
  const sections = page.getByRole('navigation', { name: 'Sections' })
  await sections.getByRole('button', { name: 'Projects' }).click()
  const row = (name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) })
  await expect(row('Launch site')).toBeVisible()
  const reads = listReads(emulator, 'projects/list')

  createProject(emulator, 'Moon base')
  // Hidden for a few seconds only: the list is fresh enough, nothing is asked.
  await hideAndShowPopup(page, 5_000)
  await expect(row('Launch site')).toBeVisible()
  expect(listReads(emulator, 'projects/list')).toBe(reads)
  await expect(row('Moon base')).toHaveCount(0)

  // Hidden longer than 30 seconds: shown again, the list is read again and the new project is there.
  await hideAndShowPopup(page, 31_000)
  await expect(row('Moon base')).toBeVisible()
  expect(listReads(emulator, 'projects/list')).toBe(reads + 1)
})

test('Refresh, F5 and Ctrl+R read the projects and goals again, on the spot', async ({
  page,
  signedIn,
  emulator,
}) => {
  await page.goto(signedIn.url)
  const sections = page.getByRole('navigation', { name: 'Sections' })
  await sections.getByRole('button', { name: 'Projects' }).click()
  const refresh = page.getByRole('button', { name: /^(Refresh|Refreshing…)$/ })
  await expect(page.getByRole('button', { name: /^Launch site/ })).toBeVisible()
  await expect(refresh).toHaveAttribute('aria-keyshortcuts', 'F5 Control+R Meta+R')

  createProject(emulator, 'Moon base')
  await refresh.click()
  await expect(page.getByRole('button', { name: /^Moon base/ })).toBeVisible()

  createProject(emulator, 'Mars base')
  const filter = page.getByRole('searchbox', { name: 'Filter projects' })
  await filter.fill('base')
  await page.keyboard.press('F5')
  await expect(page.getByRole('button', { name: /^Mars base/ })).toBeVisible()
  // F5 refreshed the list, not the page: the filter kept its words and its focus.
  await expect(filter).toBeFocused()
  await expect(filter).toHaveValue('base')

  const ui = await openCheckIns(page, signedIn.url)
  await expect(ui.goalOption('Ship the Analytical Engine v2')).toBeVisible()
  const goalReads = listReads(emulator, 'goals/list')
  emulator.state.goals.find((g) => g.id === SEED_IDS.goals.shipEngine)!.name = 'Ship the Analytical Engine v3'
  await page.keyboard.press('Control+R')
  await expect(ui.goalOption('Ship the Analytical Engine v3')).toBeVisible()
  expect(listReads(emulator, 'goals/list')).toBe(goalReads + 1)
  await expect(ui.filter).toBeFocused()
})

test('a long list of goals shows at once; “View only” marks follow for the rows on screen, each asked once', async ({
  page,
  signedIn,
  emulator,
}) => {
  // Thirty more goals Ada can only view, on a server 600 ms away: the list does not wait for their edit
  // rights, and only the rows the popup shows are asked about, as they come into view.
  const handbook = emulator.state.goals.find((g) => g.id === SEED_IDS.goals.compilerHandbook)!
  for (let i = 0; i < 30; i++) {
    const id = deterministicUuid(`goal:chapter-${i}`)
    emulator.state.goals.push({
      ...structuredClone(handbook),
      id,
      name: `Chapter ${String(i).padStart(2, '0')}`,
    })
  }
  const lookUps = () =>
    emulator.state.requests.filter(
      (r) => r.endpoint === 'goals/get' && r.query?.['include_permissions'] === 'true',
    )
  const askedOnce = () => {
    const ids = lookUps().map((r) => r.query?.['id'])
    expect(new Set(ids).size).toBe(ids.length)
  }
  emulator.setFaults({ latencyMs: 600 })
  const ui = await openCheckIns(page, signedIn.url)

  // The list is there before any question is answered…
  await expect(ui.goalOption('Chapter 00')).toBeVisible()
  expect(lookUps().filter((r) => r.status !== null)).toHaveLength(0)
  // …the marks of the rows on screen follow without anyone pressing Refresh…
  await expect(page.getByRole('option', { name: /^Chapter 00 View only/ })).toBeVisible()
  // …and the rows further down are not asked about until they are shown.
  await expect.poll(() => lookUps().filter((r) => r.status === null).length).toBe(0)
  const shownFirst = lookUps().length
  expect(shownFirst).toBeGreaterThan(0)
  expect(shownFirst).toBeLessThan(32)
  // (Only the rows on screen are drawn: the last is not in the page yet.)
  await expect(page.getByRole('option', { name: /^Chapter 29/ })).toHaveCount(0)

  await ui.filter.press('End')
  await expect(page.getByRole('option', { name: /^Chapter 29 View only/ })).toBeVisible()
  expect(lookUps().length).toBeGreaterThan(shownFirst)
  askedOnce()
})
