import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { openFilledOutbox, syncView } from './support/outbox'
import { syncRow } from './support/sync'

// A long outbox (issue 23): a week of check-ins written on a plane. Only the Sync rows on screen are in
// the page, and still every row's controls are reached with Tab, in order, to the last, and used there;
// a Discard question asked in a row stays asked when that row is scrolled away.

test.use({ seed: 'big' })
test.setTimeout(240_000)

/** Where the focus is: the control's name, and its row's place in its group. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    const row = element?.closest('li[aria-posinset]')
    return {
      name: element?.textContent?.trim() ?? '',
      row: row ? document.getElementById(row.getAttribute('aria-labelledby') ?? '')?.textContent : null,
      position: Number(row?.getAttribute('aria-posinset')),
      setSize: Number(row?.getAttribute('aria-setsize')),
      group: row?.closest('section')?.getAttribute('aria-label') ?? null,
    }
  })

/** Scrolls the popup's page to its end, or its start. */
const scrollMain = (page: Page, to: 'end' | 'start') =>
  page.evaluate((where) => {
    const main = document.querySelector('main')!
    main.scrollTop = where === 'end' ? main.scrollHeight : 0
  }, to)

const NEEDS_YOU = 3
const WAITING = 210

test('213 items in the outbox: a screen of rows is drawn, Tab reaches the last, and it is discarded by keyboard', async ({
  page,
  signedIn,
  emulator,
}) => {
  const { queued, sync } = await openFilledOutbox(page, signedIn, emulator, {
    needsYou: NEEDS_YOU,
    waiting: WAITING,
  })

  // The page holds a screen or so of rows; both groups, found by their titles, say how many they hold.
  await expect(page.getByRole('heading', { level: 2, name: 'Needs you' })).toBeVisible()
  const rows = page.getByRole('listitem')
  expect(await rows.count()).toBeLessThan(100)
  const needsYou = sync.group('Needs you').getByRole('listitem')
  await expect(needsYou.first()).toHaveAttribute('aria-setsize', String(NEEDS_YOU))
  const waiting = sync.group('Waiting to be sent')
  await expect(page.getByRole('heading', { level: 2, name: 'Waiting to be sent' })).toBeAttached()
  await expect(waiting.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(WAITING))
  await expect(sync.statusLine).toContainText(`Offline · ${NEEDS_YOU + WAITING} waiting`)

  // From the first row's first control, Tab goes through every row, in order, to the last one's last.
  await needsYou.first().getByRole('button').first().focus()
  const reached: string[] = []
  let last = await focused(page)
  for (let i = 0; i < 4 * (NEEDS_YOU + WAITING) && last.group !== null; i++) {
    if (reached.at(-1) !== `${last.group} ${last.position}`) reached.push(`${last.group} ${last.position}`)
    await page.keyboard.press('Tab')
    const now = await focused(page)
    if (now.group === null) break
    last = now
  }
  expect(reached).toEqual([
    ...Array.from({ length: NEEDS_YOU }, (_, i) => `Needs you ${i + 1}`),
    ...Array.from({ length: WAITING }, (_, i) => `Waiting to be sent ${i + 1}`),
  ])
  // Tab left the list after the last row's "Discard…".
  expect(last).toMatchObject({ group: 'Waiting to be sent', position: WAITING, setSize: WAITING })
  expect(last.name).toMatch(/^Discard…/)
  const lastTitle = `Check-in · ${queued.at(-1)!.name}`
  expect(last.row).toBe(lastTitle)
  expect(await rows.count()).toBeLessThan(100)

  // Back to it with Shift+Tab, and discarded with the keyboard alone.
  await page.keyboard.press('Shift+Tab')
  expect(await focused(page)).toMatchObject({ name: last.name, position: WAITING })
  const lastRow = syncRow(sync.row(lastTitle))
  await page.keyboard.press('Enter')
  await expect(lastRow.question).toBeVisible()
  await expect(lastRow.keep).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(lastRow.confirmDiscard).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(sync.heading).toBeFocused()
  await expect(page.getByRole('status').filter({ hasText: `Discarded: ${lastTitle}.` })).toBeAttached()
  await expect(sync.tab).toHaveAccessibleName(`Sync, ${NEEDS_YOU + WAITING - 1} waiting`)

  // Gone for good: main no longer holds it, and the list now ends one row earlier.
  const titles = (await syncView(signedIn)).items.map((item) => item.title)
  expect(titles).toHaveLength(NEEDS_YOU + WAITING - 1)
  expect(titles).not.toContain(queued.at(-1)!.name)
  await scrollMain(page, 'end')
  const end = waiting.getByRole('listitem', { name: `Check-in · ${queued.at(-2)!.name}`, exact: true })
  await expect(end).toHaveAttribute('aria-posinset', String(WAITING - 1))
  await expect(end).toHaveAttribute('aria-setsize', String(WAITING - 1))
  await expect(sync.row(lastTitle)).toHaveCount(0)
  expect(await rows.count()).toBeLessThan(100)
})

test('a Discard question stays asked while its row is scrolled away and another row is used', async ({
  page,
  signedIn,
  emulator,
}) => {
  const { queued, sync } = await openFilledOutbox(page, signedIn, emulator, { waiting: 60 })

  const first = syncRow(sync.row(`Check-in · ${queued[0]!.name}`))
  await first.askDiscard.click()
  await expect(first.question).toBeVisible()

  // Far down, another row takes the focus (and its own question, taken back).
  await scrollMain(page, 'end')
  const lastRow = syncRow(sync.row(`Check-in · ${queued.at(-1)!.name}`))
  await lastRow.askDiscard.click()
  await expect(lastRow.keep).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(lastRow.askDiscard).toBeFocused()

  // Back at the top, the first row still asks, and its answer still works.
  await scrollMain(page, 'start')
  await expect(first.question).toBeVisible()
  await first.confirmDiscard.click()
  await expect(sync.tab).toHaveAccessibleName('Sync, 59 waiting')
  await expect(sync.row(`Check-in · ${queued[0]!.name}`)).toHaveCount(0)
  await expect(sync.row(`Check-in · ${queued[1]!.name}`)).toBeVisible()
})

test('the row holding the focus stays drawn, scrolled away, when an item above it leaves the list', async ({
  page,
  signedIn,
  emulator,
}) => {
  const { queued, sync } = await openFilledOutbox(page, signedIn, emulator, { waiting: 60 })

  // The last row's "Discard…" takes the focus; the page is then scrolled back to the top (a wheel, not Tab).
  await scrollMain(page, 'end')
  const lastRow = syncRow(sync.row(`Check-in · ${queued.at(-1)!.name}`))
  await lastRow.askDiscard.focus()
  await expect(lastRow.askDiscard).toBeFocused()
  await scrollMain(page, 'start')
  await expect(lastRow.askDiscard).toBeFocused()

  // The first item leaves the outbox (discarded elsewhere): every row below it moves up one place.
  const first = (await syncView(signedIn)).items.find((item) => item.title === queued[0]!.name)!
  const discarded = await signedIn.services.dispatch('sync.discard', { id: first.id })
  if (!discarded.ok) throw new Error(discarded.error.message)
  await expect(sync.tab).toHaveAccessibleName('Sync, 59 waiting', { timeout: 30_000 })
  await expect(sync.row(`Check-in · ${queued[0]!.name}`)).toHaveCount(0)

  // The focus is still where the person left it, and Tab goes on from there.
  await expect(lastRow.askDiscard).toBeFocused()
  expect(await focused(page)).toMatchObject({ position: 59, setSize: 59 })
})

test("the focus goes to the next row when the focused row's own item leaves the list, and to the one before at the end", async ({
  page,
  signedIn,
  emulator,
}) => {
  const { queued, sync } = await openFilledOutbox(page, signedIn, emulator, { waiting: 30 })
  const discardElsewhere = async (name: string) => {
    const item = (await syncView(signedIn)).items.find((each) => each.title === name)!
    const discarded = await signedIn.services.dispatch('sync.discard', { id: item.id })
    if (!discarded.ok) throw new Error(discarded.error.message)
  }

  // The fifth row's "Discard…" has the focus when its item is discarded elsewhere (another window).
  const fifth = syncRow(sync.row(`Check-in · ${queued[4]!.name}`))
  await fifth.askDiscard.focus()
  await discardElsewhere(queued[4]!.name)
  await expect(sync.tab).toHaveAccessibleName('Sync, 29 waiting', { timeout: 30_000 })
  // Not thrown back to the page's top: on the row now in its place, the sixth item's.
  await expect.poll(() => focused(page)).toMatchObject({ position: 5, setSize: 29 })
  expect((await focused(page)).row).toContain(queued[5]!.name)

  // The last row's item goes: the focus goes to the row before it.
  await scrollMain(page, 'end')
  const last = syncRow(sync.row(`Check-in · ${queued.at(-1)!.name}`))
  await last.askDiscard.focus()
  await discardElsewhere(queued.at(-1)!.name)
  await expect(sync.tab).toHaveAccessibleName('Sync, 28 waiting', { timeout: 30_000 })
  await expect.poll(() => focused(page)).toMatchObject({ position: 28, setSize: 28 })
  expect((await focused(page)).row).toContain(queued.at(-2)!.name)

  // Focus the person moved out of the list stays where they put it when a row's item goes.
  const third = syncRow(sync.row(`Check-in · ${queued[2]!.name}`))
  await scrollMain(page, 'start')
  await third.askDiscard.focus()
  await sync.tab.focus()
  await discardElsewhere(queued[2]!.name)
  await expect(sync.tab).toHaveAccessibleName('Sync, 27 waiting', { timeout: 30_000 })
  await expect(sync.tab).toBeFocused()
})

test("a row's 'Not sent: …' after Retry now is still said when the row comes back from being scrolled away", async ({
  page,
  signedIn,
  emulator,
}) => {
  const { queued, sync } = await openFilledOutbox(page, signedIn, emulator, { waiting: 60 })

  // Operately is still out of reach: the retry of the first row says so in that row.
  const firstRow = sync.row(`Check-in · ${queued[0]!.name}`)
  await syncRow(firstRow).retry.click()
  const notSent = firstRow.getByRole('status').filter({ hasText: /^Not sent: Operately cannot be reached/ })
  await expect(notSent).toBeVisible()

  // Far down, the focus goes to another row; then back: a row that was scrolled away and drawn again
  // would have forgotten how its retry went.
  await scrollMain(page, 'end')
  const lastRow = syncRow(sync.row(`Check-in · ${queued.at(-1)!.name}`))
  await lastRow.askDiscard.focus()
  await expect(lastRow.askDiscard).toBeFocused()
  await scrollMain(page, 'start')
  await expect(notSent).toBeVisible()
  expect(await page.getByRole('listitem').count()).toBeLessThan(60)
})

test('rows in view stay where they are when items above them leave the list', async ({
  page,
  signedIn,
  emulator,
}) => {
  const { sync } = await openFilledOutbox(page, signedIn, emulator, { waiting: 60 })

  // Halfway down, a row sits under the point the person is looking at (or about to click).
  await page.evaluate(() => {
    document.querySelector('main')!.scrollTop = 3000
  })
  const rowAtPoint = () =>
    page.evaluate(() => {
      const main = document.querySelector('main')!
      const row = document
        .elementFromPoint(100, main.getBoundingClientRect().top + 100)
        ?.closest('li[aria-labelledby]')
      return row ? document.getElementById(row.getAttribute('aria-labelledby')!)?.textContent : null
    })
  await expect.poll(rowAtPoint).toMatch(/^Check-in · /)
  const before = await rowAtPoint()

  // The first five items leave the outbox (sent, or discarded elsewhere) while the page stays scrolled.
  for (const item of (await syncView(signedIn)).items.slice(0, 5)) {
    const discarded = await signedIn.services.dispatch('sync.discard', { id: item.id })
    if (!discarded.ok) throw new Error(discarded.error.message)
  }
  await expect(sync.tab).toHaveAccessibleName('Sync, 55 waiting', { timeout: 30_000 })
  await expect(page.getByRole('listitem').first()).toBeAttached()

  // The same row is under that point, as when the whole list was in the page (the browser kept it there).
  expect(await rowAtPoint()).toBe(before)
})
