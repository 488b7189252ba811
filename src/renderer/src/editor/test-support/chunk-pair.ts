// Helpers for the differential tests of a long document drawn in chunks (extensions/document-chunks/):
// the same document in two editors, one in chunks and one without, and the keys and selections both get.
import { Editor, type JSONContent } from '@tiptap/core'
import type { Node as PMNode } from '@tiptap/pm/model'
import { TextSelection } from '@tiptap/pm/state'
import { expect } from 'vitest'
import type { EditorExtensionOptions } from '../editor-extensions'
import { stringifyJson } from '../json'
import { prepareForEditor, restoreFromEditor } from '../loss-proof'
import { DOCUMENT_CHUNK } from '../operately-types'
import { createTestEditor, createUnchunkedTestEditor, destroyTestEditor } from './editor'

// jsdom has no ClipboardEvent; ProseMirror's pasteHTML makes one to carry the pasted markup.
globalThis.ClipboardEvent ??= class extends Event {
  readonly clipboardData = null
} as unknown as typeof ClipboardEvent

export interface EditorPair {
  flat: Editor
  chunked: Editor
}

export const UNKNOWN = '{"type":"callout","attrs":{"budget":12345678901234567890}}'
export const text = (value: string) => `{"type":"text","text":"${value}"}`
export const paragraph = (value: string) => `{"type":"paragraph","content":[${text(value)}]}`
export const heading = (value: string) => `{"type":"heading","attrs":{"level":2},"content":[${text(value)}]}`
export const bulletList = (...items: string[]) =>
  `{"type":"bulletList","content":[${items.map((item) => `{"type":"listItem","content":[${paragraph(item)}]}`).join(',')}]}`
export const quote = (value: string) => `{"type":"blockquote","content":[${paragraph(value)}]}`

/**
 * 150 blocks: chunks start at blocks 40, 80 and 120, and each boundary has different neighbours: a list
 * before a paragraph, a heading after a paragraph, an unsupported block before a quote.
 */
export function longDocument(): string {
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

export const BOUNDARIES = [40, 80, 120]

export const editors: Editor[] = []

/** Destroys every editor made here (call it after each test). */
export function destroyEditors(): void {
  for (const editor of editors.splice(0)) destroyTestEditor(editor)
}

/** An editor holding `content` as it is, however long. */
export function editorWith(content: JSONContent, options: EditorExtensionOptions = {}): Editor {
  const editor = createUnchunkedTestEditor(content, options)
  editors.push(editor)
  return editor
}

/** An editor holding `content` as the editor session loads it: a long document in chunks. */
export function chunkedEditorWith(content: JSONContent, options: EditorExtensionOptions = {}): Editor {
  const editor = createTestEditor(content, options)
  editors.push(editor)
  return editor
}

/** Whether a block is drawn in a chunk. */
export const inChunk = (block: PMNode | null | undefined): boolean =>
  block?.marks.some((mark) => mark.type.name === DOCUMENT_CHUNK) ?? false

/** The same document twice: as it is, and in chunks (as the editor loads a long one). */
export function pair(source = longDocument(), options: EditorExtensionOptions = {}): EditorPair {
  const prepared = prepareForEditor(source)
  expect(prepared.readOnlyReason).toBeNull()
  const flat = editorWith(prepared.doc, options)
  const chunked = chunkedEditorWith(prepared.doc, options)
  expect(inChunk(flat.state.doc.firstChild)).toBe(false)
  expect(inChunk(chunked.state.doc.firstChild)).toBe(true)
  return { flat, chunked }
}

export const saved = (editor: Editor) => stringifyJson(restoreFromEditor(editor.getJSON()))

/** Where a top-level block starts. */
export function blockStart(editor: Editor, block: number): number {
  const { doc } = editor.state
  if (block >= doc.childCount) throw new Error(`no block ${block}`)
  let start = 0
  for (let index = 0; index < block; index++) start += doc.child(index).nodeSize
  return start
}

export function blockEnd(editor: Editor, block: number): number {
  const start = blockStart(editor, block)
  return start + editor.state.doc.nodeAt(start)!.nodeSize
}

/** The caret in the first text position of a block, or the last. */
export function caretAtStart(editor: Editor, block: number): void {
  const $pos = editor.state.doc.resolve(blockStart(editor, block) + 1)
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.near($pos, 1)))
}

export function caretAtEnd(editor: Editor, block: number): void {
  const $pos = editor.state.doc.resolve(blockEnd(editor, block) - 1)
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.near($pos, -1)))
}

/** From the middle of the first block's text to the middle of the last's. */
export function selectAcross(editor: Editor, first: number, last: number): void {
  const from = TextSelection.near(editor.state.doc.resolve(blockStart(editor, first) + 1), 1).from + 3
  const to = TextSelection.near(editor.state.doc.resolve(blockEnd(editor, last) - 1), -1).to - 3
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, from, to)))
}

export function press(editor: Editor, key: string, init: KeyboardEventInit = {}): void {
  // A key goes to the editor with the focus, whose selection is the page's (the pair's two editors
  // share one page selection; the editor reads the page's before a key, as after a click).
  if (!editor.view.hasFocus()) editor.view.focus()
  editor.view.dom.dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }),
  )
}

/** A typed character as ProseMirror handles it: the handleTextInput props first, then its default. */
export function typeText(editor: Editor, value: string): void {
  for (const char of value) {
    const { view } = editor
    const { from, to } = view.state.selection
    const deflt = () => view.state.tr.insertText(char, from, to)
    if (!view.someProp('handleTextInput', (f) => f(view, from, to, char, deflt))) view.dispatch(deflt())
  }
}

/**
 * Both editors saved the same, hold the selection at the same positions (chunks are marks: positions
 * are the same with and without them), and a letter typed next lands in the same place in both.
 */
export function expectSame(pairOf: EditorPair): void {
  expect(saved(pairOf.chunked)).toBe(saved(pairOf.flat))
  expect(pairOf.chunked.state.selection.toJSON()).toEqual(pairOf.flat.state.selection.toJSON())
  typeText(pairOf.flat, 'Q')
  typeText(pairOf.chunked, 'Q')
  expect(saved(pairOf.chunked)).toBe(saved(pairOf.flat))
}
