import { expect, test as base, type Locator, type Page } from '@playwright/test'
import { expectAccessible } from './support/axe'
import { startTrendPage } from './support/trend-page'

// Each target's trend chart in real Chromium, drawn by the check-in form's TargetFields with a goal's
// history handed to it (src/renderer/src/features/check-in/test-support/trend-page.tsx: one target per
// awkward case: a normal rise, a decreasing target, all values equal with start = target, numbers past a
// quadrillion, negative values beyond the range, no check-ins, one check-in).

/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from this destructuring. */
const test = base.extend<object, { trendUrl: string }>({
  trendUrl: [
    async ({}, use) => {
      const server = await startTrendPage()
      await use(server.url)
      await server.close()
    },
    { scope: 'worker' },
  ],
})
/* eslint-enable no-empty-pattern */

const NAMES = ['Revenue', 'Churn', 'Headcount', 'Market cap', 'Net balance', 'New hires', 'Offices']

/** A target's chart: the one image whose name starts with the target's name. */
const chart = (page: Page, name: string) => page.getByRole('img', { name: new RegExp(`^${name}: `) })

async function openPage(page: Page, url: string) {
  await page.goto(url)
  await expect(chart(page, 'Revenue')).toBeVisible()
}

/** Where the typed value's point is drawn (its centre), or null when none is. */
async function nextPoint(img: Locator): Promise<{ x: number; y: number } | null> {
  const marks = img.locator('.ci-trend__next')
  if ((await marks.count()) === 0) return null
  const box = (await marks.boundingBox())!
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/** Relative luminance (WCAG) of a computed `rgb(…)` colour. */
function luminance(color: string): number {
  const [r, g, b] = color
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map((c) => {
      const s = Number(c) / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** The colours a chart is drawn in, and the background it is drawn on (the first opaque one above it). */
function chartColours(img: Locator) {
  return img.evaluate((svg) => {
    let background = 'rgb(255, 255, 255)'
    for (let node: Element | null = svg; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') {
        background = colour
        break
      }
    }
    const style = (selector: string) => {
      const element = svg.querySelector(selector)
      return element ? getComputedStyle(element) : null
    }
    return {
      background,
      labels: [...svg.querySelectorAll('text')].map((text) => getComputedStyle(text).fill),
      line: style('.ci-trend__line')!.stroke,
      target: style('.ci-trend__to')!.stroke,
      start: style('.ci-trend__from')!.stroke,
      next: style('.ci-trend__next')!.stroke,
      targetDash: style('.ci-trend__to')!.strokeDasharray,
      startDash: style('.ci-trend__from')!.strokeDasharray,
      linkDash: style('.ci-trend__next-link')!.strokeDasharray,
      nextShape: svg.querySelector('.ci-trend__next')!.tagName,
      pointShape: svg.querySelector('.ci-trend__point')!.tagName,
    }
  })
}

/** Every chart inside the form and the window; its labels inside it and clear of each other. */
async function expectChartsFit(page: Page) {
  const form = (await page.getByRole('form', { name: 'Check-in' }).boundingBox())!
  const window = page.viewportSize()!
  for (const name of NAMES) {
    const img = chart(page, name)
    await img.scrollIntoViewIfNeeded()
    const box = (await img.boundingBox())!
    expect(box.width, `${name}: the chart has room`).toBeGreaterThan(60)
    expect(box.x, `${name} starts inside the form`).toBeGreaterThanOrEqual(form.x - 0.5)
    expect(box.x + box.width, `${name} ends inside the form`).toBeLessThanOrEqual(form.x + form.width + 0.5)
    expect(box.x + box.width, `${name} ends inside the window`).toBeLessThanOrEqual(window.width)
    const texts = await img.locator('text').evaluateAll((elements) =>
      elements.map((element) => {
        const r = element.getBoundingClientRect()
        return { text: element.textContent ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom }
      }),
    )
    const svg = await img.evaluate((element) => {
      const r = element.getBoundingClientRect()
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }
    })
    expect(texts.length, `${name} labels its start and target`).toBe(2)
    for (const t of texts) {
      expect(t.left, `${name}: "${t.text}" is not cut on the left`).toBeGreaterThanOrEqual(svg.left - 0.5)
      expect(t.right, `${name}: "${t.text}" is not cut on the right`).toBeLessThanOrEqual(svg.right + 0.5)
      expect(t.top, `${name}: "${t.text}" is not cut at the top`).toBeGreaterThanOrEqual(svg.top - 0.5)
      expect(t.bottom, `${name}: "${t.text}" is not cut at the bottom`).toBeLessThanOrEqual(svg.bottom + 0.5)
    }
    const [a, b] = texts as [(typeof texts)[0], (typeof texts)[0]]
    const apart = a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5 || a.right <= b.left || b.right <= a.left
    expect(apart, `${name}: "${a.text}" and "${b.text}" do not overlap`).toBe(true)
    // The marks stay left of the labels' column.
    const marks = await img
      .locator('circle, .ci-trend__next')
      .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().right))
    const labelsLeft = Math.min(...texts.map((t) => t.left))
    for (const right of marks)
      expect(right, `${name}: a point runs into a label`).toBeLessThanOrEqual(labelsLeft)
  }
}

test('each target has a chart named by its figures, and a table of them behind a button', async ({
  page,
  trendUrl,
}) => {
  await openPage(page, trendUrl)
  await expect(chart(page, 'Revenue')).toHaveAccessibleName(
    'Revenue: 3 check-ins, from 10 k€ to 40 k€, start 10 k€, target 100 k€, this check-in 40 k€',
  )
  await expect(chart(page, 'New hires')).toHaveAccessibleName(
    'New hires: no check-ins yet, start 0 people, target 30 people',
  )
  await expect(page.getByText('No check-ins yet')).toHaveCount(1)
  await expect(chart(page, 'Offices')).toHaveAccessibleName(
    'Offices: 1 check-in, 2, start 1, target 4, this check-in 2',
  )

  const toggle = page.getByRole('button', { name: 'Revenue in figures' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  const table = page.getByRole('table', { name: 'Revenue, check-in by check-in' })
  await expect(table).toBeHidden()
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(table).toBeVisible()
  const rows = table.getByRole('row')
  // The header, the start, three check-ins oldest first (given newest first), this check-in, the target.
  await expect(rows).toHaveCount(7)
  await expect(rows.nth(1)).toHaveText(/^Start\s*10 k€$/)
  await expect(rows.nth(2)).toHaveText(/10 k€$/)
  await expect(rows.nth(4)).toHaveText(/40 k€$/)
  await expect(rows.nth(5)).toHaveText(/^This check-in\s*40 k€$/)
  await expect(rows.nth(6)).toHaveText(/^Target\s*100 k€$/)
  await toggle.click()
  await expect(table).toBeHidden()
})

test('the value being typed is the next point, and the table’s row, as it is typed', async ({
  page,
  trendUrl,
}) => {
  await openPage(page, trendUrl)
  const img = chart(page, 'Revenue')
  const field = page.getByRole('textbox', { name: 'Revenue', exact: true })
  await page.getByRole('button', { name: 'Revenue in figures' }).click()
  const table = page.getByRole('table', { name: 'Revenue, check-in by check-in' })
  const typedRow = table.getByRole('row', { name: /^This check-in/ })

  const before = (await nextPoint(img))!
  await field.fill('90')
  await expect(typedRow).toHaveText(/90 k€$/)
  await expect(img).toHaveAccessibleName(/this check-in 90 k€$/)
  const higher = (await nextPoint(img))!
  expect(higher.y, 'a larger value is drawn higher').toBeLessThan(before.y - 10)
  expect(higher.x).toBeCloseTo(before.x, 0)

  await field.fill('5')
  await expect(typedRow).toHaveText(/5 k€$/)
  expect((await nextPoint(img))!.y, 'below the start line now').toBeGreaterThan(before.y)

  // Nothing readable: no next point, no row, no words for it.
  await field.fill('ninety')
  await expect(typedRow).toHaveCount(0)
  await expect(img).toHaveAccessibleName(
    'Revenue: 3 check-ins, from 10 k€ to 40 k€, start 10 k€, target 100 k€',
  )
  expect(await nextPoint(img)).toBeNull()
  await field.fill('')
  await expect(typedRow).toHaveCount(0)
  expect(await nextPoint(img)).toBeNull()

  // A typed value also shows on a target with no check-ins yet.
  const hires = chart(page, 'New hires')
  expect(await nextPoint(hires)).toBeNull()
  await page.getByRole('textbox', { name: 'New hires' }).fill('12')
  await expect(hires).toHaveAccessibleName(/this check-in 12 people$/)
  expect(await nextPoint(hires)).not.toBeNull()
})

test('numbers in the chart and its table are written the person’s way', async ({ page, trendUrl }) => {
  await page.goto(`${trendUrl}?locale=de-DE`)
  await expect(chart(page, 'Market cap')).toHaveAccessibleName(
    'Market cap: 3 check-ins, from 120.000.000.000.000 USD to 950.000.000.000.000 USD, start 0 USD, target 4.000.000.000.000.000 USD, this check-in 950.000.000.000.000 USD',
  )
  await expect(chart(page, 'Net balance').locator('text')).toHaveText(['Target 250', 'Start -500'])
  await expect(chart(page, 'Churn').locator('text')).toHaveText(['Target 2', 'Start 9'])
  await expect(chart(page, 'Market cap').locator('text')).toHaveText(['Target 4E15', 'Start 0'])
  await page.getByRole('button', { name: 'Churn in figures' }).click()
  const rows = page.getByRole('table', { name: 'Churn, check-in by check-in' }).getByRole('row')
  await expect(rows.nth(3)).toHaveText(/7,5 %$/)
})

for (const scheme of ['light', 'dark'] as const) {
  test(`in ${scheme} mode the charts are legible and their marks differ without colour`, async ({
    page,
    trendUrl,
  }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await openPage(page, trendUrl)
    const colours = await chartColours(chart(page, 'Revenue'))
    for (const label of colours.labels) {
      expect(
        contrast(label, colours.background),
        `a label on the ${scheme} background`,
      ).toBeGreaterThanOrEqual(4.5)
    }
    for (const [mark, colour] of Object.entries({
      line: colours.line,
      target: colours.target,
      start: colours.start,
      next: colours.next,
    })) {
      expect(
        contrast(colour, colours.background),
        `the ${mark} line on the ${scheme} background`,
      ).toBeGreaterThanOrEqual(3)
    }
    expect(colours.targetDash).not.toBe('none')
    expect(colours.startDash).toBe('none')
    expect(colours.linkDash).not.toBe('none')
    expect(colours.nextShape).toBe('path')
    expect(colours.pointShape).toBe('circle')
  })

  test(`in ${scheme} mode axe finds nothing, with the tables closed and open`, async ({ page, trendUrl }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await openPage(page, trendUrl)
    await expectAccessible(page, `the trends in ${scheme} mode`)
    for (const name of NAMES) await page.getByRole('button', { name: `${name} in figures` }).click()
    await expect(page.getByRole('table')).toHaveCount(NAMES.length)
    await expectAccessible(page, `the trends' tables in ${scheme} mode`)
  })
}

test('the light and the dark chart are different pictures', async ({ page, trendUrl }) => {
  await openPage(page, trendUrl)
  const img = chart(page, 'Revenue')
  const light = await img.screenshot()
  const lightBackground = (await chartColours(img)).background
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(async () => (await chartColours(img)).background).not.toBe(lightBackground)
  const dark = await img.screenshot()
  expect(dark.equals(light)).toBe(false)
  await test.info().attach('trend-light.png', { body: light, contentType: 'image/png' })
  await test.info().attach('trend-dark.png', { body: dark, contentType: 'image/png' })
})

test('at the popup’s width every chart fits and its labels neither overlap nor clip', async ({
  page,
  trendUrl,
}) => {
  await openPage(page, trendUrl)
  await expectChartsFit(page)
})

test.describe('at 200% zoom', () => {
  // The popup's 380 × 560 pixels hold a page of 190 × 280 CSS pixels (as e2e/zoom.spec.ts).
  test.use({ viewport: { width: 190, height: 280 } })

  test('every chart fits inside the form and its labels neither overlap nor clip', async ({
    page,
    trendUrl,
  }) => {
    await openPage(page, trendUrl)
    await expectChartsFit(page)
  })
})
