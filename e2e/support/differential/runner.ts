import type { BrowserContext, CDPSession, Page } from '@playwright/test'
import {
  callPage,
  type BlockPoint,
  type ClientPoint,
  type EditorKind,
  type Json,
  type RecordedSelection,
} from './page-api'
import type { Aim, Step, View } from './steps'

/** What one editor did in a session: its selection after each step, and the document at the end. */
export interface EditorRun {
  kind: EditorKind
  steps: StepRecord[]
  /** The final document (server JSON, defaults left out); null when the session broke off. */
  document: Json | null
}

export interface StepRecord {
  selection: RecordedSelection | null
  /** Why the step could not be carried out in this editor (the session stops there). */
  error?: string
  /**
   * For steps whose intended result is known whatever any editor does (typing right after a click or a
   * Tab): null when the editor did that, else what came out instead.
   */
  intent?: string | null
}

/** Pause between the keys typed after the first, in the "type at once" steps: a brisk typist. */
const KEY_GAP_MS = 80
/** The longest a drag may hold outside the surface waiting for it to scroll all the way. */
const AUTOSCROLL_LIMIT_MS = 30_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** How far inside the surface's visible band a place must be to count as in view. */
const IN_VIEW_MARGIN = 4
/**
 * Where a drag may end: this far inside the band. Closer to the edge, Chromium starts scrolling the
 * surface under the held mouse (its autoscroll belt), and a person would wait for the text to come further in.
 */
const DRAG_END_MARGIN = 40

/**
 * Puts the aimed place in view as a person would first: scrolled as the step says, or else (when it is
 * out of view) to the middle. A step that scrolls somewhere its aim is not in view is a mistake.
 */
async function bringIntoView(page: Page, at: Aim, view: View | undefined): Promise<void> {
  if (view) await callPage(page, 'scrollTo', view.at.block, view.at.offset, view.fraction)
  if (await callPage(page, 'isVisible', at.block, at.offset, IN_VIEW_MARGIN)) return
  if (view) throw new Error(`${at.block}:${at.offset} is out of view after scrolling as the step says`)
  await callPage(page, 'scrollTo', at.block, at.offset, 0.5)
}

/**
 * Where to press for `at`, once it is in view. Checked by hit testing: the measure and what the browser
 * draws there must agree (a block it skips drawing measures where nothing of it is painted).
 */
async function aimAt(page: Page, at: Aim, view?: View): Promise<ClientPoint> {
  await bringIntoView(page, at, view)
  const point = await callPage(page, 'steadyCaretPoint', at.block, at.offset)
  const count = await callPage(page, 'blockCount')
  const hit = await callPage(page, 'blockAt', point.x, point.y)
  const aimed = Math.min(at.block, count - 1)
  // A block without text (a rule) is found at its edge: the block before or after it.
  if (hit !== null && Math.abs(hit - aimed) > 1) {
    throw new Error(
      `aiming at ${at.block}:${at.offset}, the point (${point.x}, ${point.y}) shows block ${hit}`,
    )
  }
  return point
}

/*
 * Intent checks: what a person means by a step, whatever any editor does. Stock TipTap (and the app's
 * editor without chunks) is the reference only as long as it does that; see compare.ts.
 */

type IntentCheck = () => Promise<string | null>

const formatPoint = ({ block, offset }: BlockPoint) => `${block}:${offset}`

/** Text typed as keys lands as typed, in order, just before the caret (unless an input rule turns it into a list or quote). */
function typedIntent(page: Page, text: string): IntentCheck | undefined {
  if (/^(- |1\. |> )/.test(text)) return undefined
  return async () => {
    const before = await callPage(page, 'textBeforeCaret')
    if (before !== null && before.endsWith(text)) return null
    return `typed ${JSON.stringify(text)}, but the caret's block reads ${JSON.stringify(before === null ? 'no caret' : `${before.slice(-40)}|`)}`
  }
}

/** Ctrl+Home / Ctrl+End (with Shift or not) put the head at the very start / end of the document. */
function documentEdgeIntent(page: Page, key: string | undefined): IntentCheck | undefined {
  const edge =
    key === 'Control+Home' || key === 'Control+Shift+Home'
      ? 'start'
      : key === 'Control+End' || key === 'Control+Shift+End'
        ? 'end'
        : null
  if (!edge) return undefined
  return async () =>
    (await callPage(page, 'headAtDocumentEdge', edge))
      ? null
      : `${key} left the head short of the document's ${edge}`
}

/** Shift+click extends the selection there is: its anchor stays where it was (a text selection's). */
function anchorKeptIntent(page: Page, before: RecordedSelection): IntentCheck | undefined {
  if (before.type !== 'text') return undefined
  return async () => {
    const { anchor } = await callPage(page, 'selection')
    const same = anchor.block === before.anchor.block && anchor.offset === before.anchor.offset
    return same
      ? null
      : `Shift+click moved the anchor from ${formatPoint(before.anchor)} to ${formatPoint(anchor)}`
  }
}

interface StepContext {
  page: Page
  cdp: CDPSession
}

/**
 * With the left button held at `mouse`, turns the wheel until `to` is in the middle of the surface (or as
 * near as the surface scrolls): always the same place, whatever the scrolling before left. Sent through
 * CDP because Playwright's wheel says no button is held.
 */
async function wheelToMiddle({ page, cdp }: StepContext, mouse: ClientPoint, to: Aim): Promise<void> {
  for (let turn = 0; turn < 30; turn++) {
    const point = await callPage(page, 'caretPoint', to.block, to.offset)
    const band = await callPage(page, 'visibleBand')
    const distance = point.y - (band.top + band.bottom) / 2
    const room = await callPage(page, 'scrollRoom')
    if (Math.abs(distance) < 1 || (distance < 0 ? room.up : room.down) <= 0) break
    await cdp.send('Input.dispatchMouseEvent', {
      type: 'mouseWheel',
      x: mouse.x,
      y: mouse.y,
      deltaX: 0,
      deltaY: Math.max(-400, Math.min(400, distance)),
      buttons: 1,
    })
    await callPage(page, 'scrollStill')
  }
  if (!(await callPage(page, 'isVisible', to.block, to.offset, IN_VIEW_MARGIN))) {
    throw new Error(`the wheel did not bring ${to.block}:${to.offset} into view`)
  }
}

/**
 * With the button held at `from`, takes the mouse just past the surface's edge towards `to` (out of
 * view) and holds it there while Chromium scrolls the surface, until `to` comes into view; then back
 * into the surface, which stops the scrolling. What a person does to select further than the surface
 * shows. Autoscroll is fast (a few thousand pixels a second) and may carry `to` past the other edge
 * before the mouse is back. Then the wheel brings it to the middle (as a person would, and so the view
 * is the same however far the autoscroll went). Returns where the mouse is.
 */
async function autoscrollTo(context: StepContext, from: ClientPoint, to: Aim): Promise<ClientPoint> {
  const { page } = context
  const target = await callPage(page, 'caretPoint', to.block, to.offset)
  const band = await callPage(page, 'visibleBand')
  const upward = target.y < band.top
  await glide(page, from, { x: from.x, y: upward ? band.top - 24 : band.bottom + 24 })
  const entering = upward ? 'top' : 'bottom'
  const reached = await callPage(
    page,
    'waitUntilReached',
    to.block,
    to.offset,
    entering,
    IN_VIEW_MARGIN,
    AUTOSCROLL_LIMIT_MS,
  )
  if (!reached) {
    throw new Error(`autoscroll did not bring ${to.block}:${to.offset} into view`)
  }
  const middle = { x: from.x, y: (band.top + band.bottom) / 2 }
  await page.mouse.move(middle.x, middle.y)
  await callPage(page, 'scrollStill')
  await wheelToMiddle(context, middle, to)
  return middle
}

/**
 * Puts the held mouse on `to` and keeps it there until the surface is still (a scroll still under way
 * would slide the text away under it), aiming again as it moves.
 */
async function settleOn(page: Page, to: Aim): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const point = await callPage(page, 'caretPoint', to.block, to.offset)
    await page.mouse.move(point.x, point.y)
    await callPage(page, 'scrollStill')
    const now = await callPage(page, 'caretPoint', to.block, to.offset)
    if (Math.abs(now.y - point.y) < 1 && Math.abs(now.x - point.x) < 1) return
  }
}

/**
 * Moves the mouse to `to` the way a hand does while dragging: small moves, one per frame (about 60 a
 * second), so the page sees the selection grow as it would under a person's mouse.
 */
async function glide(page: Page, from: ClientPoint, to: ClientPoint): Promise<void> {
  const moves = Math.max(4, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / 16))
  for (let move = 1; move <= moves; move++) {
    await page.mouse.move(
      from.x + ((to.x - from.x) * move) / moves,
      from.y + ((to.y - from.y) * move) / moves,
    )
    await sleep(16)
  }
}

/** Types `text` the way a person types right after clicking: first key at once, the rest 80 ms apart. */
async function typeAtOnce(page: Page, text: string): Promise<void> {
  const [first, ...rest] = [...text]
  if (first !== undefined) await page.keyboard.type(first)
  for (const character of rest) {
    await sleep(KEY_GAP_MS)
    await page.keyboard.type(character)
  }
}

/** Holds the mouse where it is until the surface has scrolled all the way to `edge`, or a limit passes. */
async function holdUntilScrolledTo(page: Page, edge: 'top' | 'bottom'): Promise<void> {
  const giveUpAt = Date.now() + AUTOSCROLL_LIMIT_MS
  let still = 0
  while (Date.now() < giveUpAt && still < 3) {
    await sleep(100)
    const room = await callPage(page, 'scrollRoom')
    still = (edge === 'top' ? room.up : room.down) <= 0 ? still + 1 : 0
  }
}

/** Carries out one step; returns the intent check for steps that have one. */
async function perform(context: StepContext, step: Step): Promise<IntentCheck | undefined> {
  const { page, cdp } = context
  const mouse = page.mouse
  switch (step.kind) {
    case 'scroll':
      await callPage(page, 'scrollTo', step.view.at.block, step.view.at.offset, step.view.fraction)
      return
    case 'click': {
      const point = await aimAt(page, step.at, step.view)
      await mouse.click(point.x, point.y)
      return
    }
    case 'shiftClick': {
      const point = await aimAt(page, step.at, step.view)
      const before = await callPage(page, 'selection')
      await page.keyboard.down('Shift')
      await mouse.click(point.x, point.y)
      await page.keyboard.up('Shift')
      return anchorKeptIntent(page, before)
    }
    case 'doubleClick': {
      const point = await aimAt(page, step.at, step.view)
      await mouse.dblclick(point.x, point.y)
      return
    }
    case 'tripleClick': {
      const point = await aimAt(page, step.at, step.view)
      await mouse.click(point.x, point.y, { clickCount: 3 })
      return
    }
    case 'drag': {
      const pressed = await aimAt(page, step.from, step.view)
      await mouse.move(pressed.x, pressed.y)
      await mouse.down()
      // The hand starts moving before anything else: Chromium begins a selection drag only at the first
      // move, and a wheel turn before it ends the press.
      const target = await callPage(page, 'caretPoint', step.to.block, step.to.offset)
      const from = { x: pressed.x, y: pressed.y + Math.sign(target.y - pressed.y) * 6 }
      await glide(page, pressed, from)
      let mouseAt = from
      if (!(await callPage(page, 'isVisible', step.to.block, step.to.offset, IN_VIEW_MARGIN))) {
        mouseAt = await autoscrollTo(context, from, step.to)
      } else if (!(await callPage(page, 'isVisible', step.to.block, step.to.offset, DRAG_END_MARGIN))) {
        await wheelToMiddle(context, from, step.to)
      }
      await glide(page, mouseAt, await callPage(page, 'caretPoint', step.to.block, step.to.offset))
      await settleOn(page, step.to)
      await mouse.up()
      return
    }
    case 'dragOut': {
      const from = await aimAt(page, step.from, step.view)
      await mouse.move(from.x, from.y)
      await mouse.down()
      const band = await callPage(page, 'visibleBand')
      // Past the surface's edge: over the header above it, or the footer below it.
      await glide(page, from, { x: from.x, y: step.edge === 'top' ? band.top - 24 : band.bottom + 24 })
      await holdUntilScrolledTo(page, step.edge)
      await mouse.up()
      return
    }
    case 'dragSelection': {
      const target = await callPage(page, 'caretPoint', step.to.block, step.to.offset)
      const grip = await callPage(page, 'selectionGrip')
      if (!grip) throw new Error('nothing is selected to drag')
      if (!(await callPage(page, 'isVisible', step.to.block, step.to.offset, IN_VIEW_MARGIN))) {
        throw new Error(`the drop target ${step.to.block}:${step.to.offset} is out of view`)
      }
      await mouse.move(grip.x, grip.y)
      await mouse.down()
      await mouse.move(target.x, target.y, { steps: 12 })
      await mouse.up()
      return
    }
    case 'keys':
      for (const key of step.keys) await page.keyboard.press(key)
      return documentEdgeIntent(page, step.keys.at(-1))
    case 'type':
      await page.keyboard.type(step.text)
      return typedIntent(page, step.text)
    case 'clickType': {
      const point = await aimAt(page, step.at, step.view)
      const before = await callPage(page, 'blockText', step.at.block)
      const at = Math.min(step.at.offset, before.length)
      if (process.env.DIFFERENTIAL_DEBUG)
        console.log(
          'HIT',
          JSON.stringify(
            await page.evaluate(
              ([x, y]) => {
                const e = document.elementFromPoint(x!, y!)
                const s = getSelection()
                return [
                  e?.tagName,
                  e?.className,
                  e?.textContent?.slice(0, 30),
                  s?.anchorNode?.textContent?.slice(0, 20),
                  s?.anchorOffset,
                  s?.isCollapsed,
                ]
              },
              [point.x, point.y],
            ),
          ),
        )
      await mouse.click(point.x, point.y)
      await typeAtOnce(page, step.text)
      const expected = before.slice(0, at) + step.text + before.slice(at)
      return async () => {
        const after = await callPage(page, 'blockText', step.at.block)
        return after === expected ? null : `block ${step.at.block} reads ${JSON.stringify(after)}`
      }
    }
    case 'tabType': {
      const { head } = await callPage(page, 'selection')
      await page.getByRole('button', { name: 'Before the editor' }).focus()
      await page.keyboard.press('Tab')
      await typeAtOnce(page, step.text)
      return async () => {
        const after = await callPage(page, 'blockText', head.block)
        return after.includes(step.text) ? null : `block ${head.block} reads ${JSON.stringify(after)}`
      }
    }
    case 'historyInput':
      await callPage(page, 'historyInput', step.inputType)
      return
    case 'pause':
      await page.waitForTimeout(historyGroupPauseMs)
      return
    case 'pasteForeign':
      await callPage(page, 'pasteForeign', step.html, step.plain)
      return
    case 'compose':
      for (const stage of step.stages) {
        await cdp.send('Input.imeSetComposition', {
          text: stage,
          selectionStart: stage.length,
          selectionEnd: stage.length,
        })
      }
      await cdp.send('Input.insertText', { text: step.commit })
      return
    case 'spellFix':
      await bringIntoView(page, step.at, undefined)
      await callPage(page, 'replaceText', step.at.block, step.at.offset, step.length, step.replacement)
      return
  }
}

/** Opens the differential page with an editor of `kind` (and no document yet). */
export async function openEditorPage(context: BrowserContext, url: string, kind: EditorKind): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${url}?editor=${kind}`)
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 60_000 })
  return page
}

/** Gives the page a fresh editor holding the document, ready for a session's first step. */
export async function loadDocument(page: Page, docName: string): Promise<void> {
  await callPage(page, 'mount', docName)
  await page.getByRole('textbox', { name: 'Project description' }).waitFor()
}

/** Longer than ProseMirror history's newGroupDelay (500 ms). */
const historyGroupPauseMs = 700

/** Runs the steps in the editor of `page` and records what it did. */
export async function runEditor(page: Page, kind: EditorKind, steps: readonly Step[]): Promise<EditorRun> {
  const run: EditorRun = { kind, steps: [], document: null }
  try {
    // Pages in the background get no animation frames (the settling waits for them).
    await page.bringToFront()
    // Nothing copied in another editor's session may be pasted in this one.
    await callPage(page, 'clearClipboard')
    const cdp = await page.context().newCDPSession(page)
    for (const step of steps) {
      const started = Date.now()
      try {
        const intentCheck = await perform({ page, cdp }, step)
        await callPage(page, 'settle')
        const record: StepRecord = { selection: await callPage(page, 'selection') }
        if (intentCheck) record.intent = await intentCheck()
        run.steps.push(record)
        if (process.env.DIFFERENTIAL_DEBUG)
          console.log(
            kind,
            step.kind,
            `${Date.now() - started} ms`,
            JSON.stringify(record),
            JSON.stringify(await callPage(page, 'scrollRoom')),
          )
      } catch (error) {
        run.steps.push({ selection: null, error: error instanceof Error ? error.message : String(error) })
        return run
      }
    }
    run.document = await callPage(page, 'document')
    return run
  } finally {
    // What is held stays held into the next session otherwise (a step that failed mid-drag).
    await page.mouse.up().catch(() => undefined)
  }
}
