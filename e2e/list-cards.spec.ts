import type { Locator } from '@playwright/test'
import { checkInInput, readGoal } from '../src/main/services/check-ins/testing/signed-in'
import { SEED_IDS, shortIdFromUuid } from './emulator'
import { expect, test } from './support/fixtures'
import { giveAdaOnboardingDocs, inboxScreen, makeDue } from './support/inbox'
import { openFilledOutbox } from './support/outbox'

// The Inbox's and the Sync view's lists draw only the rows on screen (app/VirtualGroups.tsx), so a
// group's box, a card, is drawn by its rows: the first closes it at the top with rounded corners, the
// last at the bottom, and rows between share one line. Checked in both themes, on each list's rows.

/**
 * How a row (or list) draws its part of a card, in words: each side a `line` (the theme's border), or
 * `none`; the top and bottom corners `round` (the theme's radius) or `square`; the background the
 * theme's `card` colour. Anything else is said as the browser computed it, so a failure shows it.
 */
const drawing = (element: Locator) =>
  element.evaluate((drawn) => {
    const probe = document.createElement('div')
    probe.style.cssText =
      'border: 1px solid var(--border); border-radius: var(--radius); background: var(--surface)'
    document.body.append(probe)
    const theme = getComputedStyle(probe)
    const card = {
      line: `${theme.borderTopWidth} ${theme.borderTopStyle} ${theme.borderTopColor}`,
      radius: theme.borderTopLeftRadius,
      background: theme.backgroundColor,
    }
    probe.remove()
    const style = getComputedStyle(drawn)
    const side = (name: 'Top' | 'Right' | 'Bottom' | 'Left') => {
      const line = `${style.getPropertyValue(`border-${name.toLowerCase()}-width`)} ${style.getPropertyValue(
        `border-${name.toLowerCase()}-style`,
      )} ${style.getPropertyValue(`border-${name.toLowerCase()}-color`)}`
      return line === card.line ? 'line' : line.startsWith('0px ') ? 'none' : line
    }
    const corners = (first: string, second: string) => {
      const [a, b] = [style.getPropertyValue(first), style.getPropertyValue(second)]
      if (a !== b) return `${a} ${b}`
      return a === card.radius ? 'round' : a === '0px' ? 'square' : a
    }
    return {
      top: side('Top'),
      right: side('Right'),
      bottom: side('Bottom'),
      left: side('Left'),
      topCorners: corners('border-top-left-radius', 'border-top-right-radius'),
      bottomCorners: corners('border-bottom-left-radius', 'border-bottom-right-radius'),
      background: style.backgroundColor === card.background ? 'card' : style.backgroundColor,
    }
  })

const sides = { right: 'line', bottom: 'line', left: 'line', background: 'card' }
/** A group of three rows drawn as one card. */
const cardOfThree = [
  { ...sides, top: 'line', topCorners: 'round', bottomCorners: 'square' },
  { ...sides, top: 'none', topCorners: 'square', bottomCorners: 'square' },
  { ...sides, top: 'none', topCorners: 'square', bottomCorners: 'round' },
]

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} theme`, () => {
    test.use({ colorScheme })

    test('the Inbox draws a group of three rows as one card', async ({ page, signedIn, emulator }) => {
      makeDue(emulator, SEED_IDS.goals.shipEngine, 10)
      makeDue(emulator, SEED_IDS.goals.supportBacklog, 5)
      giveAdaOnboardingDocs(emulator, 2)
      await page.goto(signedIn.url)
      const rows = inboxScreen(page).group('Overdue').getByRole('listitem')
      await expect(rows).toHaveCount(3)
      expect(await Promise.all([0, 1, 2].map((at) => drawing(rows.nth(at))))).toEqual(cardOfThree)
    })

    test('the Inbox draws its drafts on Operately as one card too, its rows parted by a line', async ({
      page,
      signedIn,
    }) => {
      // Not a list drawn row by row: the list draws the card, and each row after the first its top line.
      for (const goal of [SEED_IDS.goals.shipEngine, SEED_IDS.goals.supportBacklog]) {
        const detail = await readGoal(signedIn.services, shortIdFromUuid(goal))
        const saved = await signedIn.services.dispatch(
          'checkIns.create',
          checkInInput(detail, 'Half written.', { publication: { mode: 'draft' } }),
        )
        if (!saved.ok) throw new Error(saved.error.message)
      }
      await page.goto(signedIn.url)
      const group = inboxScreen(page).group('Not published yet')
      const rows = group.getByRole('listitem')
      await expect(rows).toHaveCount(2)
      expect(await drawing(group.getByRole('list'))).toEqual({
        ...sides,
        top: 'line',
        topCorners: 'round',
        bottomCorners: 'round',
      })
      const inside = {
        right: 'none',
        bottom: 'none',
        left: 'none',
        topCorners: 'square',
        bottomCorners: 'square',
      }
      expect(await drawing(rows.nth(0))).toMatchObject({ ...inside, top: 'none' })
      expect(await drawing(rows.nth(1))).toMatchObject({ ...inside, top: 'line' })
    })
  })

  test.describe(`in the ${colorScheme} theme, the big company`, () => {
    test.use({ colorScheme, seed: 'big' })
    test.setTimeout(120_000)

    test('the Sync view draws a group of three rows as one card', async ({ page, signedIn, emulator }) => {
      const { queued, sync } = await openFilledOutbox(page, signedIn, emulator, { waiting: 3 })
      const rows = queued.map((goal) => sync.row(`Check-in · ${goal.name}`))
      expect(await Promise.all(rows.map(drawing))).toEqual(cardOfThree)
    })
  })
}
