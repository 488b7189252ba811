// @vitest-environment jsdom
// A long document is drawn in chunks of blocks (extensions/document-chunks.ts). Each test here does the
// same thing to two editors holding the same document, one in chunks and one without, and expects the same
// saved document: at every chunk boundary, with keys, toolbar commands, undo and redo, select all, a paste
// and a copy. What is typed after each step must land in the same place too, so the caret is checked as well.
import { Editor, type JSONContent } from '@tiptap/core'
import { TextSelection } from '@tiptap/pm/state'
import { afterEach, describe, expect, it } from 'vitest'
import { createEditorExtensions } from './editor-extensions'
import { CHUNK_BLOCKS, chunkedDocument, flatDocument } from './extensions/document-chunks'
import { stringifyJson } from './json'
import { prepareForEditor, restoreEditorDocument, restoreFromEditor } from './loss-proof'
import { DOCUMENT_CHUNK } from './operately-types'
import { createTestEditor, destroyTestEditor } from './test-support/editor'
import { installLayoutStandIns } from './test-support/jsdom-layout'

// jsdom has no ClipboardEvent; ProseMirror's pasteHTML makes one to carry the pasted markup.
globalThis.ClipboardEvent ??= class extends Event {
  readonly clipboardData = null
} as unknown as typeof ClipboardEvent

const UNKNOWN = '{"type":"callout","attrs":{"budget":12345678901234567890}}'
const text = (value: string) => `{"type":"text","text":"${value}"}`
const paragraph = (value: string) => `{"type":"paragraph","content":[${text(value)}]}`
const heading = (value: string) => `{"type":"heading","attrs":{"level":2},"content":[${text(value)}]}`
const bulletList = (...items: string[]) =>
  `{"type":"bulletList","content":[${items.map((item) => `{"type":"listItem","content":[${paragraph(item)}]}`).join(',')}]}`
const quote = (value: string) => `{"type":"blockquote","content":[${paragraph(value)}]}`

/**
 * 150 blocks: chunks start at blocks 40, 80 and 120, and each boundary has different neighbours: a list
 * before a paragraph, a heading after a paragraph, an unsupported block before a quote.
 */
function longDocument(): string {
  const blocks: string[] = []
  for (let index = 0; index < 150; index++) {
    if (index === 39) blocks.push(bulletList('one', 'two'))
    else if (index === 80) blocks.push(heading(`heading ${index}`))
    else if (index === 119) blocks.push(UNKNOWN)
    else if (index === 120) blocks.push(quote(`quoted ${index}`))
    else blocks.push(paragraph(`words in block ${index}`))
  }
  return `{"type":"doc","content":[${blocks.join(',')}]}`
}

const BOUNDARIES = [40, 80, 120]

const editors: Editor[] = []
afterEach(() => {
  for (const editor of editors.splice(0)) destroyTestEditor(editor)
})

/** An editor holding `content`: as the editor session loads it (a long one in chunks), or as it is. */
function editorWith(content: JSONContent, chunked = false): Editor {
  let editor: Editor
  if (chunked) editor = createTestEditor(content)
  else {
    installLayoutStandIns()
    const element = document.createElement('div')
    document.body.append(element)
    editor = new Editor({
      element,
      extensions: createEditorExtensions(),
      content,
      injectCSS: false,
      enableContentCheck: false,
    })
  }
  editors.push(editor)
  return editor
}

/** The same document twice: as it is, and in chunks (as the editor loads a long one). */
function pair(source = longDocument()): { flat: Editor; chunked: Editor } {
  const prepared = prepareForEditor(source)
  expect(prepared.readOnlyReason).toBeNull()
  const flat = editorWith(prepared.doc)
  const chunked = editorWith(prepared.doc, true)
  expect(flat.state.doc.firstChild?.type.name).not.toBe(DOCUMENT_CHUNK)
  expect(chunked.state.doc.firstChild?.type.name).toBe(DOCUMENT_CHUNK)
  return { flat, chunked }
}

const saved = (editor: Editor) => stringifyJson(restoreFromEditor(editor.getJSON()))

/** Where a top-level block starts in this editor's document (inside chunks or not). */
function blockStart(editor: Editor, block: number): number {
  let found = -1
  let seen = 0
  const visit = (node: typeof editor.state.doc, offset: number) =>
    node.forEach((child, childOffset) => {
      if (found >= 0) return
      if (child.type.name === DOCUMENT_CHUNK) visit(child, offset + childOffset + 1)
      else if (seen++ === block) found = offset + childOffset
    })
  visit(editor.state.doc, 0)
  if (found < 0) throw new Error(`no block ${block}`)
  return found
}

function blockEnd(editor: Editor, block: number): number {
  const start = blockStart(editor, block)
  return start + editor.state.doc.nodeAt(start)!.nodeSize
}

/** The caret in the first text position of a block, or the last. */
function caretAtStart(editor: Editor, block: number): void {
  const $pos = editor.state.doc.resolve(blockStart(editor, block) + 1)
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.near($pos, 1)))
}

function caretAtEnd(editor: Editor, block: number): void {
  const $pos = editor.state.doc.resolve(blockEnd(editor, block) - 1)
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.near($pos, -1)))
}

/** From the middle of the first block's text to the middle of the last's. */
function selectAcross(editor: Editor, first: number, last: number): void {
  const from = TextSelection.near(editor.state.doc.resolve(blockStart(editor, first) + 1), 1).from + 3
  const to = TextSelection.near(editor.state.doc.resolve(blockEnd(editor, last) - 1), -1).to - 3
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, from, to)))
}

function press(editor: Editor, key: string, init: KeyboardEventInit = {}): void {
  editor.view.dom.dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }),
  )
}

/** A typed character as ProseMirror handles it: the handleTextInput props first, then its default. */
function typeText(editor: Editor, value: string): void {
  for (const char of value) {
    const { view } = editor
    const { from, to } = view.state.selection
    const deflt = () => view.state.tr.insertText(char, from, to)
    if (!view.someProp('handleTextInput', (f) => f(view, from, to, char, deflt))) view.dispatch(deflt())
  }
}

/** Both editors saved the same, and a letter typed next lands in the same place in both. */
function expectSame(pairOf: { flat: Editor; chunked: Editor }): void {
  expect(saved(pairOf.chunked)).toBe(saved(pairOf.flat))
  typeText(pairOf.flat, 'Q')
  typeText(pairOf.chunked, 'Q')
  expect(saved(pairOf.chunked)).toBe(saved(pairOf.flat))
}

type Step = (editor: Editor, boundary: number) => void

const steps: Record<string, Step> = {
  'Backspace at the start of the chunk’s first block': (editor, b) => {
    caretAtStart(editor, b)
    press(editor, 'Backspace')
  },
  'Backspace twice at the start of the chunk’s first block': (editor, b) => {
    caretAtStart(editor, b)
    press(editor, 'Backspace')
    press(editor, 'Backspace')
  },
  'Delete at the end of the last block before the chunk': (editor, b) => {
    caretAtEnd(editor, b - 1)
    press(editor, 'Delete')
  },
  'Ctrl+Backspace at the start of the chunk’s first block': (editor, b) => {
    caretAtStart(editor, b)
    press(editor, 'Backspace', { ctrlKey: true })
  },
  'Enter at the end of the last block before the chunk, then Backspace': (editor, b) => {
    caretAtEnd(editor, b - 1)
    press(editor, 'Enter')
    typeText(editor, 'new')
    press(editor, 'Backspace')
    press(editor, 'Backspace')
    press(editor, 'Backspace')
    press(editor, 'Backspace')
  },
  'typing over a selection across the boundary': (editor, b) => {
    selectAcross(editor, b - 1, b)
    typeText(editor, 'x')
  },
  'Backspace over a selection of four blocks across the boundary': (editor, b) => {
    selectAcross(editor, b - 2, b + 1)
    press(editor, 'Backspace')
  },
  'a bullet list made of blocks on both sides': (editor, b) => {
    selectAcross(editor, b - 2, b + 1)
    editor.commands.toggleBulletList()
  },
  'a quote made of blocks on both sides': (editor, b) => {
    selectAcross(editor, b - 2, b + 1)
    editor.commands.toggleBlockquote()
  },
  'a heading over blocks on both sides': (editor, b) => {
    selectAcross(editor, b - 1, b)
    editor.commands.toggleHeading({ level: 3 })
  },
  'Backspace, undo and redo': (editor, b) => {
    caretAtStart(editor, b)
    press(editor, 'Backspace')
    editor.commands.undo()
    editor.commands.redo()
    editor.commands.undo()
  },
  'a list made across the boundary, then undone': (editor, b) => {
    selectAcross(editor, b - 2, b + 1)
    editor.commands.toggleBulletList()
    editor.commands.undo()
  },
  'Shift+Tab out of a list item at the boundary': (editor, b) => {
    caretAtStart(editor, b)
    press(editor, 'Backspace')
    press(editor, 'Tab', { shiftKey: true })
  },
  'a paste of two paragraphs at the chunk’s start': (editor, b) => {
    caretAtStart(editor, b)
    editor.view.pasteHTML('<p>first pasted</p><p>second pasted</p>')
  },
}

describe('a long document in chunks edits exactly as one without', () => {
  for (const [name, step] of Object.entries(steps)) {
    it.each(BOUNDARIES)(`${name} (chunk boundary before block %i)`, (boundary) => {
      const both = pair()
      step(both.flat, boundary)
      step(both.chunked, boundary)
      expectSame(both)
    })
  }

  it('select all, then Backspace, then typing', () => {
    const both = pair()
    for (const editor of [both.flat, both.chunked]) {
      editor.commands.selectAll()
      press(editor, 'Backspace')
    }
    expectSame(both)
  })

  it('select all, a bullet list, undo', () => {
    const both = pair()
    for (const editor of [both.flat, both.chunked]) {
      editor.commands.selectAll()
      editor.commands.toggleBulletList()
      editor.commands.undo()
    }
    expectSame(both)
  })

  it('a copy across the boundary pastes the same blocks into an editor without chunks', () => {
    const both = pair()
    const pasted: string[] = []
    for (const editor of [both.flat, both.chunked]) {
      selectAcross(editor, 38, 42)
      const { dom } = editor.view.serializeForClipboard(editor.state.selection.content())
      const target = editorWith(prepareForEditor(`{"type":"doc","content":[${paragraph('target')}]}`).doc)
      target.commands.setTextSelection(3)
      target.view.pasteHTML(dom.innerHTML)
      pasted.push(saved(target))
    }
    expect(pasted[1]).toBe(pasted[0])
    expect(pasted[0]).toContain('words in block 41')
  })
})

describe('the chunks themselves', () => {
  it('load as chunks of 40 blocks, and the editor reads them as one list of the same blocks', () => {
    const { chunked } = pair()
    const { doc } = chunked.state
    expect(doc.childCount).toBe(Math.ceil(150 / CHUNK_BLOCKS))
    const flat = flatDocument(doc)
    expect(flat.childCount).toBe(150)
    expect(flat.child(CHUNK_BLOCKS)).toBe(doc.child(1).firstChild)
    expect(flatDocument(doc)).toBe(flat)
    expect(restoreEditorDocument(doc)).toEqual(restoreFromEditor(chunked.getJSON()))
  })

  it('a short document is loaded as it is', () => {
    const short = editorWith(
      prepareForEditor(`{"type":"doc","content":[${paragraph('a')},${paragraph('b')}]}`).doc,
    )
    expect(chunkedDocument(short.state.doc)).toBe(short.state.doc)
  })

  it('join around the caret at a boundary, without an undo step of their own', () => {
    const { chunked } = pair()
    const before = chunked.state.doc.childCount
    caretAtStart(chunked, 40)
    expect(chunked.state.doc.childCount).toBe(before - 1)
    const $caret = chunked.state.selection.$from
    expect($caret.index(1)).toBeGreaterThan(0)
    // Nothing typed, so nothing to undo: the join is not an edit.
    expect(chunked.can().undo()).toBe(false)
    expect(saved(chunked)).toBe(stringifyJson(restoreFromEditor(prepareForEditor(longDocument()).doc)))
  })

  it('next to an unsupported block, join without saying anything was kept', () => {
    let kept = 0
    const editor = createTestEditor(prepareForEditor(longDocument()).doc, { onUnknownKept: () => kept++ })
    editors.push(editor)
    const before = editor.state.doc.childCount
    caretAtStart(editor, 120)
    expect(editor.state.doc.childCount).toBe(before - 1)
    expect(kept).toBe(0)
    expect(saved(editor)).toContain(UNKNOWN)
  })

  it('that grew long are cut back, never next to the caret, and keep the document as it was', () => {
    const { flat, chunked } = pair()
    const paste = Array.from({ length: 200 }, (_, i) => `<p>pasted ${i}</p>`).join('')
    for (const editor of [flat, chunked]) {
      caretAtStart(editor, 60)
      editor.view.pasteHTML(paste)
    }
    const sizes: number[] = []
    chunked.state.doc.forEach((chunk) => sizes.push(chunk.childCount))
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3 * CHUNK_BLOCKS)
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(flat.state.doc.childCount)
    expect(flat.state.doc.childCount).toBeGreaterThan(300)
    const $caret = chunked.state.selection.$from
    expect($caret.index(1)).toBeGreaterThan(0)
    expect($caret.index(1)).toBeLessThan($caret.node(1).childCount - 1)
    expectSame({ flat, chunked })
  })

  it('select all joins every chunk; a click afterwards cuts them back', () => {
    const { flat, chunked } = pair()
    chunked.commands.selectAll()
    expect(chunked.state.doc.childCount).toBe(1)
    caretAtStart(chunked, 100)
    expect(chunked.state.doc.childCount).toBeGreaterThan(2)
    expect(saved(chunked)).toBe(saved(flat))
  })
})
