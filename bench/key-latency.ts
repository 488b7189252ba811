import type { Locator, Page } from 'playwright-core'
import { percentile } from './stats'

/**
 * Key latency by Event Timing: from a key's input event timestamp to the paint after it, per interaction
 * (a key's keydown, keypress and keyup share one interactionId; the longest counts). Chromium reports only
 * interactions of 16 ms or more, in 8 ms steps: one it does not report took less, counted here as 0, so
 * a p95 of 0 reads "under 16 ms".
 */
export interface KeyLatency {
  keys: number
  /** The interactions Event Timing reported (16 ms or more), in the order typed. */
  slow: number[]
  p95: number
  worst: number
  longTasks: number
  longest: number
}

/** The pace a person types at, for every typing measurement in this bench. */
export const KEY_INTERVAL_MS = 100

/**
 * What is typed into a filter: a query key by key, then erased key by key, eight times over (160 keys, so
 * that the p95 is a percentile and not the worst key). The erasing keys count as much as the typing ones:
 * each widens the list again, which no earlier result narrows.
 */
export const FILTER_KEYS: readonly string[] = Array.from(
  { length: 8 },
  (_, i) => `latency 0${i + 1}`,
).flatMap((query) => [...query, ...Array<string>(query.length).fill('Backspace')])

/** Types `keys` into `field` at a person's pace and reads what Event Timing and long tasks saw meanwhile. */
export async function measureKeys(page: Page, field: Locator, keys: readonly string[]): Promise<KeyLatency> {
  await page.evaluate(`(() => {
    window.benchEvents = []
    window.benchLong = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.interactionId) window.benchEvents.push({ id: e.interactionId, d: e.duration })
      }
    }).observe({ type: 'event', durationThreshold: 16 })
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.benchLong.push(e.duration)
    }).observe({ type: 'longtask' })
  })()`)
  await field.focus()
  for (const key of keys) {
    await page.keyboard.press(key)
    await page.waitForTimeout(KEY_INTERVAL_MS)
  }
  // Settle: the list following the last key, and the observers' last entries.
  await page.waitForTimeout(1_000)
  const { events, long } = await page.evaluate<{ events: { id: number; d: number }[]; long: number[] }>(
    '({ events: window.benchEvents, long: window.benchLong })',
  )
  const byInteraction = new Map<number, number>()
  for (const { id, d } of events) byInteraction.set(id, Math.max(byInteraction.get(id) ?? 0, d))
  const slow = [...byInteraction.values()]
  const all = [...slow, ...Array<number>(Math.max(0, keys.length - slow.length)).fill(0)]
  return {
    keys: keys.length,
    slow,
    p95: percentile(all, 95),
    worst: Math.max(0, ...slow),
    longTasks: long.length,
    longest: Math.max(0, ...long),
  }
}

/**
 * The same keys typed into a bare `<input>` whose every key rewrites a line of text, in a new page of the
 * same browser at the same size: what a key costs this browser and machine before any app code runs.
 */
export async function measureBareKeys(page: Page, keys: readonly string[]): Promise<KeyLatency> {
  const browser = page.context().browser()
  if (!browser) throw new Error('key latency: the page has no browser to open a bare page in')
  const bare = await browser.newPage({ viewport: page.viewportSize() })
  try {
    await bare.setContent(
      `<label>Filter <input id="filter" type="search"></label><p id="echo"></p>
       <script>
         const echo = document.getElementById('echo')
         document.getElementById('filter').addEventListener('input', (e) => { echo.textContent = e.target.value })
       </script>`,
    )
    return await measureKeys(bare, bare.getByLabel('Filter'), keys)
  } finally {
    await bare.close()
  }
}
