// @vitest-environment jsdom
// Attacks on the promise that a long document drawn in chunks (extensions/document-chunks.ts) edits,
// copies and pastes exactly as the same document without chunks, beyond the keys at each boundary that
// document-chunks.test.ts runs: edits that do not happen at the selection, the copy's plain text, and long
// random sequences of keys, commands and undo. Each does the same to both editors of a pair() and expects
// the same saved document and the next typed letter in the same place.
import type { Editor } from '@tiptap/core'
import { afterEach, describe, expect, it } from 'vitest'
import { REMOVE_BLOCK_LABEL } from './unknown-block-view'
import {
  blockStart,
  caretAtStart,
  destroyEditors,
  editorWith,
  expectSame,
  pair,
  paragraph,
  saved,
  selectAcross,
  UNKNOWN,
} from './test-support/chunk-pair'
import { prepareForEditor } from './loss-proof'

afterEach(destroyEditors)

const documentOf = (blocks: string[]) => `{"type":"doc","content":[${blocks.join(',')}]}`

/** The copy's text/plain, as ProseMirror writes it for a copy or cut of the selection. */
const copiedText = (editor: Editor) =>
  editor.view.serializeForClipboard(editor.state.selection.content()).text

/** Clicks "Remove this unsupported block…" on the top-level block `block`, then "Remove". */
function removeWithButton(editor: Editor, block: number): void {
  const dom = editor.view.nodeDOM(blockStart(editor, block)) as HTMLElement
  const button = (label: string) =>
    [...dom.querySelectorAll('button')].find(
      (candidate) => candidate.getAttribute('aria-label') === label || candidate.textContent === label,
    )
  const remove = button(REMOVE_BLOCK_LABEL)
  expect(remove).toBeDefined()
  remove!.click()
  button('Remove')!.click()
}

describe('a copy’s plain text is the same with chunks as without', () => {
  it('select all: no empty line before the first block, and pasted as plain text it gives the same', () => {
    const both = pair()
    const texts: string[] = []
    for (const editor of [both.flat, both.chunked]) {
      editor.commands.selectAll()
      texts.push(copiedText(editor))
    }
    expect(texts[0]!.startsWith('words in block 0')).toBe(true)
    expect(texts[1]).toBe(texts[0])
    // Ctrl+Shift+V of that text into an empty editor.
    const pasted = texts.map((copied) => {
      const target = editorWith(prepareForEditor(null).doc)
      target.view.pasteText(copied)
      return saved(target)
    })
    expect(pasted[1]).toBe(pasted[0])
  })

  it.each([
    [0, 149],
    [38, 42],
    [39, 121],
    [79, 80],
  ])('a selection from block %i to block %i', (first, last) => {
    const both = pair()
    const texts: string[] = []
    for (const editor of [both.flat, both.chunked]) {
      selectAcross(editor, first, last)
      texts.push(copiedText(editor))
    }
    expect(texts[1]).toBe(texts[0])
  })

  it('the editor’s whole text (getText) too', () => {
    const both = pair()
    expect(both.chunked.getText()).toBe(both.flat.getText())
  })
})

describe('edits that do not happen at the selection', () => {
  // 41 blocks load as a chunk of 40 and a chunk of one: the unsupported block alone.
  const blocks = [...Array.from({ length: 40 }, (_, i) => paragraph(`block ${i}`)), UNKNOWN]

  it('"Remove…" on the only block of a chunk, the caret far away: removed, nothing left in its place', () => {
    const both = pair(documentOf(blocks))
    for (const editor of [both.flat, both.chunked]) {
      caretAtStart(editor, 0)
      removeWithButton(editor, 40)
    }
    expect(saved(both.chunked)).not.toContain(UNKNOWN)
    expect(saved(both.chunked)).toBe(saved(both.flat))
    expectSame(both)
  })

  it('and undone: the block is back where it was', () => {
    const both = pair(documentOf(blocks))
    for (const editor of [both.flat, both.chunked]) {
      caretAtStart(editor, 0)
      removeWithButton(editor, 40)
      editor.commands.undo()
    }
    expect(saved(both.chunked)).toContain(UNKNOWN)
    expectSame(both)
  })
})
