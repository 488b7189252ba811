import { editorSelector } from './page-scripts'

/**
 * Scripts the editing-session benchmark (session.ts) runs inside the page, as strings for the same reason
 * as page-scripts.ts (this folder has no DOM types). The app and the stock page get the same scripts.
 */

const editor = `document.querySelector(${JSON.stringify(editorSelector)})`

/**
 * The editor's blocks in order (an expression holding a function of the editor element): the elements
 * ProseMirror draws for the document's top-level nodes, wherever they sit. An element that only wraps
 * blocks is looked through: the app's `.ot-chunk`, or any element ProseMirror drew for a mark rather than
 * a node (its `pmViewDesc` holds a mark: the app draws its chunks as marks on blocks). Widgets (a gap
 * cursor) are not blocks. So this finds the same blocks whether they are children of the surface (stock
 * TipTap, a short document) or children of chunks, however deep the wrappers go.
 */
const blocksOf = `((root) => {
  const blocks = []
  const visit = (parent) => {
    for (const child of parent.children) {
      const desc = child.pmViewDesc
      if (desc && desc.widget) continue
      if (child.classList.contains('ot-chunk') || (desc && desc.mark && !desc.node)) visit(child)
      else blocks.push(child)
    }
  }
  visit(root)
  return blocks
})`

const blocks = `${blocksOf}(${editor})`
const normalise = (text: string) => `(${text} || '').replace(/\\s+/g, ' ')`

/** The element that scrolls the editor: the editor itself or its nearest scrolling ancestor. */
const scroller = `(() => {
  for (let el = ${editor}; el; el = el.parentElement) {
    const overflow = getComputedStyle(el).overflowY
    if ((overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight) return el
  }
  return document.scrollingElement
})()`

/**
 * The browser's measures, from now until the page goes: Event Timing entries of 16 ms and more and the
 * first input (name, start, duration), Long Tasks and Long Animation Frames (start, duration), in
 * `window.__benchSession`. Each operation later takes those in its own time window (sessionWindow).
 */
export const armSessionProbe = `(() => {
  const probe = { events: [], longTasks: [], frames: [] }
  window.__benchSession = probe
  const events = (list) => {
    for (const e of list.getEntries()) probe.events.push({ name: e.name, start: e.startTime, duration: e.duration })
  }
  new PerformanceObserver(events).observe({ type: 'event', durationThreshold: 16 })
  new PerformanceObserver(events).observe({ type: 'first-input', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration })
  }).observe({ type: 'longtask' })
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.frames.push({ start: e.startTime, duration: e.duration })
    }).observe({ type: 'long-animation-frame' })
  }
  return true
})()`

export const now = 'performance.now()'

/** The input events Event Timing may report for an operation. */
export const inputEventNames = [
  'keydown',
  'keyup',
  'keypress',
  'beforeinput',
  'input',
  'pointerdown',
  'pointerup',
  'pointermove',
  'mousedown',
  'mouseup',
  'click',
  'wheel',
  'paste',
]

/**
 * What the probe saw of one operation: the input events that started between `from` (just before its
 * first input) and `to` (just after its last), and the long tasks and long animation frames that overlap
 * `from` to `to + tailMs`.
 */
export const sessionWindow = (from: number, to: number, tailMs: number): string => `(() => {
  const probe = window.__benchSession
  const names = new Set(${JSON.stringify(inputEventNames)})
  const end = ${to + tailMs}
  const overlaps = (e) => e.start < end && e.start + e.duration > ${from}
  return {
    events: probe.events
      .filter((e) => names.has(e.name) && e.start >= ${from} && e.start <= ${to})
      .map((e) => ({ name: e.name, duration: e.duration })),
    longTasks: probe.longTasks.filter(overlaps).map((e) => e.duration),
    frames: probe.frames.filter(overlaps).map((e) => e.duration),
  }
})()`

export const blockCount = `${blocks}.length`

/**
 * Puts the caret at the start or end of a block (`'first'`, `'middle'` or `'last'`) the way
 * page-scripts.ts cursorToMiddle does: the DOM selection and the element's focus, never the editor's
 * commands (with those, headless Chromium sometimes stops presenting frames for seconds and every key
 * then reads ~5 s), and the block scrolled to the middle of the view. When the editor does not have the
 * focus yet, it is focused first and given 50 ms: ProseMirror puts its own selection back into the page
 * 20 ms after it gains the focus, over one set in between. Resolves with the block's index. Follow it
 * with two animation frames.
 */
export const caretIn = (which: 'first' | 'middle' | 'last', where: 'start' | 'end'): string => `(async () => {
  const root = ${editor}
  if (document.activeElement !== root) {
    root.focus()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const all = ${blocksOf}(root)
  const index = ${which === 'first' ? '0' : which === 'middle' ? 'Math.floor(all.length / 2)' : 'all.length - 1'}
  const block = all[index]
  const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT)
  let text = null
  while (walker.nextNode()) {
    text = walker.currentNode
    if (${where === 'start'}) break
  }
  const range = document.createRange()
  if (!text) range.setStart(block, 0)
  else range.setStart(text, ${where === 'start' ? '0' : 'text.length'})
  range.collapse(true)
  const selection = getSelection()
  selection.removeAllRanges()
  selection.addRange(range)
  block.scrollIntoView({ block: 'center' })
  return index
})()`

/**
 * Puts the caret at the end of the block drawn in the middle of the editor's visible part, where a person
 * who has just opened the document would click to type (the app opens scrolled to the end with the caret
 * there; stock TipTap at the top without a caret), without scrolling: the DOM selection and the focus, as
 * caretIn. Resolves with the block's index (-1 when no block is drawn there).
 */
export const caretInView = `(async () => {
  const root = ${editor}
  if (document.activeElement !== root) {
    root.focus({ preventScroll: true })
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const all = ${blocksOf}(root)
  const view = ${scroller}.getBoundingClientRect()
  const middle = (Math.max(view.top, 0) + Math.min(view.bottom, innerHeight)) / 2
  // The middle may fall between two blocks (a margin): the nearest point that is on one, up or down.
  let index = -1
  for (let offset = 0; offset < 100 && index < 0; offset += 4) {
    for (const y of [middle + offset, middle - offset]) {
      const hit = document.elementFromPoint((view.left + view.right) / 2, y)
      index = hit && hit !== root ? all.findIndex((block) => block.contains(hit)) : -1
      if (index >= 0) break
    }
  }
  if (index < 0) return -1
  const walker = document.createTreeWalker(all[index], NodeFilter.SHOW_TEXT)
  let text = null
  while (walker.nextNode()) text = walker.currentNode
  const range = document.createRange()
  if (!text) range.setStart(all[index], 0)
  else range.setStart(text, text.length)
  range.collapse(true)
  const selection = getSelection()
  selection.removeAllRanges()
  selection.addRange(range)
  return index
})()`

/** Text of the blocks at `indices` (negative counts from the end), whitespace runs made one space. */
export const blockTexts = (indices: number[]): string => `(() => {
  const all = ${blocks}
  return ${JSON.stringify(indices)}.map((i) => ${normalise('(all.at(i) || {}).textContent')})
})()`

/** The block and its tag name of the whole document when it has one block, or null. */
export const onlyBlock = `(() => {
  const all = ${blocks}
  return all.length === 1 ? { tag: all[0].tagName, text: all[0].textContent } : null
})()`

/**
 * Which blocks hold the DOM selection's anchor and focus (-1 outside every block), and whether the focus
 * is at the very end of its block's text.
 */
export const selectionBlocks = `(() => {
  const all = ${blocks}
  const selection = getSelection()
  const indexOf = (node) => (node ? all.findIndex((block) => block.contains(node)) : -1)
  const focus = indexOf(selection.focusNode)
  let focusAtEnd = false
  if (focus >= 0) {
    const range = document.createRange()
    range.selectNodeContents(all[focus])
    range.setStart(selection.focusNode, selection.focusOffset)
    focusAtEnd = range.toString().length === 0
  }
  return { anchor: indexOf(selection.anchorNode), focus, focusAtEnd, blocks: all.length }
})()`

/**
 * The scroll position of the editor's scroller, its visible height, and the centre of its visible part
 * (where the mouse wheel goes).
 */
export const scrollState = `(() => {
  const el = ${scroller}
  const box = el.getBoundingClientRect()
  const top = Math.max(box.top, 0)
  const bottom = Math.min(box.bottom, innerHeight)
  const left = Math.max(box.left, 0)
  const right = Math.min(box.right, innerWidth)
  return { scrollTop: el.scrollTop, clientHeight: el.clientHeight, x: (left + right) / 2, y: (top + bottom) / 2 }
})()`

/**
 * For the drag: the first of the `count` consecutive blocks near the middle of the document with the
 * least text (so both editors pick the same ones: the choice depends on the text, not on the layout).
 */
export const dragFirstBlock = (count: number): string => `(() => {
  const all = ${blocks}
  const middle = Math.floor(all.length / 2)
  const lengths = all.map((block) => ${normalise('block.textContent')}.length)
  let best = middle
  let bestLength = Infinity
  for (let i = Math.max(0, middle - 200); i <= Math.min(all.length - ${count}, middle + 200); i++) {
    let length = 0
    for (let k = 0; k < ${count}; k++) length += lengths[i + k]
    if (length < bestLength) {
      best = i
      bestLength = length
    }
  }
  return best
})()`

/**
 * Scrolls block `index` to `offset` pixels below the top of the editor's scroller (scrollIntoView: off
 * screen, the app skips a chunk's layout, and the boxes of its blocks are not where they will be drawn;
 * scrollIntoView lays the chunk out first). Resolves with whether the point 5 pixels into the block's
 * first line now hits the block (the caller repeats, a frame apart, until it does).
 */
export const scrollBlockTo = (index: number, offset: number): string => `(() => {
  const el = ${scroller}
  const block = ${blocks}[${index}]
  block.scrollIntoView({ block: 'start' })
  el.scrollTop -= ${offset}
  const box = block.getBoundingClientRect()
  const hit = document.elementFromPoint(box.left + 1, box.top + 5)
  return Boolean(hit && block.contains(hit))
})()`

/**
 * Where the drag starts and ends, from the blocks' own boxes: the first line of block `first` at its left
 * edge, the middle of the last line of block `last` at its right edge (past the end of its text, so the
 * caret goes to the end of the line). `fromInside` and `toInside` say whether each is on screen, inside
 * the scroller, and on its block (what is drawn there is that block: a block off screen may not be laid
 * out where it will be drawn). In the scroller's middle: `lowEdge` and `highEdge` are 10 pixels from its
 * bottom and top, where the held mouse makes the browser scroll as it selects (Chromium scrolls while the
 * mouse is within 20 pixels of the edge), `low` and `high` 30 pixels, where it stops. `focus` is the block
 * holding the selection's focus (-1: none).
 */
export const dragPoints = (first: number, last: number): string => `(() => {
  const all = ${blocks}
  const start = all[${first}].getBoundingClientRect()
  const end = all[${last}].getBoundingClientRect()
  const view = ${scroller}.getBoundingClientRect()
  const top = Math.max(view.top, 0)
  const bottom = Math.min(view.bottom, innerHeight)
  const from = { x: start.left + 1, y: start.top + 5 }
  const to = { x: end.right - 2, y: end.bottom - 9 }
  const inside = (p, block) => {
    if (!(p.x > view.left && p.x < view.right && p.y > top && p.y < bottom)) return false
    const hit = document.elementFromPoint(p.x, p.y)
    return Boolean(hit && block.contains(hit))
  }
  const focusNode = getSelection().focusNode
  const middle = (view.left + view.right) / 2
  return {
    from,
    to,
    fromInside: inside(from, all[${first}]),
    toInside: inside(to, all[${last}]),
    low: { x: middle, y: bottom - 30 },
    high: { x: middle, y: top + 30 },
    lowEdge: { x: middle, y: bottom - 10 },
    highEdge: { x: middle, y: top + 10 },
    focus: focusNode ? all.findIndex((block) => block.contains(focusNode)) : -1,
  }
})()`

/** Writes `html` (and `text` as its plain form) to the clipboard: the page needs the clipboard-write permission. */
export const writeClipboard = (html: string, text: string): string =>
  `navigator.clipboard.write([new ClipboardItem({
    'text/html': new Blob([${JSON.stringify(html)}], { type: 'text/html' }),
    'text/plain': new Blob([${JSON.stringify(text)}], { type: 'text/plain' }),
  })]).then(() => true)`

/** How many blocks there are, and which of the numbers 1…`count` appear in a `marker N` text in the editor. */
export const pastedMarkers = (marker: string, count: number): string => `(() => {
  const all = ${blocks}
  const seen = new Set()
  const pattern = new RegExp(${JSON.stringify(marker)} + ' (\\\\d+)\\\\b', 'g')
  for (const block of all) for (const match of (block.textContent || '').matchAll(pattern)) seen.add(Number(match[1]))
  let missing = 0
  for (let n = 1; n <= ${count}; n++) if (!seen.has(n)) missing++
  return { blocks: all.length, missing }
})()`
