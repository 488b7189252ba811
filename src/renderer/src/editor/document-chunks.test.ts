// @vitest-environment jsdom
// A long document is drawn in chunks of blocks (extensions/document-chunks/). Each test here does the
// same thing to two editors holding the same document, one in chunks and one without, and expects the same
// saved document: at every chunk boundary, with keys, toolbar commands, undo and redo, select all, a paste
// and a copy. What is typed after each step must land in the same place too, so the caret is checked as well.
import type { Editor } from '@tiptap/core'
import { afterEach, describe, expect, it } from 'vitest'
import { CHUNK_BLOCKS, chunkedDocument } from './extensions/document-chunks'
import { DOCUMENT_CHUNK } from './operately-types'
import { stringifyJson } from './json'
import { prepareForEditor, restoreEditorDocument, restoreFromEditor } from './loss-proof'
import { toolbarState } from './toolbar-state'
import {
  BOUNDARIES,
  caretAtEnd,
  caretAtStart,
  chunkedEditorWith,
  destroyEditors,
  editorWith,
  expectSame,
  inChunk,
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

/** The chunk ids of an editor's top-level blocks, in order (null: a block in no chunk). */
function chunkIds(editor: Editor): Array<number | null> {
  const ids: Array<number | null> = []
  editor.state.doc.forEach((block) => {
    const chunk = block.marks.find((mark) => mark.type.name === DOCUMENT_CHUNK)
    ids.push(chunk ? (chunk.attrs.id as number) : null)
  })
  return ids
}

/** How many blocks each run of one chunk holds. */
function chunkSizes(editor: Editor): number[] {
  const sizes: number[] = []
  let previous: number | null | undefined
  for (const id of chunkIds(editor)) {
    if (id === previous) sizes[sizes.length - 1]! += 1
    else sizes.push(1)
    previous = id
  }
  return sizes
}

/** Every block below the top level, with whether it carries a chunk. */
function nestedChunks(editor: Editor): number {
  let count = 0
  editor.state.doc.forEach((block) =>
    block.descendants((node) => {
      if (inChunk(node)) count++
      return !node.isTextblock
    }),
  )
  return count
}

describe('the chunks themselves', () => {
  it('load as runs of 40 blocks of one chunk each, the same blocks in the same places', () => {
    const { flat, chunked } = pair()
    expect(chunked.state.doc.childCount).toBe(150)
    expect(chunkSizes(chunked)).toEqual([40, 40, 40, 30])
    expect(new Set(chunkIds(chunked)).size).toBe(4)
    expect(chunked.state.doc.content.size).toBe(flat.state.doc.content.size)
    expect(restoreEditorDocument(chunked.state.doc)).toEqual(restoreFromEditor(chunked.getJSON()))
    expect(stringifyJson(restoreEditorDocument(chunked.state.doc))).not.toContain(DOCUMENT_CHUNK)
  })

  it('are drawn as one element per chunk, holding its blocks', () => {
    const { chunked } = pair()
    const elements = [...chunked.view.dom.children]
    expect(elements.every((element) => element.classList.contains('ot-chunk'))).toBe(true)
    expect(elements.map((element) => element.children.length)).toEqual([40, 40, 40, 30])
  })

  it('the chunks the selection spans are never skipped, and only those', () => {
    const { chunked } = pair()
    const shown = () =>
      [...chunked.view.dom.children].map((element) => element.classList.contains('ot-chunk--selection'))
    caretAtStart(chunked, 50)
    expect(shown()).toEqual([false, true, false, false])
    chunked.commands.selectAll()
    expect(shown()).toEqual([true, true, true, true])
    selectAcross(chunked, 45, 85)
    expect(shown()).toEqual([false, true, true, false])
    caretAtStart(chunked, 80)
    expect(shown()).toEqual([false, false, true, false])
  })

  /** Which chunks were shown when ProseMirror first put a selection in the page, during `act`. */
  function shownWhenSelected(editor: Editor, act: () => void): boolean[] | null {
    editor.view.focus()
    let seen: boolean[] | null = null
    const collapse = Selection.prototype.collapse
    Selection.prototype.collapse = function (this: Selection, ...args: Parameters<Selection['collapse']>) {
      seen ??= [...editor.view.dom.children].map((element) =>
        element.classList.contains('ot-chunk--selection'),
      )
      return collapse.apply(this, args)
    }
    try {
      act()
    } finally {
      Selection.prototype.collapse = collapse
    }
    return seen
  }

  it('the chunks a selection spans are shown before the page gets that selection', () => {
    const { chunked } = pair()
    caretAtStart(chunked, 10)
    expect(shownWhenSelected(chunked, () => chunked.commands.selectAll())).toEqual([true, true, true, true])
  })

  it('a chunk made while the selection spans it is shown from the start: the undo of select all and a key', () => {
    const paragraphs = Array.from({ length: 150 }, (_, index) => paragraph(`words in block ${index}`))
    const { chunked } = pair(`{"type":"doc","content":[${paragraphs.join(',')}]}`)
    chunked.commands.selectAll()
    chunked.view.dispatch(chunked.state.tr.insertText('x'))
    expect(chunked.state.doc.childCount).toBe(1)
    expect(shownWhenSelected(chunked, () => chunked.commands.undo())).toEqual([true, true, true, true])
    expect(chunked.state.selection.from).toBe(0)
  })

  it('a short document is loaded as it is, and gets chunks once it grows long', () => {
    const short = chunkedEditorWith(
      prepareForEditor(`{"type":"doc","content":[${paragraph('a')},${paragraph('b')}]}`).doc,
    )
    expect(chunkedDocument(short.state.doc)).toBe(short.state.doc)
    expect(chunkIds(short)).toEqual([null, null])
    short.commands.setTextSelection(2)
    short.view.pasteHTML(Array.from({ length: 60 }, (_, i) => `<p>pasted ${i}</p>`).join(''))
    expect(chunkIds(short).every((id) => id !== null)).toBe(true)
    expect(Math.max(...chunkSizes(short))).toBeLessThanOrEqual(2 * CHUNK_BLOCKS)
  })

  it('moving the caret or selecting across chunks changes nothing in the document', () => {
    const { chunked } = pair()
    const doc = chunked.state.doc
    caretAtStart(chunked, 40)
    selectAcross(chunked, 30, 90)
    chunked.commands.selectAll()
    caretAtEnd(chunked, 79)
    expect(chunked.state.doc).toBe(doc)
    expect(chunked.can().undo()).toBe(false)
  })

  it('200 pasted paragraphs come in chunks of their own: no step per block afterwards, wherever the caret', () => {
    const paste = Array.from({ length: 200 }, (_, i) => `<p>pasted ${i}</p>`).join('')
    const places: Record<string, (editor: Editor) => void> = {
      'at the start of a block': (editor) => caretAtStart(editor, 60),
      'inside a block, splitting it': (editor) => {
        caretAtStart(editor, 60)
        editor.commands.setTextSelection(editor.state.selection.from + 3)
      },
      'over a selection across chunks': (editor) => selectAcross(editor, 70, 90),
      'inside a list item (left to the keeper)': (editor) => caretAtEnd(editor, 39),
    }
    for (const [place, put] of Object.entries(places)) {
      const { flat, chunked } = pair()
      let keeperSteps = 0
      chunked.on('transaction', ({ appendedTransactions }) => {
        for (const tr of appendedTransactions) keeperSteps += tr.steps.length
      })
      for (const editor of [flat, chunked]) {
        put(editor)
        editor.view.pasteHTML(paste)
      }
      expectSame({ flat, chunked })
      expect(
        chunkIds(chunked).every((id) => id !== null),
        place,
      ).toBe(true)
      expect(Math.max(...chunkSizes(chunked)), place).toBeLessThanOrEqual(2 * CHUNK_BLOCKS)
      if (!place.includes('list')) expect(keeperSteps, place).toBeLessThan(5)
    }
  })

  it('two pasted paragraphs join the chunk they land in, as one chunk element', () => {
    const { flat, chunked } = pair()
    for (const editor of [flat, chunked]) {
      caretAtStart(editor, 5)
      editor.view.pasteHTML('<p>first pasted</p><p>second pasted</p>')
    }
    expectSame({ flat, chunked })
    const added = chunked.state.doc.childCount - 150
    expect(added).toBeGreaterThan(0)
    expect(new Set(chunkIds(chunked).slice(0, 40 + added)).size).toBe(1)
    expect(chunked.view.dom.children).toHaveLength(4)
  })

  it('blocks pasted into a chunk join it, and a chunk grown long is cut into chunks of 40, outside the history', () => {
    const { flat, chunked } = pair()
    const paste = Array.from({ length: 200 }, (_, i) => `<p>pasted ${i}</p>`).join('')
    for (const editor of [flat, chunked]) {
      caretAtStart(editor, 60)
      editor.view.pasteHTML(paste)
    }
    expect(chunkIds(chunked).every((id) => id !== null)).toBe(true)
    expect(Math.max(...chunkSizes(chunked))).toBeLessThanOrEqual(2 * CHUNK_BLOCKS)
    expectSame({ flat, chunked })
    // One undo takes the paste back, as without chunks; the blocks left keep a chunk each.
    flat.commands.undo()
    chunked.commands.undo()
    expectSame({ flat, chunked })
    expect(chunkIds(chunked).every((id) => id !== null)).toBe(true)
  })

  it('blocks wrapped in a list or a quote leave their chunk; unwrapped, they get one again', () => {
    const { flat, chunked } = pair()
    for (const editor of [flat, chunked]) {
      selectAcross(editor, 36, 44)
      editor.commands.toggleBulletList()
    }
    expect(nestedChunks(chunked)).toBe(0)
    expect(chunkIds(chunked).every((id) => id !== null)).toBe(true)
    expectSame({ flat, chunked })
    for (const editor of [flat, chunked]) {
      selectAcross(editor, 50, 52)
      editor.commands.toggleBlockquote()
      editor.commands.undo()
      editor.commands.undo()
    }
    expect(nestedChunks(chunked)).toBe(0)
    expect(chunkIds(chunked).every((id) => id !== null)).toBe(true)
    expectSame({ flat, chunked })
  })

  it('next to an unsupported block, keep it without saying anything was kept', () => {
    let kept = 0
    const editor = chunkedEditorWith(prepareForEditor(longDocument()).doc, { onUnknownKept: () => kept++ })
    caretAtStart(editor, 120)
    editor.view.pasteHTML(Array.from({ length: 100 }, (_, i) => `<p>pasted ${i}</p>`).join(''))
    expect(kept).toBe(0)
    expect(saved(editor)).toContain(UNKNOWN)
  })

  it('select all, typing, undo: the document is back in chunks', () => {
    // Nothing unsupported in it: that would be kept, and the typing would not replace everything.
    const blocks = Array.from({ length: 130 }, (_, index) => paragraph(`block ${index}`))
    const { flat, chunked } = pair(`{"type":"doc","content":[${blocks.join(',')}]}`)
    for (const editor of [flat, chunked]) {
      editor.commands.selectAll()
      editor.view.dispatch(editor.state.tr.replaceSelectionWith(editor.schema.text('x')))
      expect(editor.state.doc.childCount).toBe(1)
      editor.commands.undo()
    }
    expect(chunkSizes(chunked)).toEqual([40, 40, 40, 10])
    expectSame({ flat, chunked })
    // Redo and undo again, as often as one likes: the history holds only what was typed.
    for (let round = 0; round < 3; round++) {
      for (const editor of [flat, chunked]) {
        editor.commands.redo()
        editor.commands.undo()
      }
    }
    expect(chunked.can().undo()).toBe(false)
    expectSame({ flat, chunked })
  })

  it('a selection across blocks whose text all carries a mark: the mark is active, and toggling it takes it off', () => {
    const marks = ['bold', 'italic', 'underline', 'strike', 'code', 'highlight'] as const
    const marked = (value: string, mark: string) =>
      `{"type":"paragraph","content":[{"type":"text","text":"${value}","marks":[{"type":"${mark}"}]}]}`
    for (const mark of marks) {
      const blocks = Array.from({ length: 130 }, (_, index) => marked(`marked text ${index}`, mark))
      const both = pair(`{"type":"doc","content":[${blocks.join(',')}]}`)
      for (const editor of [both.flat, both.chunked]) {
        selectAcross(editor, 38, 42)
        const shown = toolbarState(editor)
        expect(shown[mark], `${mark} across the boundary at 40`).toBe(true)
        for (const other of marks.filter((name) => name !== mark)) expect(shown[other]).toBe(false)
        editor.chain().toggleMark(mark).run()
        expect(toolbarState(editor)[mark]).toBe(false)
      }
      expectSame(both)
    }
  })

  it('Markdown shortcuts for marks, typed and pasted, work as without chunks', () => {
    const typed: Record<string, string> = {
      bold: '**bold** ',
      italic: '*it* ',
      strike: '~~gone~~ ',
      code: '`code` ',
      highlight: '==hi== ',
    }
    for (const [mark, text] of Object.entries(typed)) {
      const both = pair()
      for (const editor of [both.flat, both.chunked]) {
        caretAtEnd(editor, 10)
        typeText(editor, ' ' + text)
      }
      expect(JSON.stringify(both.chunked.state.doc.child(10).toJSON()), mark).toContain(`"type":"${mark}"`)
      expectSame(both)
    }
    const both = pair()
    for (const editor of [both.flat, both.chunked]) {
      caretAtStart(editor, 10)
      editor.view.pasteText('**bold** and ==marked== text')
    }
    expect(JSON.stringify(both.chunked.state.doc.child(10).toJSON())).toContain('"type":"bold"')
    expectSame(both)
  })

  it('a copy carries no chunk: not in its HTML, not in its slice', () => {
    const { chunked } = pair()
    selectAcross(chunked, 30, 90)
    const { dom, slice } = chunked.view.serializeForClipboard(chunked.state.selection.content())
    expect(dom.innerHTML).not.toContain('ot-chunk')
    expect(dom.innerHTML).not.toContain(DOCUMENT_CHUNK)
    slice.content.forEach((block) => expect(inChunk(block)).toBe(false))
  })
})
