/**
 * Scripts the editor benchmark runs inside the page. They are strings (not functions) because this
 * folder is type-checked against Node's types, which have no DOM; each is a small, self-contained
 * expression evaluated with `page.evaluate`. The app and the stock TipTap page are measured with the same
 * scripts: both editors are a textbox named "Project description".
 */

export const editorSelector = '[role="textbox"][aria-label="Project description"]'

/**
 * The editor's blocks, in order, as an expression: its children, or in a long document the children of
 * its chunks (the app draws those in chunks of blocks, `.ot-chunk`; stock TipTap does not).
 */
const editorBlocks = (editor: string): string =>
  `[...${editor}.children].flatMap((child) => child.classList.contains('ot-chunk') ? [...child.children] : [child])`

/**
 * Arms the open timer on the next click (capture phase, before the page's own handler): from that click
 * until the document is painted and editable, that is, the first frame in which the editor's last block
 * reads `lastText` and the editor is contenteditable, plus the task after that frame (the paint). The
 * result lands in `window.__benchOpenMs`.
 */
export const armOpenTimer = (lastText: string): string => `(() => {
  window.__benchOpenMs = null
  document.addEventListener('click', () => {
    const started = performance.now()
    const expected = ${JSON.stringify(lastText)}
    const tick = () => {
      const editor = document.querySelector(${JSON.stringify(editorSelector)})
      const lastChild = editor && editor.lastElementChild
      const last = lastChild && lastChild.classList.contains('ot-chunk') ? lastChild.lastElementChild : lastChild
      const ready = last && editor.isContentEditable &&
        (last.textContent || '').replace(/\\s+/g, ' ').startsWith(expected)
      if (ready) {
        setTimeout(() => { window.__benchOpenMs = performance.now() - started }, 0)
        return
      }
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  }, { capture: true, once: true })
})()`

export const openMs = 'window.__benchOpenMs'

/**
 * Resolves once `condition` (an expression) holds, checked every animation frame. Used instead of
 * Playwright's waitForFunction, which evaluates strings with eval and the popup's CSP forbids that.
 */
export const waitUntil = (condition: string, timeoutMs: number): string => `new Promise((resolve, reject) => {
  const giveUpAt = performance.now() + ${timeoutMs}
  const check = () => {
    if (${condition}) return resolve(true)
    if (performance.now() > giveUpAt) return reject(new Error(${JSON.stringify(`timed out waiting for ${condition}`)}))
    requestAnimationFrame(check)
  }
  check()
})`

/**
 * What a person feels while typing, from the browser's own measures: Event Timing entries (the time from
 * the key's hardware timestamp to the next paint after its handlers ran; the browser reports those of
 * 16 ms and more) for every key event, and Long Tasks (main-thread work of more than 50 ms, during which
 * a key must wait). Collected in `window.__benchTyping` from now on.
 */
export const armTypingProbe = `(() => {
  const typing = { events: [], longTasks: [] }
  window.__benchTyping = typing
  const keyEvents = new Set(['keydown', 'keypress', 'keyup', 'beforeinput', 'input'])
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (keyEvents.has(entry.name)) typing.events.push({ name: entry.name, duration: entry.duration })
    }
  }).observe({ type: 'event', durationThreshold: 16 })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) typing.longTasks.push(entry.duration)
  }).observe({ type: 'longtask' })
})()`

export const typingResults = 'window.__benchTyping'

/**
 * Puts the cursor at the end of the block in the middle of the document and scrolls it into view.
 * Returns the block's index, so the benchmark can check afterwards that the text landed there.
 */
export const cursorToMiddle = `(() => {
  const editor = document.querySelector(${JSON.stringify(editorSelector)})
  const blocks = ${editorBlocks('editor')}
  const index = Math.floor(blocks.length / 2)
  const block = blocks[index]
  editor.focus()
  const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT)
  let last = null
  while (walker.nextNode()) last = walker.currentNode
  const range = document.createRange()
  if (last) range.setStart(last, last.length)
  else range.setStart(block, 0)
  range.collapse(true)
  const selection = getSelection()
  selection.removeAllRanges()
  selection.addRange(range)
  block.scrollIntoView({ block: 'center' })
  return index
})()`

export const blockText = (index: number): string =>
  `${editorBlocks(`document.querySelector(${JSON.stringify(editorSelector)})`)}[${index}].textContent`

/** Two animation frames: lets the editor take in a selection change before typing. */
export const twoFrames = `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))`

/** Empties the browser's performance timeline buffers (resource timings, marks, measures). */
export const clearTimingBuffers = `(() => {
  performance.clearResourceTimings()
  performance.clearMarks()
  performance.clearMeasures()
  return true
})()`

/** Waits `ms` in the page (trailing work after the last key still counts as typing). */
export const pause = (ms: number): string =>
  `new Promise((resolve) => setTimeout(() => resolve(true), ${ms}))`

/**
 * Keeps the prototypes of the open editor's objects (TipTap's Editor, ProseMirror's EditorView and its
 * document nodes) in `window.__benchPrototypes`: after the editor is closed, the heap is asked how many
 * objects with those prototypes are still alive. A prototype does not keep its instances alive.
 */
export const rememberEditorPrototypes = `(() => {
  const editor = document.querySelector(${JSON.stringify(editorSelector)}).editor
  window.__benchPrototypes = {
    editor: Object.getPrototypeOf(editor),
    view: Object.getPrototypeOf(editor.view),
    node: Object.getPrototypeOf(editor.state.doc),
  }
  return true
})()`

/**
 * The stock page: a plain TipTap StarterKit editor without React, opened by a click on "Open document"
 * the way the app opens a project: the document is fetched, then the editor is built with it. Nodes and
 * marks StarterKit does not know (mentions, highlights) are stripped first: a mention becomes its
 * "@Name" text. Width and styles follow the popup.
 */
export const baselineEntry = `
import { Editor } from '@tiptap/core'
import StarterKit from '@tiptap/starter-kit'

const holder = document.getElementById('editor')

function strip(schema, node) {
  if (node.type === 'text') {
    const marks = (node.marks || []).filter((m) => schema.marks[m.type])
    return [{ type: 'text', text: node.text, ...(marks.length ? { marks } : {}) }]
  }
  if (!schema.nodes[node.type]) {
    if (node.attrs && typeof node.attrs.label === 'string') return [{ type: 'text', text: '@' + node.attrs.label }]
    return (node.content || []).flatMap((child) => strip(schema, child))
  }
  return [{
    type: node.type,
    ...(node.attrs ? { attrs: node.attrs } : {}),
    ...(node.content ? { content: node.content.flatMap((child) => strip(schema, child)) } : {}),
  }]
}

document.getElementById('open').addEventListener('click', async () => {
  const text = await (await fetch('/doc.json')).text()
  const raw = JSON.parse(text)
  const editor = new Editor({
    element: holder,
    extensions: [StarterKit],
    editorProps: { attributes: { role: 'textbox', 'aria-label': 'Project description' } },
  })
  editor.commands.setContent(strip(editor.schema, raw)[0])
})
`

export const baselineHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>StarterKit baseline</title>
<style>body{font:14px system-ui;margin:0}#editor{height:calc(100vh - 40px);overflow:auto;padding:8px}</style>
</head><body><button id="open" type="button">Open document</button><div id="editor"></div>
<script type="module" src="/page.js"></script></body></html>`
