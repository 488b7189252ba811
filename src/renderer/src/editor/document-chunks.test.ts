// @vitest-environment jsdom
// A long document is drawn in chunks of blocks (extensions/document-chunks/). Each test here does the
// same thing to two editors holding the same document, one in chunks and one without, and expects the same
// saved document: at every chunk boundary, with keys, toolbar commands, undo and redo, select all, a paste
// and a copy. What is typed after each step must land in the same place too, so the caret is checked as well.
import type { Editor } from '@tiptap/core'
import { afterEach, describe, expect, it } from 'vitest'
import { CHUNK_BLOCKS, chunkedDocument, flatDocument } from './extensions/document-chunks'
import { DOCUMENT_CHUNK } from './operately-types'
import { stringifyJson } from './json'
import { prepareForEditor, restoreEditorDocument, restoreFromEditor } from './loss-proof'
import {
  BOUNDARIES,
  caretAtEnd,
  caretAtStart,
  chunkedEditorWith,
  destroyEditors,
  editorWith,
  expectSame,
  longDocument,
  pair,
  paragraph,
  press,
  saved,
  selectAcross,
  typeText,
  UNKNOWN,
} from './test-support/chunk-pair'

afterEach(destroyEditors)

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
  // Block 39 is a list: from inside it out past the boundary, the list toggle makes one list of them all.
  'a bullet list from inside the list before block 40 out to block 42, then undone and redone': (editor) => {
    selectAcross(editor, 39, 42)
    editor.commands.toggleBulletList()
    editor.commands.undo()
    editor.commands.redo()
  },
  'a numbered list from inside the list before block 40 out to block 41': (editor) => {
    selectAcross(editor, 39, 41)
    editor.commands.toggleOrderedList()
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

  it('Backspace at the start of a code block that opens the document turns it into a paragraph', () => {
    // TipTap's code block takes the document's start to be position 1; in chunks it is 2.
    const code = '{"type":"codeBlock","attrs":{"language":null},"content":[{"type":"text","text":"x = 1"}]}'
    const blocks = [code, ...Array.from({ length: 60 }, (_, index) => paragraph(`block ${index}`))]
    const both = pair(`{"type":"doc","content":[${blocks.join(',')}]}`)
    for (const editor of [both.flat, both.chunked]) {
      caretAtStart(editor, 0)
      press(editor, 'Backspace')
    }
    expect(saved(both.chunked)).toContain('{"type":"paragraph","content":[{"type":"text","text":"x = 1"}]}')
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
    const editor = chunkedEditorWith(prepareForEditor(longDocument()).doc, { onUnknownKept: () => kept++ })
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

  it('select all, typing, undo: a click afterwards puts the chunks back', () => {
    // Nothing unsupported in it: that would be kept, and the typing would not replace everything.
    const blocks = Array.from({ length: 130 }, (_, index) => paragraph(`block ${index}`))
    const { flat, chunked } = pair(`{"type":"doc","content":[${blocks.join(',')}]}`)
    for (const editor of [flat, chunked]) {
      editor.commands.selectAll()
      press(editor, 'x')
      // What the browser's typing over everything leaves: the letter, the caret after it.
      editor.view.dispatch(editor.state.tr.replaceSelectionWith(editor.schema.text('x')))
      expect(editor.state.doc.childCount).toBe(1)
      editor.commands.undo()
      caretAtStart(editor, 60)
    }
    // Undone, the document is long again: drawn without chunks, every key would cost it five times more.
    expect(chunked.state.doc.firstChild?.type.name).toBe(DOCUMENT_CHUNK)
    expect(chunked.state.doc.childCount).toBeGreaterThan(1)
    expectSame({ flat, chunked })
  })

  it('select all keeps the chunks until a key would change everything; a click afterwards puts them back', () => {
    const { flat, chunked } = pair()
    flat.commands.selectAll()
    chunked.commands.selectAll()
    // Only selected (or copied), everything stays in its chunks: taking them away redraws all of it.
    expect(chunked.state.doc.firstChild?.type.name).toBe(DOCUMENT_CHUNK)
    press(chunked, 'c', { ctrlKey: true })
    expect(chunked.state.doc.firstChild?.type.name).toBe(DOCUMENT_CHUNK)
    // A key that changes what is selected gets the document's blocks, as without chunks.
    press(chunked, 'Enter', { shiftKey: true })
    press(flat, 'Enter', { shiftKey: true })
    expect(chunked.state.doc.firstChild?.type.name).not.toBe(DOCUMENT_CHUNK)
    expect(saved(chunked)).toBe(saved(flat))
    caretAtStart(chunked, 0)
    caretAtStart(flat, 0)
    expect(saved(chunked)).toBe(saved(flat))
    // Nothing to undo: taking the chunks away and back is not an edit.
    expect(chunked.can().undo()).toBe(false)
  })
})
