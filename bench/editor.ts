import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import keytar from 'keytar'
import { chromium, type Browser, type Page } from 'playwright-core'
import { startEmulator } from '../e2e/emulator'
import type { Emulator, RichDoc } from '../e2e/emulator/types'
import { startHarness, type Harness } from '../e2e/harness'
import { createMainServices } from '../src/main/services/create-services'
import { silentLogger } from '../src/main/services/log/logger'
import * as scripts from './page-scripts'
import { editableProjects } from './projects'
import { result, type BenchResult } from './result'
import { median, percentile, repeat, round } from './stats'

/**
 * The editor on a 1 MB description (≈5,000 paragraphs with marks and mentions), in headless Chromium
 * through the browser harness, next to a plain TipTap StarterKit editor holding the same text. Also the
 * renderer's JS heap across open/close cycles of that document.
 */

const root = fileURLToPath(new URL('..', import.meta.url))
const corpusPath = join(root, 'src/renderer/src/editor/corpus/large-1mb.json')
const viewport = { width: 380, height: 560 }
const chromiumArgs = [
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
function lastBlockPrefix(doc: JsonNode): string {
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

// Typed in the middle of the document: 200 characters of ordinary words.
const sentence = 'the quick brown fox jumps over the lazy dog '
const typed = sentence.repeat(Math.ceil(200 / sentence.length)).slice(0, 200)
const warmUp = 'warm up '

/**
 * Projects (all editable by Ada, see projects.ts) whose description becomes the 1 MB document; each
 * keystroke run types in its own one, since typing leaves a draft behind.
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

async function startAppRig(doc: RichDoc): Promise<AppRig> {
  const emulator = await startEmulator()
  editableProjects(emulator, 5)
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

async function openProjectsList(page: Page, harness: Harness): Promise<void> {
  await page.goto(harness.url)
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Projects' }).click()
  await page.getByLabel('Filter projects').waitFor()
}

/** Clicks the project in the list; resolves with ms from the click to the last block on screen. */
async function timedOpen(page: Page, name: string, lastText: string): Promise<number> {
  const row = page.getByRole('button', { name: new RegExp(`^${name}\\b`) })
  await row.waitFor()
  await page.evaluate(scripts.armOpenTimer(lastText))
  await row.click()
  await page.evaluate(scripts.waitUntil(`${scripts.openMs} !== null`, 60_000))
  return (await page.evaluate(scripts.openMs)) as number
}

interface TypingRun {
  p50: number
  p95: number
  landed: boolean
}

/** Types the warm-up and then 200 characters in the middle of the open editor, one key at a time. */
async function typeInMiddle(page: Page): Promise<TypingRun> {
  const index = (await page.evaluate(scripts.cursorToMiddle)) as number
  await page.evaluate(scripts.twoFrames)
  await page.evaluate(scripts.armKeystrokeProbe)
  const keys = warmUp + typed
  for (let i = 0; i < keys.length; i++) {
    await page.keyboard.type(keys[i]!)
    await page.evaluate(scripts.waitForSamples(i + 1))
  }
  const samples = ((await page.evaluate(scripts.latencies)) as number[]).slice(warmUp.length)
  const text = (await page.evaluate(scripts.blockText(index))) as string
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    landed: text.includes(typed.slice(0, 40)),
  }
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('HeapProfiler.collectGarbage')
    const usage = await cdp.send('Runtime.getHeapUsage')
    return usage.usedSize / (1024 * 1024)
  } finally {
    await cdp.detach()
  }
}

async function measureApp(browser: Browser, doc: RichDoc, lastText: string, log: (line: string) => void) {
  const rig = await startAppRig(doc)
  try {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()

    // Open time: a fresh popup each run, so nothing is cached in the page.
    const opens = await repeat(5, async () => {
      await openProjectsList(page, rig.harness)
      return timedOpen(page, projectNames.open, lastText)
    })
    log(`editor: app open runs ${opens.map((ms) => ms.toFixed(0)).join(', ')} ms`)

    // Memory: one popup, 20 open/close cycles of the same document.
    await openProjectsList(page, rig.harness)
    const afterOpen: number[] = []
    const afterClose: number[] = []
    for (let cycle = 0; cycle < 20; cycle++) {
      await timedOpen(page, projectNames.memory, lastText)
      afterOpen.push(await heapMb(page))
      await page.getByRole('button', { name: 'Back to projects' }).click()
      await page.getByLabel('Filter projects').waitFor()
      afterClose.push(await heapMb(page))
    }
    log(`editor: heap after close ${afterClose.map((mb) => mb.toFixed(1)).join(', ')} MB`)

    // Keystrokes: each run in a fresh popup and its own project (typing leaves a draft behind).
    const typing = await repeat(projectNames.typing.length, async (run) => {
      await openProjectsList(page, rig.harness)
      await timedOpen(page, projectNames.typing[run]!, lastText)
      return typeInMiddle(page)
    })
    await context.close()
    return { opens, afterOpen, afterClose, typing }
  } finally {
    await rig.close()
  }
}

async function serveBaseline(doc: RichDoc): Promise<{ url: string; server: Server }> {
  const bundle = await build({
    stdin: { contents: scripts.baselineEntry, resolveDir: root, loader: 'js', sourcefile: 'baseline.js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  })
  const pageJs = bundle.outputFiles[0]!.contents
  const files: Record<string, { type: string; body: string | Uint8Array }> = {
    '/': { type: 'text/html', body: scripts.baselineHtml },
    '/page.js': { type: 'text/javascript', body: pageJs },
    '/doc.json': { type: 'application/json', body: JSON.stringify(doc) },
  }
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://baseline.invalid').pathname]
    if (!file) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server }
}

async function measureBaseline(browser: Browser, doc: RichDoc) {
  const { url, server } = await serveBaseline(doc)
  try {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    const opens: number[] = []
    const typing: TypingRun[] = []
    for (let run = 0; run < projectNames.typing.length; run++) {
      await page.goto(url)
      opens.push((await page.evaluate('window.benchOpen()')) as number)
      typing.push(await typeInMiddle(page))
    }
    await context.close()
    return { opens, typing }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

export async function measureEditor(log: (line: string) => void): Promise<BenchResult[]> {
  const doc = JSON.parse(readFileSync(corpusPath, 'utf8')) as RichDoc
  const lastText = lastBlockPrefix(doc as unknown as JsonNode)
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
  })
  try {
    const app = await measureApp(browser, doc, lastText, log)
    const baseline = await measureBaseline(browser, doc)
    log('editor: StarterKit baseline done')

    const appP50 = median(app.typing.map((t) => t.p50))
    const appP95 = median(app.typing.map((t) => t.p95))
    const baseP50 = median(baseline.typing.map((t) => t.p50))
    const baseP95 = median(baseline.typing.map((t) => t.p95))
    const missed = app.typing.filter((t) => !t.landed).length
    const typingNote = missed
      ? `in ${missed} of ${app.typing.length} runs the text did not land in the middle block`
      : `median of ${app.typing.length} runs of 200 keys`
    const firstClose = app.afterClose[0]!
    const lastClose = app.afterClose.at(-1)!
    const midClose = app.afterClose[9]!
    const growth = ((lastClose - firstClose) / firstClose) * 100
    return [
      result('editor open, 1 MB description', median(app.opens), 'ms', 500, {
        baseline: median(baseline.opens),
        note: 'click in the list → last block on screen, median of 5; baseline: building the StarterKit editor',
      }),
      result('keystroke latency p50', appP50, 'ms', null, { baseline: baseP50, note: typingNote }),
      result('keystroke latency p95', appP95, 'ms', round(Math.min(16, 1.2 * baseP95)), {
        baseline: baseP95,
        note: `${typingNote}; budget is 16 ms and 1.2 × baseline, whichever is lower`,
        ...(missed ? { met: false } : {}),
      }),
      result('renderer heap, 1 MB document open', median(app.afterOpen), 'MB', null, {
        note: 'after GC, median of 20 cycles',
      }),
      result('renderer heap, document closed', firstClose, 'MB', null, { note: 'after GC, first cycle' }),
      result('heap growth over 20 open/close cycles', growth, '%', 5, {
        note: `closed heap, cycle 1 ${firstClose.toFixed(1)} MB → cycle 20 ${lastClose.toFixed(1)} MB`,
      }),
      // A cache that fills up once levels off; a leak keeps growing: the second half tells them apart.
      result('heap growth, cycles 10 → 20', ((lastClose - midClose) / midClose) * 100, '%', null, {
        note: `closed heap, cycle 10 ${midClose.toFixed(1)} MB → cycle 20 ${lastClose.toFixed(1)} MB`,
      }),
    ]
  } finally {
    await browser.close()
  }
}
