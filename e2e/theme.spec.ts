import { expect, test } from './support/fixtures'
import { popup } from './support/popup'

/** Relative luminance (WCAG) of a computed `rgb(…)` colour, 0 = black, 1 = white. */
function luminance(color: string): number {
  const channels = color
    .match(/[\d.]+/g)
    ?.slice(0, 3)
    .map(Number)
  if (!channels || channels.length < 3) throw new Error(`not an rgb colour: ${color}`)
  const [r, g, b] = channels.map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

const bodyColors = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.body)
    return { background: style.backgroundColor, text: style.color }
  })

test.describe('with the system in dark mode', () => {
  test.use({ colorScheme: 'dark' })

  test('the popup is dark, with light text', async ({ page, harness }) => {
    await page.goto(harness.url)
    await expect(popup(page).signInHeading).toBeVisible()
    const { background, text } = await bodyColors(page)
    expect(luminance(background)).toBeLessThan(0.05)
    expect(luminance(text)).toBeGreaterThan(0.6)
  })
})

test.describe('with the system in light mode', () => {
  test.use({ colorScheme: 'light' })

  test('the popup is light, with dark text', async ({ page, harness }) => {
    await page.goto(harness.url)
    await expect(popup(page).signInHeading).toBeVisible()
    const { background, text } = await bodyColors(page)
    expect(luminance(background)).toBeGreaterThan(0.8)
    expect(luminance(text)).toBeLessThan(0.05)
  })
})
