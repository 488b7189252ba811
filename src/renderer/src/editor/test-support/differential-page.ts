/*
 * The page of the editor differential tests (e2e/editor-differential-*.spec.ts), bundled by the spec with
 * esbuild and served on 127.0.0.1. It mounts ONE editor, chosen by `?editor=`:
 *
 *   app   — the editor as RichTextEditor builds it (EditorSession's extensions, loaded by session.load);
 *   flat  — the same with chunkBlocks = Infinity: the same document never drawn in chunks;
 *   stock — TipTap's StarterKit alone, no code of this app: the reference for plain editing.
 *
 * `window.differential.mount(name)` puts a fresh editor in the page holding `/doc/<name>.json` (a page
 * serves test after test: opening a page costs more than a new editor). The editing surface is the scroll
 * container, sized like the popup's description editor. `window.differential` is also what the test reads
 * and aims with: the selection and document as the server would see them, and where on screen a block's
 * text is. Its shape is e2e/support/differential/page-api.ts (repeated there: the two halves are
 * type-checked apart, the page against the DOM and the tests against Node).
 */
import { Editor, type JSONContent } from '@tiptap/core'
import { closeHistory } from '@tiptap/pm/history'
import type { Node as PMNode, Schema } from '@tiptap/pm/model'
import { Selection } from '@tiptap/pm/state'
import { StarterKit } from '@tiptap/starter-kit'
import '../editor.css'
import { EditorSession } from '../editor-session'
import { EMPTY_EDITOR_DOC, prepareForEditor, restoreEditorDocument } from '../loss-proof'

type EditorKind = 'app' | 'flat' | 'stock'

interface BlockPoint {
  block: number
  offset: number
}

interface ClientPoint {
  x: number
  y: number
}

const kind = new URL(location.href).searchParams.get('editor') as EditorKind

// The surface's attributes as RichTextEditor gives them (the same for the stock editor, so tests find all
// three by role and name and the same styles apply).
const surfaceAttributes = {
  role: 'textbox',
  'aria-multiline': 'true',
  'aria-label': 'Project description',
  class: 'ot-richtext ot-editor__surface',
}

/** The session of the app's editor in the page (none for stock TipTap). */
let session: EditorSession | null = null

function createEditor(element: HTMLElement, doc: JSONContent): Editor {
  if (kind === 'stock') {
    const editor = new Editor({
      element,
      extensions: [StarterKit],
      // The app's stylesheet carries TipTap's own rules, so both editors are styled by the same sheet.
      injectCSS: false,
      editorProps: { attributes: surfaceAttributes },
    })
    // Put in as the app loads a document (EditorSession.load): not an undo step (Undo would empty the
    // editor), and the caret at the start, where a document the editor was created with has it.
    editor
      .chain()
      .setMeta('addToHistory', false)
      .setContent(doc, { emitUpdate: false })
      .command(({ tr }) => {
        tr.setSelection(Selection.atStart(tr.doc))
        return true
      })
      .run()
    return editor
  }
  if (kind !== 'app' && kind !== 'flat') throw new Error(`unknown editor "${String(kind)}"`)
  // As RichTextEditor.tsx: created empty, then the document goes in through the session. What that
  // component adds around it (reporting changes to the page, the toolbar) never changes the editor.
  session = new EditorSession(kind === 'flat' ? { chunkBlocks: Number.POSITIVE_INFINITY } : {})
  const editor = new Editor({
    element,
    extensions: session.extensions,
    content: EMPTY_EDITOR_DOC,
    injectCSS: false,
    enableContentCheck: false,
    editorProps: { attributes: surfaceAttributes },
  })
  session.load(editor, prepareForEditor(doc, { verifyRoundTrip: false }))
  return editor
}

// ---- Blocks: the server document's top-level blocks, wherever the editor keeps them --------------------

interface BlockSpan {
  /** Position just before the block. */
  start: number
  node: PMNode
}

/**
 * Up to commit 262f2c2 the app wrapped a long document's blocks in nodes of this type; a block inside one
 * is still a top-level block of the server's document, and is counted as one here.
 */
const CHUNK_WRAPPER = 'documentChunk'

function topBlocks(doc: PMNode): BlockSpan[] {
  const blocks: BlockSpan[] = []
  doc.forEach((child, offset) => {
    if (child.type.name === CHUNK_WRAPPER) {
      child.forEach((block, inner) => blocks.push({ start: offset + 1 + inner, node: block }))
    } else {
      blocks.push({ start: offset, node: child })
    }
  })
  return blocks
}

/**
 * A document position as (top-level block, position inside it). A position between two blocks (whatever
 * wrappers lie between them) counts as the start of the next block; the document's end as the end of the
 * last one. So the same place reads the same in every editor.
 */
function toBlockPoint(blocks: BlockSpan[], pos: number): BlockPoint {
  let low = 0
  let high = blocks.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (blocks[middle]!.start <= pos) {
      found = middle
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  if (found < 0) return { block: 0, offset: 0 }
  const span = blocks[found]!
  const end = span.start + span.node.nodeSize
  if (pos >= end && found + 1 < blocks.length) return { block: found + 1, offset: 0 }
  return { block: found, offset: Math.min(pos - span.start, span.node.nodeSize) }
}

// ---- Documents as the server would get them ------------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** The attribute defaults of a node or mark type of `schema` (what a saved document may leave out). */
function defaultsOf(schema: Schema, typeName: string, isMark: boolean): Record<string, unknown> {
  const type = isMark ? schema.marks[typeName] : schema.nodes[typeName]
  const attrs = (type?.spec.attrs ?? {}) as Record<string, { default?: unknown }>
  const defaults: Record<string, unknown> = {}
  for (const [name, attr] of Object.entries(attrs)) if ('default' in attr) defaults[name] = attr.default
  return defaults
}

const sortedEntries = (value: { [key: string]: Json }) =>
  Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

/**
 * A document with every attribute that only repeats its type's default left out, and empty attribute
 * objects dropped (stock TipTap writes every attribute, the app only those the document had), and keys
 * sorted. Nothing else is changed.
 */
function withoutDefaults(schema: Schema, value: Json, isMark = false): Json {
  if (Array.isArray(value)) return value.map((item) => withoutDefaults(schema, item, isMark))
  if (value === null || typeof value !== 'object') return value
  const result: { [key: string]: Json } = {}
  const typeName = typeof value.type === 'string' ? value.type : ''
  // Keys in one order: editors write a text's `marks` and `text` in different orders.
  for (const [key, child] of sortedEntries(value)) {
    if (key === 'attrs' && child !== null && typeof child === 'object' && !Array.isArray(child)) {
      const defaults = defaultsOf(schema, typeName, isMark)
      const kept: { [key: string]: Json } = {}
      for (const [name, attr] of sortedEntries(child)) {
        if (name in defaults && JSON.stringify(defaults[name]) === JSON.stringify(attr)) continue
        kept[name] = attr
      }
      if (Object.keys(kept).length > 0) result.attrs = kept
    } else if (key === 'marks') {
      result.marks = withoutDefaults(schema, child, true)
    } else {
      result[key] = withoutDefaults(schema, child, false)
    }
  }
  return result
}

// ---- Where a block's text is on screen ------------------------------------------------------------------

function textNodes(element: Node): Text[] {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
  const found: Text[] = []
  while (walker.nextNode()) found.push(walker.currentNode as Text)
  return found
}

/** The on-screen box of the character at `offset` in `texts` (their text read as one), if it has one. */
function characterBox(texts: Text[], offset: number): DOMRect | null {
  let rest = offset
  for (const text of texts) {
    if (rest < text.length) {
      if (/\s/.test(text.data[rest]!)) return null
      const range = document.createRange()
      range.setStart(text, rest)
      range.setEnd(text, rest + 1)
      const box = [...range.getClientRects()].find((rect) => rect.width > 0)
      return box ?? null
    }
    rest -= text.length
  }
  return null
}

// ---- The page -------------------------------------------------------------------------------------------

const holder = document.getElementById('editor-holder')!
const documents = new Map<string, JSONContent>()
let editor!: Editor
let surface!: HTMLElement

/** Replaces the page's editor (if any) with a new one holding the document `name`, nothing selected. */
async function mount(name: string): Promise<void> {
  if (editor) {
    editor.destroy()
    session?.dispose()
    session = null
    holder.replaceChildren()
  }
  let doc = documents.get(name)
  if (!doc) {
    doc = (await (await fetch(`/doc/${encodeURIComponent(name)}.json`)).json()) as JSONContent
    documents.set(name, doc)
  }
  getSelection()?.removeAllRanges()
  editor = createEditor(holder, structuredClone(doc))
  surface = editor.view.dom as HTMLElement
  await frames(2)
}

const blocks = () => topBlocks(editor.state.doc)

function blockElement(block: number): HTMLElement {
  const all = blocks()
  const span = all[Math.max(0, Math.min(block, all.length - 1))]!
  const element = editor.view.nodeDOM(span.start)
  if (!(element instanceof HTMLElement)) throw new Error(`block ${block} has no element`)
  return element
}

/**
 * The box that stands for the block on screen while the browser skips drawing it (content-visibility:
 * auto, far from the view): its outermost element in the surface, whose box is laid out (at an estimated
 * size) when its content is not. Null when the block is drawn. Positions measured inside a skipped
 * element are not where anything is painted: Chromium lays the text out for the measure alone.
 */
function skippedBox(element: HTMLElement, texts: Text[]): DOMRect | null {
  const probe = texts[0]?.parentElement ?? element
  if (probe.checkVisibility({ contentVisibilityAuto: true })) return null
  let outermost: HTMLElement = element
  while (outermost.parentElement && outermost.parentElement !== surface) outermost = outermost.parentElement
  return outermost.getBoundingClientRect()
}

/**
 * Client coordinates a person would aim at to put the caret `offset` characters into the block's text:
 * the left third of the character after that point, or (when that is a space or the end) the right third
 * of the character before it. A block without text is aimed at in its middle; a block not drawn (see
 * skippedBox) at the middle of what stands for it, out of view.
 */
function caretPoint(block: number, offset: number): ClientPoint {
  const element = blockElement(block)
  const texts = textNodes(element)
  const skipped = skippedBox(element, texts)
  if (skipped)
    return { x: skipped.left + Math.min(skipped.width / 2, 40), y: skipped.top + skipped.height / 2 }
  const length = texts.reduce((sum, text) => sum + text.length, 0)
  const at = Math.max(0, Math.min(offset, length))
  const after = characterBox(texts, at)
  if (after) return { x: after.left + after.width * 0.3, y: after.top + after.height / 2 }
  const before = at > 0 ? characterBox(texts, at - 1) : null
  if (before) return { x: before.right - before.width * 0.3, y: before.top + before.height / 2 }
  const box = element.getBoundingClientRect()
  return { x: box.left + Math.min(box.width / 2, 40), y: box.top + box.height / 2 }
}

/**
 * The block's text at (offset, offset + length), as a DOM range inside one text node, cut to that node
 * (a spelling fix covers one word); null when the block has no text there.
 */
function wordRange(block: number, offset: number, length: number): Range | null {
  let rest = Math.max(0, offset)
  for (const text of textNodes(blockElement(block))) {
    if (rest < text.length) {
      const range = document.createRange()
      range.setStart(text, rest)
      range.setEnd(text, Math.min(text.length, rest + length))
      return range
    }
    rest -= text.length
  }
  return null
}

const frames = (count: number) =>
  new Promise<void>((resolve) => {
    const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)))
    next(count)
  })

/** The surface's visible band in client coordinates (inside its border and padding). */
function visibleBand(): { top: number; bottom: number; left: number; right: number } {
  const box = surface.getBoundingClientRect()
  const style = getComputedStyle(surface)
  const top = box.top + surface.clientTop + parseFloat(style.paddingTop)
  const bottom = box.top + surface.clientTop + surface.clientHeight - parseFloat(style.paddingBottom)
  return { top, bottom, left: box.left, right: box.right }
}

const api = {
  kind,
  mount,
  blockCount: () => blocks().length,
  blockText: (block: number) => blockElement(block).textContent ?? '',

  /** The selection; `type` is ProseMirror's name for its kind (text, node, all, gapcursor). */
  selection(): { anchor: BlockPoint; head: BlockPoint; type: string } {
    const all = blocks()
    const { selection } = editor.state
    return {
      anchor: toBlockPoint(all, selection.anchor),
      head: toBlockPoint(all, selection.head),
      type: String((selection.toJSON() as { type?: unknown }).type),
    }
  },

  /**
   * The text of the caret's block from its start up to the caret (what typing just wrote ends it), or
   * null when the selection is not a caret in text.
   */
  textBeforeCaret(): string | null {
    const { selection } = editor.state
    if (!selection.empty || !selection.$head.parent.isTextblock) return null
    return selection.$head.parent.textBetween(0, selection.$head.parentOffset, undefined, '\ufffc')
  },

  /** Whether the selection's head is where the document starts (ends) for a caret. */
  headAtDocumentEdge(edge: 'start' | 'end'): boolean {
    const { doc, selection } = editor.state
    return selection.head === (edge === 'start' ? Selection.atStart(doc) : Selection.atEnd(doc)).head
  },

  /** The document as the server gets it, attributes equal to their defaults left out. */
  document(): Json {
    const json = (kind === 'stock' ? editor.getJSON() : restoreEditorDocument(editor.state.doc)) as Json
    return withoutDefaults(editor.schema, json)
  },

  caretPoint,

  /**
   * The top-level block the editor finds at client point (x, y), as a click there would (hit testing
   * what is drawn); null when it finds none.
   */
  blockAt(x: number, y: number): number | null {
    const found = editor.view.posAtCoords({ left: x, top: y })
    return found ? toBlockPoint(blocks(), found.pos).block : null
  },

  /**
   * caretPoint once the page has stopped moving: measured, and measured again two frames later, until
   * both agree (what came into view may still be laid out and push the text).
   */
  async steadyCaretPoint(block: number, offset: number): Promise<ClientPoint> {
    let point = caretPoint(block, offset)
    for (let attempt = 0; attempt < 10; attempt++) {
      await frames(2)
      const again = caretPoint(block, offset)
      if (again.x === point.x && again.y === point.y) return again
      point = again
    }
    return point
  },

  /** Whether `caretPoint(block, offset)` is inside the surface's visible band, `margin` pixels in. */
  isVisible(block: number, offset: number, margin: number): boolean {
    const point = caretPoint(block, offset)
    const band = visibleBand()
    return point.y >= band.top + margin && point.y <= band.bottom - margin
  },

  /**
   * Resolves true as soon as (checked every frame) `caretPoint(block, offset)` has come into view or gone
   * past it, moving the way the surface scrolls (`from`: the edge it comes in at); false after
   * `timeoutMs`. Used while Chromium autoscrolls: a check from the test would come too late.
   */
  async waitUntilReached(
    block: number,
    offset: number,
    from: 'top' | 'bottom',
    margin: number,
    timeoutMs: number,
  ): Promise<boolean> {
    const giveUpAt = performance.now() + timeoutMs
    while (performance.now() < giveUpAt) {
      const { y } = caretPoint(block, offset)
      const band = visibleBand()
      if (from === 'top' ? y >= band.top + margin : y <= band.bottom - margin) return true
      await frames(1)
    }
    return false
  },

  /**
   * Scrolls the surface (as a person would with the wheel) so the point `offset` characters into the block
   * sits at `fraction` of the surface's height (0 the top, 0.5 the middle), or as near as the surface
   * scrolls. Measured again after each move: what comes into view is laid out only then
   * (content-visibility) and may push the text away again.
   */
  async scrollTo(block: number, offset: number, fraction: number): Promise<void> {
    let stuck = 0
    for (let attempt = 0; attempt < 40 && stuck < 3; attempt++) {
      const band = visibleBand()
      const delta = caretPoint(block, offset).y - (band.top + fraction * (band.bottom - band.top))
      const before = surface.scrollTop
      if (Math.abs(delta) >= 1) surface.scrollTop += delta
      // Whether or not it moved, the next frames lay out what came near the view (or grew the surface's
      // height, when it stopped at an end that was only an estimate); done once nothing moves.
      await frames(3)
      if (Math.abs(delta) < 1 && api.isSettledAt(block, offset, fraction)) return
      stuck = surface.scrollTop === before ? stuck + 1 : 0
    }
  },

  /** Whether the point is at `fraction` of the surface's height (within a pixel). */
  isSettledAt(block: number, offset: number, fraction: number): boolean {
    const band = visibleBand()
    return Math.abs(caretPoint(block, offset).y - (band.top + fraction * (band.bottom - band.top))) < 1
  },

  /** How far the surface would still scroll towards its top and its bottom. */
  scrollRoom(): { up: number; down: number } {
    return {
      up: surface.scrollTop,
      down: surface.scrollHeight - surface.clientHeight - surface.scrollTop,
    }
  },

  visibleBand,

  /** Resolves once the surface has not scrolled for three frames (a wheel scroll may be animated). */
  async scrollStill(): Promise<void> {
    let still = 0
    let last = surface.scrollTop
    for (let frame = 0; frame < 120 && still < 3; frame++) {
      await frames(1)
      still = surface.scrollTop === last ? still + 1 : 0
      last = surface.scrollTop
    }
  },

  /** The middle of the selection's first line on screen, where a person grabs it to drag it; null if none. */
  selectionGrip(): ClientPoint | null {
    const selection = getSelection()
    if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null
    const box = [...selection.getRangeAt(0).getClientRects()].find((rect) => rect.width > 2)
    return box ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : null
  },

  /**
   * Waits until the editor is done with what the last input started: two frames, then a timer after
   * ProseMirror's own 20 ms timers (selection written back after focus and mouse-up). Then closes the
   * undo group: history groups edits by the wall clock (500 ms), and the three editors run at different
   * speeds, so without this the same steps could be grouped differently. Every step is then undone on
   * its own, as after a person's pause.
   */
  async settle(): Promise<void> {
    await frames(2)
    await new Promise((resolve) => setTimeout(resolve, 30))
    editor.view.dispatch(closeHistory(editor.state.tr).setMeta('addToHistory', false))
  },

  /** A paste from another application: a paste event carrying its HTML (and plain text). */
  pasteForeign(html: string, plain: string): void {
    const transfer = new DataTransfer()
    transfer.setData('text/html', html)
    transfer.setData('text/plain', plain)
    surface.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    )
  },

  /**
   * Undo or Redo from the application menu: the browser sends it as a beforeinput of its own type, no key.
   */
  historyInput(inputType: 'historyUndo' | 'historyRedo'): void {
    surface.dispatchEvent(new InputEvent('beforeinput', { inputType, bubbles: true, cancelable: true }))
  },

  /**
   * A spelling fix: the browser's beforeinput (insertReplacementText, the word as its target range), then,
   * unless the page cancelled it, what the browser itself does — it rewrites the word's text in the page,
   * leaves the caret after it and sends input.
   */
  replaceText(block: number, offset: number, length: number, replacement: string): void {
    const range = wordRange(block, offset, length)
    if (!range) return
    const transfer = new DataTransfer()
    transfer.setData('text/plain', replacement)
    const event = new InputEvent('beforeinput', {
      inputType: 'insertReplacementText',
      data: replacement,
      dataTransfer: transfer,
      targetRanges: [new StaticRange(range)],
      bubbles: true,
      cancelable: true,
    })
    if (!surface.dispatchEvent(event)) return
    const text = range.startContainer as Text
    text.replaceData(range.startOffset, range.endOffset - range.startOffset, replacement)
    const caret = document.createRange()
    caret.setStart(text, range.startOffset + replacement.length)
    getSelection()?.removeAllRanges()
    getSelection()?.addRange(caret)
    surface.dispatchEvent(new InputEvent('input', { inputType: 'insertReplacementText', bubbles: true }))
  },

  /** Empties the system clipboard, so nothing copied in an earlier session is pasted in this one. */
  clearClipboard: () => navigator.clipboard.writeText(''),
}

Object.assign(window, { differential: api })
document.body.dataset.ready = 'true'
