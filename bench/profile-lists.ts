import type { Page } from 'playwright-core'
import type { SeedName } from '../e2e/emulator'
import { startListsRig } from './lists-rig'
import { profiled } from './cpu-profile'
import { FILTER_KEYS, KEY_INTERVAL_MS } from './key-latency'

/**
 * Where the lists' time goes (issue 23): a Chrome trace and a sampled CPU profile around the first
 * Check-ins tab click (the list read from the server), a click back to it from the cache, and typing the
 * filter, at the popup's size on the browser harness. Not part of `npm run bench`: run it by hand when
 * looking for work to remove.
 *
 *   scripts/with-keyring.sh npx tsx bench/profile-lists.ts [big|usual]
 *
 * It measures the current build in out/ (`npx electron-vite build` first). For readable function names,
 * build once with `minify: false` in electron.vite.config.ts's renderer section (and do not commit that).
 * Each profile is also written to /tmp/profile-<name>.json.
 */

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name }).click()

const seed = (process.argv[2] ?? 'big') as SeedName
const rig = await startListsRig(seed)
try {
  const { page } = rig
  await page.waitForTimeout(1_000)
  // The inbox, shown and left alone: it should cost nothing while nobody touches it.
  await profiled(page, 'inbox idle', () => page.waitForTimeout(3_000))
  await profiled(page, 'first goals', async () => {
    await tab(page, 'Check-ins')
    await page.locator('[role="option"]').first().waitFor()
    await page.waitForTimeout(500)
  })
  await tab(page, 'Inbox')
  await page.waitForTimeout(500)
  await profiled(page, 'cached goals', async () => {
    await tab(page, 'Check-ins')
    await page.locator('[role="option"]').first().waitFor()
    await page.waitForTimeout(500)
  })
  await page.getByLabel('Filter goals').focus()
  await page.waitForTimeout(500)
  await profiled(page, 'filter', async () => {
    for (const key of FILTER_KEYS) {
      await page.keyboard.press(key)
      await page.waitForTimeout(KEY_INTERVAL_MS)
    }
    await page.waitForTimeout(1_000)
  })
} finally {
  await rig.close()
}
process.exit(0)
