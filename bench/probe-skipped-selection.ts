import { chromium, type Page } from 'playwright-core'
import { chromiumArgs } from './editor'
import { median } from './stats'

/**
 * What selecting everything costs Chromium when the document's blocks sit in chunks whose layout it may
 * skip (content-visibility: auto, as the editor draws a long description), against the same document
 * without skipping. No app code: a plain contenteditable of 125 chunks × 40 paragraphs (about 1.25 MB of
 * text), at the popup's size, every chunk laid out once first (as the editor's idle drawing does).
 *
 * Issue 20 asks for select all ≤ 1.0× stock TipTap while typing costs ≤ 0.6× stock. Typing is cheap
 * because off-screen chunks are skipped; this probe shows what the same skipping costs a selection that
 * spans them, in the browser alone. Not part of `npm run bench`; run it by hand:
 *
 *   npx tsx bench/probe-skipped-selection.ts
 *
 * Each figure: the Selection API calls plus the next frame (what the person waits for), median of 5.
 */

type Mode = 'never skipped' | 'skipped' | 'shown before selecting'

const chunkCss = `
  .c { contain: layout style paint }
  .skips .c { content-visibility: auto; contain-intrinsic-size: auto 2000px }
  .skips.shown .c { content-visibility: visible }
`

function documentHtml(mode: Mode): string {
  const paragraph = (n: number) =>
    `<p>Block ${n} lorem ipsum dolor sit amet, <b>consectetur</b> adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.</p>`
  const chunks = Array.from(
    { length: 125 },
    (_, c) => `<div class="c">${Array.from({ length: 40 }, (_, i) => paragraph(c * 40 + i)).join('')}</div>`,
  )
  return `<style>${chunkCss}</style><div id="e" contenteditable class="${mode === 'never skipped' ? '' : 'skips'}">${chunks.join('')}</div>`
}

/** Milliseconds from the first Selection call of a select-all to the frame after it. */
async function selectAllOnce(page: Page, mode: Mode): Promise<number> {
  await page.setContent(documentHtml(mode))
  // A script as text: tsx would add helpers to a function's source that the page does not have.
  return (await page.evaluate(`(async () => {
    const mode = ${JSON.stringify(mode)}
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
    const editor = document.getElementById('e')
    const chunks = [...editor.children]
    // Every chunk laid out once, then skipped again off screen (the editor's idle drawing).
    for (const chunk of chunks) chunk.style.contentVisibility = 'visible'
    void editor.offsetHeight
    for (const chunk of chunks) chunk.style.contentVisibility = ''
    await frame()
    await frame()
    const first = editor.querySelector('p').firstChild
    const last = chunks.at(-1).lastElementChild.firstChild
    const selection = getSelection()
    editor.focus()
    selection.collapse(first, 3)
    await frame()
    const started = performance.now()
    if (mode === 'shown before selecting') editor.classList.add('shown')
    selection.collapse(first, 0)
    selection.extend(last, last.length)
    await frame()
    return performance.now() - started
  })()`)) as number
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: chromiumArgs,
})
try {
  const modes: Mode[] = ['never skipped', 'skipped', 'shown before selecting']
  const runs = new Map<Mode, number[]>(modes.map((mode) => [mode, []]))
  // Alternating, so that a busy moment of the machine falls on every mode alike.
  for (let run = 0; run < 5; run++) {
    for (const mode of modes) {
      // A page of its own each time: nothing left over from the document before.
      const page = await browser.newPage({ viewport: { width: 380, height: 560 } })
      runs.get(mode)!.push(await selectAllOnce(page, mode))
      await page.close()
    }
  }
  const base = median(runs.get('never skipped')!)
  for (const mode of modes) {
    const ms = median(runs.get(mode)!)
    console.log(`${mode.padEnd(24)} ${ms.toFixed(0).padStart(5)} ms  ${(ms / base).toFixed(2)}×`)
  }
} finally {
  await browser.close()
}
