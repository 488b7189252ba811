// @vitest-environment jsdom
// What runs once a second while someone types must look only at the block they type in, and still give
// exactly what a full pass gives.
import { afterEach, describe, expect, it } from 'vitest'
import type { Editor } from '@tiptap/core'
import type { JsonValue } from './json'
import { prepareForEditor, restoreEditorDocument, restoreFromEditor } from './loss-proof'
import { isSameDocument } from './normalize'
import { corpus, corpusDocument } from './test-support/corpus'
import { createTestEditor, destroyTestEditor } from './test-support/editor'
import { countDocumentWords, countWords } from './word-count'

let editor: Editor | null = null
afterEach(() => {
  if (editor) destroyTestEditor(editor)
  editor = null
})

describe('incremental work while typing', () => {
  it.each(corpus.filter(([name]) => !name.startsWith('large')).map(([name]) => name))(
    'restores %s block by block exactly as a full pass does',
    (name) => {
      editor = createTestEditor(prepareForEditor(corpusDocument(name)).doc)
      expect(restoreEditorDocument(editor.state.doc)).toEqual(restoreFromEditor(editor.getJSON()))
      editor.commands.setTextSelection(editor.state.doc.content.size - 1)
      editor.commands.insertContent('typed')
      expect(restoreEditorDocument(editor.state.doc)).toEqual(restoreFromEditor(editor.getJSON()))
    },
  )

  it('reuses every block not typed in, counts words as a full pass does, and tells a change from none', () => {
    const original = corpusDocument('large-1mb.json')
    const base = JSON.stringify(original)
    editor = createTestEditor(prepareForEditor(original).doc)
    const before = restoreEditorDocument(editor.state.doc) as unknown as { content: JsonValue[] }
    expect(isSameDocument(before, base)).toBe(true)
    const middle = Math.floor(editor.state.doc.content.size / 2)
    editor.commands.setTextSelection(middle)
    editor.commands.insertContent('zebra ')
    const after = restoreEditorDocument(editor.state.doc) as unknown as { content: JsonValue[] }
    const changed = after.content.filter((block, i) => block !== before.content[i])
    expect(changed).toHaveLength(1)
    expect(isSameDocument(after, base)).toBe(false)
    const doc = editor.state.doc
    expect(countDocumentWords(doc)).toBe(countWords(doc.textBetween(0, doc.content.size, ' ', ' ')))
    editor.commands.undo()
    expect(isSameDocument(restoreEditorDocument(editor.state.doc), base)).toBe(true)
    // A megabyte in jsdom takes seconds to load on a busy two-core machine; this is about results, not time.
  }, 90_000)
})
