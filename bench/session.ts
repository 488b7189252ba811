import { readFileSync } from 'node:fs'
import { chromium, type Browser, type Page } from 'playwright-core'
import { projectId } from '../e2e/emulator/serialize'
import type { RichDoc } from '../e2e/emulator/types'
import { descriptionDraftKey } from '../src/shared/contract/drafts'
import {
  chromiumArgs,
  corpusPath,
  lastBlockPrefix,
  openProjectsList,
  projectRow,
  serveBaseline,
  startAppRig,
  timedOpen,
  viewport,
} from './editor'
import * as scripts from './page-scripts'
import { result, type BenchResult } from './result'
import * as session from './session-scripts'
import { median, percentile, round } from './stats'

/**
 * An editing session on the 1 MB description, operation by operation: the app (through the browser
 * harness, like editor.ts) and stock TipTap (editor.ts's stock page), in turn (app, stock, app, stock…)
 * in the same run, on the same document, at the popup's own window size and at the bench's. Each
 * operation is measured by the browser itself: the worst Event Timing duration of its input events and
 * the Long Tasks from its first input to 1.5 s after its last; typing also the p95 of its key events.
 * Every budget is a ratio to stock. Each run also checks that the operation did what it should in both
 * editors.
 */

export const DEFAULT_SESSION_RUNS = 3

/** The popup's own window (src/main/shell/popup-window.ts popupSize) and the bench's (editor.ts). */
const sizes = [
  { width: 380, height: 560 },
  { width: viewport.width, height: viewport.height },
]
const sizeLabel = (size: { width: number; height: number }) => `${size.width}×${size.height}`

/** After an operation's last input, the work it sets off (a debounced report, a draft) still counts. */
const TAIL_MS = 1500
/** After a fresh open (unless the operation starts at once) and putting the caret, before the first input. */
const SETTLE_MS = 500
const KEY_INTERVAL_MS = 100
/** Event Timing reports events of 16 ms and more, Long Animation Frames frames of 50 ms and more. */
const EVENT_THRESHOLD_MS = 16
const FRAME_THRESHOLD_MS = 50
const LONG_TASK_FLOOR_MS = 50

const sentence = 'the quick brown fox jumps over the lazy dog '
const openTyped = sentence.slice(0, 20)
const endTyped = sentence.slice(0, 40)
const PAGE_DOWNS = 30
const WHEEL_NOTCHES = 30
const WHEEL_DELTA = 100
const WHEEL_INTERVAL_MS = 50
const DRAG_BLOCKS = 10
const DRAG_STEPS = 20
const DRAG_STEP_MS = 25
const PASTED = 200
const pasteMarker = 'Pasted bench paragraph'
const pasteHtml = Array.from(
  { length: PASTED },
  (_, i) => `<p>${pasteMarker} ${i + 1} of ${PASTED}, a line of plain text.</p>`,
).join('')
const pasteText = Array.from(
  { length: PASTED },
  (_, i) => `${pasteMarker} ${i + 1} of ${PASTED}, a line of plain text.`,
).join('\n\n')

const normalise = (text: string) => text.replace(/\s+/g, ' ')
const keyEventNames = new Set(['keydown', 'keypress', 'keyup', 'beforeinput', 'input'])

interface OpContext {
  page: Page
  /** Blocks in the document as opened. */
  blocks: number
  /** The start of the document's last block. */
  lastText: string
}

interface Prepared {
  /** The operation's inputs: everything the probe's window covers. */
  act(): Promise<void>
  /** Null when the operation did what it should, else what went wrong. */
  check(): Promise<string | null>
}

interface Operation {
  key: string
  label: string
  /** What it does, for the notes. */
  describe: string
  typing?: boolean
  /** The worst-event budget as a ratio to stock. */
  eventRatio: number
  /**
   * Event Timing has no entry for some inputs (wheel events are not among the events it times): for those
   * the figure is the longest animation frame in the operation's window instead.
   */
  figure: 'event' | 'frame'
  /** Starts as soon as the document is painted and editable, without the pause after opening. */
  immediate?: boolean
  /** Runs in the editor the previous operation left, rather than after a fresh open. */
  follows?: boolean
  prepare(c: OpContext): Promise<Prepared>
}

const twoFrames = (page: Page) => page.evaluate(scripts.twoFrames)
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The caret at the start or end of a block (session-scripts caretIn), then two animation frames; checked
 * (and put once more if the editor took it back). Resolves with the block's index and, when the caret is
 * not there, what went wrong (the operation is then marked not done).
 */
async function placeCaret(
  page: Page,
  which: 'first' | 'middle' | 'last',
  where: 'start' | 'end',
): Promise<{ index: number; problem: string | null }> {
  let index = -1
  for (let attempt = 0; attempt < 2; attempt++) {
    index = (await page.evaluate(session.caretIn(which, where))) as number
    await twoFrames(page)
    const selection = (await page.evaluate(session.selectionBlocks)) as SelectionBlocks
    if (selection.anchor === index && selection.focus === index) return { index, problem: null }
  }
  return { index, problem: `the caret could not be put in block ${index}` }
}

const operations: Operation[] = [
  {
    key: 'open-typing',
    label: 'type in the first 2 s after open',
    describe: `from the moment the document is painted and editable (the open timer), the caret at the end of the block in the middle of what the editor shows as it opens (no scrolling), ${openTyped.length} keys at 10/s`,
    typing: true,
    eventRatio: 1,
    figure: 'event',
    immediate: true,
    async prepare({ page }) {
      const index = (await page.evaluate(session.caretInView)) as number
      await twoFrames(page)
      const selection = (await page.evaluate(session.selectionBlocks)) as SelectionBlocks
      const placed = index >= 0 && selection.anchor === index && selection.focus === index
      return {
        act: () => page.keyboard.type(openTyped, { delay: KEY_INTERVAL_MS }),
        async check() {
          if (!placed) return `the caret could not be put in the block in view (${index})`
          const [text] = (await page.evaluate(session.blockTexts([index]))) as string[]
          return text!.includes(openTyped.trim()) ? null : 'the typed text is not in the block in view'
        },
      }
    },
  },
  {
    key: 'end-typing',
    label: 'type at the end',
    describe: `where typing in the first 2 s left the caret, Ctrl+End, then ${endTyped.length} keys at 10/s`,
    typing: true,
    eventRatio: 1,
    figure: 'event',
    follows: true,
    async prepare({ page }) {
      return {
        async act() {
          await page.keyboard.press('Control+End')
          await wait(KEY_INTERVAL_MS)
          await page.keyboard.type(endTyped, { delay: KEY_INTERVAL_MS })
        },
        async check() {
          const [text] = (await page.evaluate(session.blockTexts([-1]))) as string[]
          return normalise(text!).trimEnd().endsWith(endTyped.trim())
            ? null
            : 'the typed text is not at the end of the last block'
        },
      }
    },
  },
  {
    key: 'page-down',
    label: `PageDown ×${PAGE_DOWNS}`,
    describe: `the caret at the start of the first block, then ${PAGE_DOWNS} PageDown presses 100 ms apart`,
    eventRatio: 1,
    figure: 'event',
    async prepare({ page }) {
      const caret = await placeCaret(page, 'first', 'start')
      const before = (await page.evaluate(session.scrollState)) as ScrollState
      return {
        async act() {
          for (let i = 0; i < PAGE_DOWNS; i++) {
            await page.keyboard.press('PageDown')
            await wait(KEY_INTERVAL_MS)
          }
        },
        async check() {
          const after = (await page.evaluate(session.scrollState)) as ScrollState
          const selection = (await page.evaluate(session.selectionBlocks)) as SelectionBlocks
          const pages = (after.scrollTop - before.scrollTop) / before.clientHeight
          if (caret.problem) return caret.problem
          if (pages < PAGE_DOWNS / 2) return `scrolled ${round(pages, 1)} screens`
          return selection.focus > 0 ? null : 'the caret did not move down the document'
        },
      }
    },
  },
  {
    key: 'wheel',
    label: `wheel ×${WHEEL_NOTCHES}`,
    describe: `where the PageDowns left the view, the mouse over the middle of the editor's visible part, ${WHEEL_NOTCHES} wheel notches of ${WHEEL_DELTA} px ${WHEEL_INTERVAL_MS} ms apart; Event Timing times no wheel events, so the figure is the longest animation frame (Long Animation Frames, ≥ ${FRAME_THRESHOLD_MS} ms) from the first notch to ${TAIL_MS / 1000} s after the last`,
    eventRatio: 1,
    figure: 'frame',
    follows: true,
    async prepare({ page }) {
      const before = (await page.evaluate(session.scrollState)) as ScrollState
      await page.mouse.move(before.x, before.y)
      return {
        async act() {
          for (let i = 0; i < WHEEL_NOTCHES; i++) {
            await page.mouse.wheel(0, WHEEL_DELTA)
            await wait(WHEEL_INTERVAL_MS)
          }
        },
        async check() {
          const after = (await page.evaluate(session.scrollState)) as ScrollState
          const moved = after.scrollTop - before.scrollTop
          return moved >= (WHEEL_NOTCHES * WHEEL_DELTA) / 2 ? null : `scrolled ${Math.round(moved)} px`
        },
      }
    },
  },
  {
    key: 'select-to-end',
    label: 'Shift+Ctrl+End from the middle',
    describe: 'the caret at the end of the middle block, then Shift+Ctrl+End',
    eventRatio: 1,
    figure: 'event',
    async prepare({ page }) {
      const caret = await placeCaret(page, 'middle', 'end')
      return {
        act: () => page.keyboard.press('Shift+Control+End'),
        async check() {
          const selection = (await page.evaluate(session.selectionBlocks)) as SelectionBlocks
          if (caret.problem) return caret.problem
          const ok =
            selection.anchor === caret.index &&
            selection.focus === selection.blocks - 1 &&
            selection.focusAtEnd
          return ok ? null : `the selection runs from block ${selection.anchor} to ${selection.focus}`
        },
      }
    },
  },
  {
    key: 'select-all-key',
    label: 'Ctrl+A then a key',
    describe: 'the caret at the end of the middle block, then Ctrl+A and, 250 ms later, "x"',
    eventRatio: 1,
    figure: 'event',
    async prepare({ page }) {
      const caret = await placeCaret(page, 'middle', 'end')
      return {
        async act() {
          await page.keyboard.press('Control+A')
          await wait(250)
          await page.keyboard.press('x')
        },
        async check() {
          const only = (await page.evaluate(session.onlyBlock)) as { tag: string; text: string } | null
          if (caret.problem) return caret.problem
          if (!only) return 'the document is not one block'
          return only.tag === 'P' && only.text === 'x'
            ? null
            : `the one block is <${only.tag}> "${only.text}"`
        },
      }
    },
  },
  {
    key: 'undo',
    label: 'Ctrl+Z after that',
    describe: 'right after Ctrl+A then a key (its tail), Ctrl+Z',
    eventRatio: 1,
    figure: 'event',
    follows: true,
    async prepare({ page, blocks, lastText }) {
      return {
        act: () => page.keyboard.press('Control+Z'),
        async check() {
          const count = (await page.evaluate(session.blockCount)) as number
          const [last] = (await page.evaluate(session.blockTexts([-1]))) as string[]
          if (count !== blocks) return `${count} blocks after undo, not ${blocks}`
          return last!.startsWith(lastText) ? null : 'the last block is not back'
        },
      }
    },
  },
  {
    key: 'drag',
    label: `mouse drag across ${DRAG_BLOCKS} blocks`,
    describe: `the ${DRAG_BLOCKS} blocks with the least text within 200 of the middle, the first scrolled to the top; the mouse pressed at the start of the first (from its box) and moved in ${DRAG_STEPS} steps ${DRAG_STEP_MS} ms apart to the end of the last's last line; where that is not on screen (the app's surface shows 4 or 5 blocks), the mouse goes in and out of the band along the editor's bottom edge where the browser scrolls as it selects (20 px), a step at a time, until it is, then moved there`,
    eventRatio: 1,
    figure: 'event',
    async prepare({ page }) {
      const first = (await page.evaluate(session.dragFirstBlock(DRAG_BLOCKS))) as number
      const last = first + DRAG_BLOCKS - 1
      // Scrolled, then a frame to draw what came into view, until the block is drawn where it says it is.
      for (let attempt = 0; attempt < 8; attempt++) {
        const placed = (await page.evaluate(session.scrollBlockTo(first, 24))) as boolean
        await twoFrames(page)
        if (placed) break
      }
      const points = (await page.evaluate(session.dragPoints(first, last))) as DragPoints
      await page.mouse.move(points.from.x, points.from.y)
      let reached = true
      return {
        async act() {
          await page.mouse.down()
          const target = points.toInside ? points.to : points.low
          for (let step = 1; step <= DRAG_STEPS; step++) {
            await wait(DRAG_STEP_MS)
            const t = step / DRAG_STEPS
            await page.mouse.move(
              points.from.x + (target.x - points.from.x) * t,
              points.from.y + (target.y - points.from.y) * t,
            )
          }
          if (!points.toInside) reached = await dragOnto(page, first, last)
          await page.mouse.up()
        },
        async check() {
          if (!points.fromInside) return `block ${first} is not on screen to start the drag`
          if (!reached) return `block ${last} did not come into view while dragging`
          const selection = (await page.evaluate(session.selectionBlocks)) as SelectionBlocks
          const ok = selection.anchor === first && selection.focus === last
          return ok
            ? null
            : `the selection runs from block ${selection.anchor} to ${selection.focus}, not ${first} to ${last}`
        },
      }
    },
  },
  {
    key: 'paste',
    label: `paste of ${PASTED} paragraphs`,
    describe: `the caret at the end of the middle block, ${PASTED} <p> paragraphs (text/html and text/plain) on the clipboard, Ctrl+V (the real clipboard: Event Timing times its keydown, which pastes)`,
    eventRatio: 1.5,
    figure: 'event',
    async prepare({ page }) {
      const caret = await placeCaret(page, 'middle', 'end')
      await page.evaluate(session.writeClipboard(pasteHtml, pasteText))
      const before = (await page.evaluate(session.blockCount)) as number
      return {
        act: () => page.keyboard.press('Control+V'),
        async check() {
          const after = (await page.evaluate(session.pastedMarkers(pasteMarker, PASTED))) as {
            blocks: number
            missing: number
          }
          if (caret.problem) return caret.problem
          if (after.missing) return `${after.missing} of the ${PASTED} pasted paragraphs are missing`
          // The first pasted paragraph joins the block at the caret, the other 199 are new blocks.
          return after.blocks - before >= PASTED - 1 ? null : `${after.blocks - before} new blocks`
        },
      }
    },
  },
]

interface ScrollState {
  scrollTop: number
  clientHeight: number
  x: number
  y: number
}
interface SelectionBlocks {
  anchor: number
  focus: number
  focusAtEnd: boolean
  blocks: number
}
interface Point {
  x: number
  y: number
}
interface DragPoints {
  from: Point
  to: Point
  fromInside: boolean
  toInside: boolean
  low: Point
  high: Point
  lowEdge: Point
  highEdge: Point
  focus: number
}

/**
 * With the mouse held, scrolls the editor the way a person does while selecting: the mouse goes near the
 * bottom edge (the browser scrolls as it selects) for one step, DRAG_STEP_MS, and back out of that band,
 * again and again, until the end of block `last` is on screen (the browser scrolls about 20 px a frame
 * there: held for longer, it runs past the block before a check can see it); then moves the mouse to it,
 * until it stays put a frame later. Past it, the same at the top edge. At most 8 s. Resolves with whether
 * it got there.
 */
async function dragOnto(page: Page, first: number, last: number): Promise<boolean> {
  const giveUpAt = Date.now() + 8000
  while (Date.now() < giveUpAt) {
    const points = (await page.evaluate(session.dragPoints(first, last))) as DragPoints
    if (!points.toInside) {
      const [edge, back] = points.focus > last ? [points.highEdge, points.high] : [points.lowEdge, points.low]
      await page.mouse.move(edge.x, edge.y)
      await wait(DRAG_STEP_MS)
      await page.mouse.move(back.x, back.y)
      continue
    }
    await page.mouse.move(points.to.x, points.to.y)
    await twoFrames(page)
    const settled = (await page.evaluate(session.dragPoints(first, last))) as DragPoints
    if (settled.toInside && Math.abs(settled.to.y - points.to.y) < 2) return true
  }
  return false
}

/** One operation, once, in one editor. */
interface OpRun {
  /** Worst Event Timing duration of its input events (0: none of 16 ms or more). */
  worst: number
  /** p95 of its key events of 16 ms and more (0: none). */
  keyP95: number
  longMs: number
  /** Longest animation frame (0: none of 50 ms or more). */
  frame: number
  problem: string | null
}

/**
 * Runs operations from a fresh open: the operation's first input starts the probe's window, its last ends
 * it, then the tail; then the check.
 */
async function runSequence(
  editor: EditorUnderTest,
  ops: Operation[],
  doc: { blocks: number; lastText: string },
): Promise<OpRun[]> {
  const page = editor.page
  await editor.open()
  const blocks = (await page.evaluate(session.blockCount)) as number
  const opened = blocks === doc.blocks ? null : `opened with ${blocks} blocks, not ${doc.blocks}`
  const runs: OpRun[] = []
  for (const op of ops) {
    const prepared = await op.prepare({ page, blocks, lastText: doc.lastText })
    if (!op.immediate && !op.follows) await page.evaluate(scripts.pause(SETTLE_MS))
    const from = (await page.evaluate(session.now)) as number
    await prepared.act()
    const to = (await page.evaluate(session.now)) as number
    // A little past the tail, so the entries of its last moments have been delivered.
    await page.evaluate(scripts.pause(TAIL_MS + 100))
    const seen = (await page.evaluate(session.sessionWindow(from, to, TAIL_MS))) as {
      events: Array<{ name: string; duration: number }>
      longTasks: number[]
      frames: number[]
    }
    const keys = seen.events.filter((e) => keyEventNames.has(e.name)).map((e) => e.duration)
    runs.push({
      worst: Math.max(0, ...seen.events.map((e) => e.duration)),
      keyP95: keys.length ? percentile(keys, 95) : 0,
      longMs: seen.longTasks.reduce((sum, ms) => sum + ms, 0),
      frame: Math.max(0, ...seen.frames),
      problem: opened ?? (await prepared.check()),
    })
  }
  await editor.close()
  return runs
}

interface EditorUnderTest {
  page: Page
  /** A fresh page, the probe armed, the document opened: resolves once it is painted and editable. */
  open(): Promise<number>
  close(): Promise<void>
}

/** Operations in the order they run; an operation that `follows` runs in the sequence before it. */
function sequences(): Operation[][] {
  const out: Operation[][] = []
  for (const op of operations) {
    if (op.follows && out.length) out.at(-1)!.push(op)
    else out.push([op])
  }
  return out
}

type Runs = Map<string, { app: OpRun[]; stock: OpRun[] }>

async function measureAll(browser: Browser, doc: RichDoc, runs: number, log: (line: string) => void) {
  const lastText = lastBlockPrefix(doc as Parameters<typeof lastBlockPrefix>[0])
  const blocks = doc.content?.length ?? 0
  const rig = await startAppRig(doc, 3)
  const baseline = await serveBaseline(doc)
  const { url } = baseline
  const project = rig.emulator.state.projects.find((p) => p.name === 'Launch site')
  if (!project) throw new Error('the emulator has no "Launch site" project')
  // The projects list carries every description: only the one measured holds the megabyte.
  for (const other of rig.emulator.state.projects) if (other !== project) other.description = null
  // Typing, select-all and paste leave a draft, which the next open would show: cleared before each open.
  const clearDraft = async () => {
    const cleared = await rig.harness.services.dispatch('drafts.clear', {
      key: descriptionDraftKey(projectId(project)),
    })
    if (!cleared.ok) throw new Error(`could not clear the draft: ${cleared.error.message}`)
  }
  try {
    const editors = await Promise.all(
      sizes.map(async (size) => {
        const appContext = await browser.newContext({ viewport: size })
        const stockContext = await browser.newContext({ viewport: size })
        const clipboard = ['clipboard-read', 'clipboard-write']
        await appContext.grantPermissions(clipboard, { origin: new URL(rig.harness.url).origin })
        await stockContext.grantPermissions(clipboard, { origin: new URL(url).origin })
        const appPage = await appContext.newPage()
        const stockPage = await stockContext.newPage()
        const app: EditorUnderTest = {
          page: appPage,
          async open() {
            await clearDraft()
            await openProjectsList(appPage, rig.harness)
            await appPage.evaluate(session.armSessionProbe)
            return timedOpen(appPage, projectRow(appPage, project.name), lastText)
          },
          async close() {
            await appPage.goto('about:blank')
            await clearDraft()
          },
        }
        const stock: EditorUnderTest = {
          page: stockPage,
          async open() {
            await stockPage.goto(url)
            await stockPage.evaluate(session.armSessionProbe)
            return timedOpen(stockPage, stockPage.getByRole('button', { name: 'Open document' }), lastText)
          },
          async close() {
            await stockPage.goto('about:blank')
          },
        }
        return { size, app, stock, close: () => Promise.all([appContext.close(), stockContext.close()]) }
      }),
    )
    const bySize = new Map<string, Runs>(sizes.map((size) => [sizeLabel(size), new Map()]))
    for (let run = 0; run < runs; run++) {
      for (const { size, app, stock } of editors) {
        const figures = bySize.get(sizeLabel(size))!
        for (const ops of sequences()) {
          const started = Date.now()
          const mine = await runSequence(app, ops, { blocks, lastText })
          const between = Date.now()
          const theirs = await runSequence(stock, ops, { blocks, lastText })
          const seconds = (ms: number) => (ms / 1000).toFixed(1)
          log(
            `session ${sizeLabel(size)} run ${run + 1}: ${ops.map((op) => op.key).join(' → ')} took app ${seconds(between - started)} s, stock ${seconds(Date.now() - between)} s`,
          )
          ops.forEach((op, i) => {
            const entry = figures.get(op.key) ?? { app: [], stock: [] }
            figures.set(op.key, entry)
            entry.app.push(mine[i]!)
            entry.stock.push(theirs[i]!)
            log(
              `session ${sizeLabel(size)} run ${run + 1}, ${op.label}: ${describeRun(op, mine[i]!, theirs[i]!)}`,
            )
          })
        }
      }
    }
    await Promise.all(editors.map((e) => e.close()))
    return bySize
  } finally {
    await baseline.close()
    await rig.close()
  }
}

const mainFigure = (op: Operation, run: OpRun) => (op.figure === 'frame' ? run.frame : run.worst)

function describeRun(op: Operation, mine: OpRun, theirs: OpRun): string {
  const one = (run: OpRun) =>
    [
      `${op.figure === 'frame' ? 'frame' : 'worst'} ${Math.round(mainFigure(op, run))}`,
      ...(op.typing ? [`p95 ${Math.round(run.keyP95)}`] : []),
      `long ${Math.round(run.longMs)}`,
      run.problem ? `✘ ${run.problem}` : '✓',
    ].join(' ')
  // An event of a second or more that the page's own long tasks do not account for: the browser did not
  // present a frame for that long (seen in headless Chromium after TipTap's focus commands).
  const stalled = (run: OpRun) => run.worst >= 1000 && run.worst - run.longMs >= 1000
  const warning = [mine, theirs].some(stalled)
    ? ` (${stalled(mine) ? 'app' : 'stock'}: an event of seconds without the long tasks to match: presentation stalled?)`
    : ''
  return `app ${one(mine)} | stock ${one(theirs)}${warning}`
}

const ratioText = (value: number, stock: number) =>
  stock > 0 ? `${round(value / stock)} × stock` : value > 0 ? 'stock had none' : 'neither had any'

/** The rows of one operation at one window size. */
function operationRows(op: Operation, size: string, app: OpRun[], stock: OpRun[]): BenchResult[] {
  const runs = app.length
  const of = (list: OpRun[], pick: (run: OpRun) => number) => median(list.map(pick))
  const problems = [
    ...new Set(app.flatMap((run) => (run.problem ? [`app: ${run.problem}`] : []))),
    ...new Set(stock.flatMap((run) => (run.problem ? [`stock: ${run.problem}`] : []))),
  ]
  const failed = app.filter((run) => run.problem).length + stock.filter((run) => run.problem).length
  const checked = failed
    ? `; NOT DONE in ${failed} of ${2 * runs} runs (${problems.join('; ')})`
    : `; checked done in every run of both`
  const verdict = failed ? { met: false } : {}
  const each = (list: OpRun[], pick: (run: OpRun) => number) =>
    list.map((run) => Math.round(pick(run))).join('/')
  const context = `median of ${runs}; ${op.follows ? 'follows the operation before it' : 'from a fresh open'}: ${op.describe}`
  const name = (what: string) => `session ${size}: ${op.label}: ${what}`
  const rows: BenchResult[] = []

  const pick = (run: OpRun) => mainFigure(op, run)
  const floor = op.figure === 'frame' ? FRAME_THRESHOLD_MS : EVENT_THRESHOLD_MS
  const mine = of(app, pick)
  const theirs = of(stock, pick)
  rows.push(
    result(
      name(op.figure === 'frame' ? 'longest frame' : 'worst event'),
      mine,
      'ms',
      theirs > 0 ? round(op.eventRatio * theirs) : floor,
      {
        baseline: theirs,
        note: `${op.figure === 'frame' ? 'Long Animation Frames' : 'Event Timing, the slowest of its input events'}; ${ratioText(mine, theirs)} (budget ${op.eventRatio} ×, ${floor} ms when stock had none of ${floor} ms or more); runs app ${each(app, pick)}, stock ${each(stock, pick)}; ${context}${checked}`,
        ...verdict,
      },
    ),
  )
  if (op.typing) {
    const p95 = (run: OpRun) => run.keyP95
    const [mineP95, theirsP95] = [of(app, p95), of(stock, p95)]
    rows.push(
      result(name('key p95'), mineP95, 'ms', theirsP95 > 0 ? round(0.6 * theirsP95) : EVENT_THRESHOLD_MS, {
        baseline: theirsP95,
        note: `Event Timing, key events of ${EVENT_THRESHOLD_MS} ms and more; ${ratioText(mineP95, theirsP95)} (budget 0.6 ×); runs app ${each(app, p95)}, stock ${each(stock, p95)}`,
        ...verdict,
      }),
    )
  }
  const long = (run: OpRun) => run.longMs
  const [mineLong, theirsLong] = [of(app, long), of(stock, long)]
  const longBudget = op.typing ? round(0.5 * theirsLong) : Math.max(round(theirsLong), LONG_TASK_FLOOR_MS)
  rows.push(
    result(name('long-task time'), mineLong, 'ms', longBudget, {
      baseline: theirsLong,
      note: `Long Tasks from the first input to ${TAIL_MS / 1000} s after the last; ${ratioText(mineLong, theirsLong)} (budget ${op.typing ? '0.5 × stock' : `stock's or ${LONG_TASK_FLOOR_MS} ms, whichever is more`}); runs app ${each(app, long)}, stock ${each(stock, long)}`,
      ...verdict,
    }),
  )
  return rows
}

export async function measureSession(
  log: (line: string) => void,
  options: { runs?: number } = {},
): Promise<BenchResult[]> {
  const runs = options.runs ?? DEFAULT_SESSION_RUNS
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--session-runs must be a whole number ≥ 1, not ${runs}`)
  const doc = JSON.parse(readFileSync(corpusPath, 'utf8')) as RichDoc
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
  })
  try {
    const bySize = await measureAll(browser, doc, runs, log)
    const rows: BenchResult[] = []
    for (const [size, figures] of bySize) {
      for (const op of operations) {
        const entry = figures.get(op.key)
        if (entry) rows.push(...operationRows(op, size, entry.app, entry.stock))
      }
    }
    return rows
  } finally {
    await browser.close()
  }
}
