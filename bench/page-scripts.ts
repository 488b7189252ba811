/**
 * Scripts the editor benchmark runs inside the page. They are strings (not functions) because this
 * folder is type-checked against Node's types, which have no DOM; each is a small, self-contained
 * expression evaluated with `page.evaluate`.
 */

const editorSelector = '[role="textbox"][aria-label="Project description"]'

/**
 * Arms a timer on the next click (capture phase, so it runs before the app's own handler): from that
 * click until the first animation frame in which the editor's last block starts with `lastText`.
 * The result lands in `window.__benchOpenMs`.
 */
export const armOpenTimer = (lastText: string): string => `(() => {
  window.__benchOpenMs = null
  document.addEventListener('click', () => {
    const started = performance.now()
    const expected = ${JSON.stringify(lastText)}
    const tick = () => {
      const editor = document.querySelector(${JSON.stringify(editorSelector)})
      const last = editor && editor.lastElementChild
      if (last && (last.textContent || '').replace(/\\s+/g, ' ').startsWith(expected)) {
        window.__benchOpenMs = performance.now() - started
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
 * Keystroke-to-screen latency: performance.now() at keydown (document, capture phase: before the
 * editor sees it) to the next animation frame after the editor's DOM changed. Samples in
 * `window.__benchLatencies`.
 */
export const armKeystrokeProbe = `(() => {
  const editor = document.querySelector(${JSON.stringify(editorSelector)})
  if (!editor) throw new Error('no editor on the page')
  window.__benchLatencies = []
  let keyAt = null
  document.addEventListener('keydown', () => { keyAt = performance.now() }, true)
  new MutationObserver(() => {
    if (keyAt === null) return
    const started = keyAt
    keyAt = null
    requestAnimationFrame(() => window.__benchLatencies.push(performance.now() - started))
  }).observe(editor, { subtree: true, childList: true, characterData: true })
})()`

/** Resolves once `count` latency samples are in (one per typed character). */
export const waitForSamples = (count: number): string => `new Promise((resolve, reject) => {
  const giveUpAt = performance.now() + 10000
  const check = () => {
    if (window.__benchLatencies.length >= ${count}) return resolve(true)
    if (performance.now() > giveUpAt) return reject(new Error('the editor did not change after a keystroke'))
    requestAnimationFrame(check)
  }
  check()
})`

export const latencies = 'window.__benchLatencies'

/**
 * Puts the cursor at the end of the block in the middle of the document and scrolls it into view.
 * Returns the block's index, so the benchmark can check afterwards that the text landed there.
 */
export const cursorToMiddle = `(() => {
  const editor = document.querySelector(${JSON.stringify(editorSelector)})
  const blocks = editor.children
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
  `document.querySelector(${JSON.stringify(editorSelector)}).children[${index}].textContent`

/** Two animation frames: lets the editor take in a selection change before typing. */
export const twoFrames = `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))`

/**
 * The baseline page: a plain TipTap StarterKit editor. The document's nodes and marks StarterKit does
 * not know (mentions, highlights) are stripped: a mention becomes its "@Name" text. `window.benchOpen()`
 * builds the editor with the document and resolves with the time to the next animation frame.
 */
export const baselineEntry = `
import { Editor } from '@tiptap/core'
import StarterKit from '@tiptap/starter-kit'

const holder = document.getElementById('editor')
let editor = null

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

window.benchOpen = async () => {
  const raw = await (await fetch('/doc.json')).json()
  const started = performance.now()
  editor = new Editor({
    element: holder,
    extensions: [StarterKit],
    editorProps: { attributes: { role: 'textbox', 'aria-label': 'Project description' } },
  })
  editor.commands.setContent(strip(editor.schema, raw)[0])
  await new Promise((resolve) => requestAnimationFrame(resolve))
  return performance.now() - started
}
`

export const baselineHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>StarterKit baseline</title>
<style>body{font:14px system-ui;margin:0}#editor{height:100vh;overflow:auto;padding:8px}</style>
</head><body><div id="editor"></div><script type="module" src="/page.js"></script></body></html>`
