import { readFileSync } from 'node:fs'
import { chromium, type Page } from 'playwright-core'
import type { RichDoc } from '../e2e/emulator/types'
import {
  chromiumArgs,
  corpusPath,
  lastBlockPrefix,
  openProjectsList,
  projectRow,
  serveBaseline,
  startAppRig,
  timedOpen,
  typeInMiddle,
  viewport,
} from './editor'
import * as session from './session-scripts'
import { profiled } from './cpu-profile'

/**
 * Where the time goes, for the app and stock TipTap: a Chrome trace (main-thread self time per event
 * kind: script, style, layout, paint, GC…) and a sampled CPU profile (JavaScript self and total time per
 * function) around opening the 1 MB document and around typing 80 keys in it. Not part of `npm run
 * bench`: run it by hand when looking for work to remove.
 *
 *   scripts/with-keyring.sh npx tsx bench/profile-editor.ts [app|stock|both] [open|typing|select|both]
 *
 * APP_CSS and STOCK_CSS add a style sheet to the app's or stock's page, to try a CSS change without a build.
 * `select` profiles, after the open has settled, Shift+Ctrl+End from a caret in the middle, then
 * Ctrl+A followed by a key, then Ctrl+Z, each on its own (the session bench's slowest operations).
 *
 * It measures the current build in out/ (`npx electron-vite build` first). The renderer is minified:
 * for readable function names, build once with `minify: false` in electron.vite.config.ts's renderer
 * section (and do not commit that). Each profile is also written to /tmp/profile-<name>.json.
 */

/** Lets the open settle, puts the caret in the middle block and profiles the two selection operations. */
async function profileSelection(page: Page, who: string): Promise<void> {
  await page.waitForTimeout(4000)
  await page.evaluate(session.caretIn('middle', 'end'))
  await page.waitForTimeout(500)
  await profiled(page, `${who} shift-ctrl-end`, async () => {
    await page.keyboard.press('Shift+Control+End')
    await page.waitForTimeout(1500)
  })
  await page.evaluate(session.caretIn('middle', 'end'))
  await page.waitForTimeout(500)
  await profiled(page, `${who} select-all-key`, async () => {
    await page.keyboard.press('Control+a')
    await page.waitForTimeout(300)
    await page.keyboard.press('x')
    await page.waitForTimeout(1500)
  })
  await profiled(page, `${who} undo`, async () => {
    await page.keyboard.press('Control+z')
    await page.waitForTimeout(1500)
  })
}

const [who = 'both', what = 'both'] = process.argv.slice(2)
const doc = JSON.parse(readFileSync(corpusPath, 'utf8')) as RichDoc
const lastText = lastBlockPrefix(doc as never)
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: chromiumArgs,
})
const rig = await startAppRig(doc)
const baseline = await serveBaseline(doc)
try {
  if (who !== 'stock') {
    const page = await (await browser.newContext({ viewport })).newPage()
    await openProjectsList(page, rig.harness)
    // The app's CSP refuses a style element: the rule goes into its own style sheet through the CSSOM.
    if (process.env.APP_CSS) {
      await page.evaluate((rule) => {
        const sheet = [...document.styleSheets].find((each) => each.href !== null)
        sheet?.insertRule(rule, sheet.cssRules.length)
      }, process.env.APP_CSS)
    }
    const open = () => timedOpen(page, projectRow(page, 'Launch site'), lastText)
    const ms = what !== 'open' && what !== 'both' ? await open() : await profiled(page, 'app open', open)
    console.log(`app open: ${ms.toFixed(0)} ms`)
    if (what === 'select') await profileSelection(page, 'app')
    else if (what !== 'open') {
      const run = await profiled(page, 'app typing', () => typeInMiddle(page, { trace: false }))
      console.log(
        `app typing: landed ${run.landed}, long tasks ${run.longTasks.length} / ${run.longTasks.reduce((a, b) => a + b, 0).toFixed(0)} ms`,
      )
    }
    await page.context().close()
  }
  if (who !== 'app') {
    const page = await (await browser.newContext({ viewport })).newPage()
    await page.goto(baseline.url)
    if (process.env.STOCK_CSS) await page.addStyleTag({ content: process.env.STOCK_CSS })
    const open = () => timedOpen(page, page.getByRole('button', { name: 'Open document' }), lastText)
    const ms = what !== 'open' && what !== 'both' ? await open() : await profiled(page, 'stock open', open)
    console.log(`stock open: ${ms.toFixed(0)} ms`)
    if (what === 'select') await profileSelection(page, 'stock')
    else if (what !== 'open') {
      const run = await profiled(page, 'stock typing', () => typeInMiddle(page, { trace: false }))
      console.log(
        `stock typing: landed ${run.landed}, long tasks ${run.longTasks.length} / ${run.longTasks.reduce((a, b) => a + b, 0).toFixed(0)} ms`,
      )
    }
    await page.context().close()
  }
} finally {
  await baseline.close()
  await rig.close()
  await browser.close()
}
process.exit(0)
