import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import keytar from 'keytar'
import { chromium, type Browser, type CDPSession, type Locator, type Page } from 'playwright-core'
import { startEmulator } from '../e2e/emulator'
import type { Emulator, RichDoc } from '../e2e/emulator/types'
import { startHarness, type Harness } from '../e2e/harness'
import { serveFiles, type PageServer } from '../e2e/support/bundled-page'
import { createMainServices } from '../src/main/services/create-services'
import { silentLogger } from '../src/main/services/log/logger'
import { pageObjectBytes, readSnapshot, takeSnapshot } from './heap-snapshot'
import * as scripts from './page-scripts'
import { editableProjects } from './projects'
import { result, type BenchResult } from './result'
import { median, percentile, round } from './stats'
import { mainThreadTime, startTrace } from './trace'

/**
 * The editor on a 1 MB description (≈5,000 paragraphs with marks and mentions), in headless Chromium
 * through the browser harness, next to a plain TipTap StarterKit editor holding the same text. Also the
 * renderer's JS heap across open/close cycles of that document.
 */

const root = fileURLToPath(new URL('..', import.meta.url))
export const corpusPath = join(root, 'src/renderer/src/editor/corpus/large-1mb.json')
// The popup's size (a 420-pixel-wide window), for the app and the stock page alike.
export const viewport = { width: 420, height: 600 }
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-gpu',
  '--enable-precise-memory-info',
]

interface JsonNode {
  type: string
  text?: string
  content?: JsonNode[]
}

/** The start of the document's last block as it reads on screen: its text up to the first non-text node. */
export function lastBlockPrefix(doc: JsonNode): string {
  const last = doc.content?.at(-1)
  let text = ''
  for (const child of last?.content ?? []) {
    if (child.type !== 'text') break
    text += child.text ?? ''
  }
  const prefix = text.replace(/\s+/g, ' ').slice(0, 30)
  if (prefix.length < 5) throw new Error('the corpus document does not end in a paragraph of text')
  return prefix
}

// 80 keys of ordinary words, typed in the middle of the document at a person's steady pace.
const sentence = 'the quick brown fox jumps over the lazy dog '
const typed = sentence.repeat(2).slice(0, 80)
const KEY_INTERVAL_MS = 100
const OPEN_RUNS = 5
const TYPING_RUNS = 3
const CYCLES = 20

/**
 * Projects (all editable by Ada, see projects.ts) whose description becomes the 1 MB document; each
 * typing run types in its own one, since typing leaves a draft behind.
 */
const projectNames = {
  open: 'Launch site',
  memory: 'Office move',
  typing: ['Mobile app beta', 'Bench project 1', 'Bench project 2'],
}

interface AppRig {
  emulator: Emulator
  harness: Harness
  close(): Promise<void>
}

export async function startAppRig(doc: RichDoc, projects = 5): Promise<AppRig> {
  const emulator = await startEmulator()
  editableProjects(emulator, projects)
  for (const project of emulator.state.projects) project.description = structuredClone(doc)
  const dataDir = await mkdtemp(join(tmpdir(), 'operately-tray-bench-editor-'))
  const services = await createMainServices({
    dataDir,
    keytar,
    vaultService: `Operately Tray bench ${randomUUID()}`,
    log: silentLogger,
  })
  const harness = await startHarness({ dataDir, services })
  const signedIn = await services.dispatch('session.signIn', {
    baseUrl: emulator.url,
    token: emulator.tokens.write,
  })
  if (!signedIn.ok) throw new Error(`could not sign in to the emulator: ${signedIn.error.message}`)
  return {
    emulator,
    harness,
    async close() {
      await services.dispatch('session.signOut', {})
      await harness.close()
      await services.close()
      await emulator.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export async function openProjectsList(page: Page, harness: Harness): Promise<void> {
  await page.goto(harness.url)
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Projects' }).click()
  await page.getByLabel('Filter projects').waitFor()
}

/** Clicks `target`; resolves with ms from the click to the document painted and editable. */
export async function timedOpen(page: Page, target: Locator, lastText: string): Promise<number> {
  await target.waitFor()
  await page.evaluate(scripts.armOpenTimer(lastText))
  await target.click()
  await page.evaluate(scripts.waitUntil(`${scripts.openMs} !== null`, 120_000))
  return (await page.evaluate(scripts.openMs)) as number
}

export const projectRow = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name}\\b`) })

export interface TypingRun {
  /** Event Timing durations of key events of 16 ms and more. */
  slowEvents: number[]
  longTasks: number[]
  /**
   * CPU time of the page's main thread from the first key to 1.5 s after the last (Chrome trace): what
   * the work cost, much less swayed than wall times by whatever else the machine runs. NaN when the run
   * was not traced.
   */
  mainThreadCpuMs: number
  landed: boolean
}

/**
 * Types 80 keys at 10 a second at the end of the middle block, with the browser's measures on. `trace:
 * false` leaves out the Chrome trace (for a caller tracing the run itself: one trace at a time).
 */
export async function typeInMiddle(page: Page, options: { trace?: boolean } = {}): Promise<TypingRun> {
  const index = (await page.evaluate(scripts.cursorToMiddle)) as number
  await page.evaluate(scripts.twoFrames)
  await page.evaluate(scripts.pause(1500))
  const type = async () => {
    await page.evaluate(scripts.armTypingProbe)
    await page.keyboard.type(typed, { delay: KEY_INTERVAL_MS })
    // The work a change sets off after the keys (the debounced report) is part of typing too.
    await page.evaluate(scripts.pause(1500))
  }
  let mainThreadCpuMs = Number.NaN
  if (options.trace === false) await type()
  else {
    mainThreadCpuMs = await withCdp(page, async (cdp) => {
      const stopTrace = await startTrace(cdp)
      await type()
      return mainThreadTime(await stopTrace()).cpuMs
    })
  }
  const results = (await page.evaluate(scripts.typingResults)) as {
    events: Array<{ name: string; duration: number }>
    longTasks: number[]
  }
  const text = (await page.evaluate(scripts.blockText(index))) as string
  return {
    slowEvents: results.events.map((event) => event.duration),
    longTasks: results.longTasks,
    mainThreadCpuMs,
    landed: text.includes(typed.slice(0, 40)),
  }
}

export async function withCdp<T>(page: Page, work: (cdp: CDPSession) => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page)
  try {
    return await work(cdp)
  } finally {
    await cdp.detach()
  }
}

async function heapMb(page: Page): Promise<number> {
  // The browser's own timing buffers (an entry per bridge call, up to 250) are not the app's memory.
  await page.evaluate(scripts.clearTimingBuffers)
  return withCdp(page, async (cdp) => {
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('HeapProfiler.collectGarbage')
    const usage = await cdp.send('Runtime.getHeapUsage')
    return usage.usedSize / (1024 * 1024)
  })
}

/** The page's own objects (pageObjectBytes) in a heap snapshot taken now, after GC, in MB. */
async function pageObjectsMb(page: Page): Promise<number> {
  await page.evaluate(scripts.clearTimingBuffers)
  return withCdp(page, async (cdp) => {
    await cdp.send('HeapProfiler.collectGarbage')
    return pageObjectBytes(readSnapshot(await takeSnapshot(cdp))) / (1024 * 1024)
  })
}

/**
 * After the editor was closed: how many TipTap editors, ProseMirror views and document nodes are still
 * alive on the heap (CDP Runtime.queryObjects over the prototypes kept by rememberEditorPrototypes), and
 * how many ProseMirror DOM trees are detached but still reachable.
 */
async function retainedEditors(
  page: Page,
): Promise<{ editors: number; views: number; nodes: number; trees: number }> {
  return withCdp(page, async (cdp) => {
    await cdp.send('HeapProfiler.collectGarbage')
    const count = async (expression: string, filter = 'function () { return this.length }') => {
      const prototype = await cdp.send('Runtime.evaluate', { expression })
      const objects = await cdp.send('Runtime.queryObjects', {
        prototypeObjectId: prototype.result.objectId!,
      })
      const counted = await cdp.send('Runtime.callFunctionOn', {
        objectId: objects.objects.objectId!,
        functionDeclaration: filter,
        returnByValue: true,
      })
      return counted.result.value as number
    }
    return {
      editors: await count('window.__benchPrototypes.editor'),
      views: await count('window.__benchPrototypes.view'),
      nodes: await count('window.__benchPrototypes.node'),
      trees: await count(
        'HTMLDivElement.prototype',
        'function () { return this.filter((el) => el.classList.contains("ProseMirror") && !el.isConnected).length }',
      ),
    }
  })
}

export async function serveBaseline(doc: RichDoc): Promise<PageServer> {
  const bundle = await build({
    stdin: { contents: scripts.baselineEntry, resolveDir: root, loader: 'js', sourcefile: 'baseline.js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  })
  return serveFiles({
    '/': { type: 'text/html', body: scripts.baselineHtml },
    '/page.js': { type: 'text/javascript', body: bundle.outputFiles[0]!.contents },
    '/doc.json': { type: 'application/json', body: JSON.stringify(doc) },
  })
}

/**
 * The app and stock TipTap, run by run in turn (app, stock, app, stock…), so that whatever else the
 * machine is doing weighs on both alike: on a shared machine, two blocks of runs minutes apart compare the
 * load, not the editors. Then the app's memory over 20 open/close cycles.
 */
async function measureBoth(browser: Browser, doc: RichDoc, lastText: string, log: (line: string) => void) {
  const rig = await startAppRig(doc)
  const baseline = await serveBaseline(doc)
  const { url } = baseline
  try {
    const appPage = await (await browser.newContext({ viewport })).newPage()
    const stockPage = await (await browser.newContext({ viewport })).newPage()
    const openStock = async () => {
      await stockPage.goto(url)
      return timedOpen(stockPage, stockPage.getByRole('button', { name: 'Open document' }), lastText)
    }
    // A fresh page for every run, so nothing is cached in the page.
    const openApp = async (project: string) => {
      await openProjectsList(appPage, rig.harness)
      return timedOpen(appPage, projectRow(appPage, project), lastText)
    }

    const opens = { app: [] as number[], stock: [] as number[] }
    for (let run = 0; run < OPEN_RUNS; run++) {
      opens.app.push(await openApp(projectNames.open))
      opens.stock.push(await openStock())
    }
    log(`editor: open runs, app ${opens.app.map((ms) => ms.toFixed(0)).join(', ')} ms`)
    log(`editor: open runs, stock ${opens.stock.map((ms) => ms.toFixed(0)).join(', ')} ms`)

    // Each app run in its own project: typing leaves a draft behind.
    const typing = { app: [] as TypingRun[], stock: [] as TypingRun[] }
    for (let run = 0; run < TYPING_RUNS; run++) {
      await openApp(projectNames.typing[run]!)
      typing.app.push(await typeInMiddle(appPage))
      await openStock()
      typing.stock.push(await typeInMiddle(stockPage))
    }
    await stockPage.context().close()

    // Memory: one popup, 20 open/close cycles of the same document.
    await openProjectsList(appPage, rig.harness)
    const afterOpen: number[] = []
    const afterClose: number[] = []
    // The page's own objects after closing at cycle 2 and at the last cycle (heap snapshots).
    const objectsMb: number[] = []
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      await timedOpen(appPage, projectRow(appPage, projectNames.memory), lastText)
      if (cycle === 0) await appPage.evaluate(scripts.rememberEditorPrototypes)
      afterOpen.push(await heapMb(appPage))
      await appPage.getByRole('button', { name: 'Back to projects' }).click()
      await appPage.getByLabel('Filter projects').waitFor()
      afterClose.push(await heapMb(appPage))
      if (cycle === 1 || cycle === CYCLES - 1) objectsMb.push(await pageObjectsMb(appPage))
    }
    const retained = await retainedEditors(appPage)
    log(`editor: heap after close ${afterClose.map((mb) => mb.toFixed(1)).join(', ')} MB`)
    log(`editor: alive after closing: ${JSON.stringify(retained)}`)
    await appPage.context().close()
    return {
      app: { opens: opens.app, typing: typing.app, afterOpen, afterClose, objectsMb, retained },
      stock: { opens: opens.stock, typing: typing.stock },
    }
  } finally {
    await baseline.close()
    await rig.close()
  }
}

/** Per-run figures of a set of typing runs, each the median over the runs. */
function typingFigures(runs: TypingRun[]) {
  const of = (pick: (run: TypingRun) => number) => median(runs.map(pick))
  return {
    p95: of((run) => (run.slowEvents.length ? percentile(run.slowEvents, 95) : 0)),
    worst: of((run) => Math.max(0, ...run.slowEvents)),
    slowCount: of((run) => run.slowEvents.length),
    longCount: of((run) => run.longTasks.length),
    longMs: of((run) => run.longTasks.reduce((sum, ms) => sum + ms, 0)),
    cpuMs: of((run) => run.mainThreadCpuMs),
    missed: runs.filter((run) => !run.landed).length,
  }
}

const ratio = (value: number, stock: number) =>
  stock > 0 ? `${round(value / stock)} × stock` : 'stock had none'

export async function measureEditor(log: (line: string) => void): Promise<BenchResult[]> {
  const doc = JSON.parse(readFileSync(corpusPath, 'utf8')) as RichDoc
  const lastText = lastBlockPrefix(doc as unknown as JsonNode)
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
  })
  try {
    const { app, stock } = await measureBoth(browser, doc, lastText, log)

    const mine = typingFigures(app.typing)
    const theirs = typingFigures(stock.typing)
    const typingNote = `${TYPING_RUNS} runs of ${typed.length} keys at ${1000 / KEY_INTERVAL_MS}/s, ${viewport.width}×${viewport.height}, median per run${
      mine.missed ? `; in ${mine.missed} runs the text did not land in the middle block` : ''
    }`
    const openApp = median(app.opens)
    const openStock = median(stock.opens)
    // Growth is measured from cycle 2: the first close still holds what the app keeps once (code, caches).
    const second = app.afterClose[1]!
    const last = app.afterClose.at(-1)!
    const growth = ((last - second) / second) * 100
    const [objectsSecond, objectsLast] = app.objectsMb as [number, number]
    const objectsGrowth = ((objectsLast - objectsSecond) / objectsSecond) * 100
    const retainedEditors = app.retained.editors + app.retained.views
    return [
      result('editor open, 1 MB, click → painted and editable', openApp, 'ms', round(openStock), {
        baseline: openStock,
        note: `median of ${OPEN_RUNS}; ${ratio(openApp, openStock)} (budget 1.0 ×); the app goes through the harness and main, stock fetches the file`,
      }),
      result('key event duration p95 (of those ≥ 16 ms)', mine.p95, 'ms', round(0.6 * theirs.p95), {
        baseline: theirs.p95,
        note: `Event Timing; ${ratio(mine.p95, theirs.p95)} (budget 0.6 ×); ${typingNote}`,
        ...(mine.missed ? { met: false } : {}),
      }),
      result('worst key event', mine.worst, 'ms', null, {
        baseline: theirs.worst,
        note: ratio(mine.worst, theirs.worst),
      }),
      result('key events ≥ 16 ms', mine.slowCount, 'events', null, { baseline: theirs.slowCount }),
      result('long tasks while typing', mine.longCount, 'tasks', null, { baseline: theirs.longCount }),
      result('long-task time while typing', mine.longMs, 'ms', round(0.5 * theirs.longMs), {
        baseline: theirs.longMs,
        note: `Long Tasks API, from the first key to 1.5 s after the last; ${ratio(mine.longMs, theirs.longMs)} (budget 0.5 ×)`,
      }),
      result('main-thread CPU while typing', mine.cpuMs, 'ms', null, {
        baseline: theirs.cpuMs,
        note: `Chrome trace, thread time of the page's main thread over the same window; ${ratio(mine.cpuMs, theirs.cpuMs)} (context: CPU time varies less with machine load than wall time)`,
      }),
      result('renderer heap, 1 MB document open', median(app.afterOpen), 'MB', null, {
        note: `after GC, median of ${CYCLES} cycles`,
      }),
      result('heap growth, cycle 2 → 20, page objects', objectsGrowth, '%', 2, {
        note: `heap snapshot after closing, what the page keeps without V8's compiled code and its caches (heap-snapshot.ts pageObjectBytes): cycle 2 ${objectsSecond.toFixed(2)} MB → cycle 20 ${objectsLast.toFixed(2)} MB`,
      }),
      result('heap growth, cycle 2 → 20, whole JS heap', growth, '%', null, {
        note: `usedSize after GC, V8's compiled code included: cycle 1 ${app.afterClose[0]!.toFixed(1)} MB, cycle 2 ${second.toFixed(1)} MB → cycle 20 ${last.toFixed(1)} MB; second half (cycle 11 → 20) ${round(((last - app.afterClose[10]!) / app.afterClose[10]!) * 100)} % (heap-diff.ts says what it is made of)`,
      }),
      result('editors alive after 20 closes', retainedEditors, 'objects', 0, {
        note: `heap query after GC: ${app.retained.editors} TipTap editors, ${app.retained.views} EditorViews, ${app.retained.nodes} document nodes, ${app.retained.trees} detached editor DOM trees`,
        met: retainedEditors === 0 && app.retained.trees === 0,
      }),
    ]
  } finally {
    await browser.close()
  }
}
