// @vitest-environment jsdom
// Every corpus document goes through a real TipTap editor (jsdom): loaded as RichTextEditor loads it,
// saved untouched it must come back equal to the original; with one paragraph edited, only that
// paragraph may differ.
import { REMOVE_UNKNOWN_META } from './extensions/read-only-guard'
import { Editor } from '@tiptap/core'
import type { Node as PMNode } from '@tiptap/pm/model'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { isPlainObject, jsonEqual, type JsonObject, type JsonValue } from './json'
import { prepareForEditor, restoreFromEditor } from './loss-proof'
import { createOperatelyExtensions } from './schema'
import { corpus, corpusDocument } from './test-support/corpus'
import { createTestEditor, destroyTestEditor } from './test-support/editor'

const EDIT = 'Edited by the test. '

/** Child-index path from the doc to the first textblock, and its position. */
function firstTextblock(doc: PMNode): { path: number[]; pos: number } {
  let found: { path: number[]; pos: number } | null = null
  const walk = (node: PMNode, path: number[], start: number) => {
    node.forEach((child, offset, index) => {
      if (found) return
      const pos = start + offset
      if (child.isTextblock) found = { path: [...path, index], pos }
      else if (!child.isAtom) walk(child, [...path, index], pos + 1)
    })
  }
  walk(doc, [], 0)
  if (!found) throw new Error('The document has no paragraph to edit')
  return found
}

function nodeAt(doc: JsonValue, path: number[]): JsonValue {
  let node: JsonValue = doc
  for (const index of path) {
    if (!isPlainObject(node) || !Array.isArray(node.content)) throw new Error(`No node at ${path.join('.')}`)
    node = node.content[index] as JsonValue
  }
  return node
}

function withNodeAt(doc: JsonObject, path: number[], replacement: JsonValue): JsonObject {
  const copy = structuredClone(doc)
  const parentPath = path.slice(0, -1)
  const parent = nodeAt(copy, parentPath) as JsonObject
  ;(parent.content as JsonValue[])[path[path.length - 1] as number] = replacement
  return copy
}

describe('the corpus', () => {
  it('holds at least 25 documents, the 1 MB one among them', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(25)
    expect(corpus.map(([name]) => name)).toContain('large-1mb.json')
  })
})

describe.each(corpus.map(([name]) => name))('%s in a real TipTap editor', (name) => {
  let original: JsonObject
  let editor: Editor

  beforeAll(() => {
    original = corpusDocument(name)
    const prepared = prepareForEditor(original)
    expect(prepared.readOnlyReason).toBeNull()
    editor = createTestEditor(prepared.doc)
    // Loading the megabyte in jsdom takes seconds on a busy two-core machine: results matter here, not time.
  }, 90_000)

  afterAll(() => destroyTestEditor(editor))

  it('comes back unchanged when saved without edits', () => {
    const restored = restoreFromEditor(editor.getJSON())
    // toEqual ignores key order and compares the parsed JSON, as the server does.
    expect(restored).toEqual(original)
  })

  it('changes only the edited paragraph when one paragraph is edited', () => {
    const { path, pos } = firstTextblock(editor.state.doc)
    editor.view.dispatch(editor.state.tr.insertText(EDIT, pos + 1))
    const restored = restoreFromEditor(editor.getJSON())

    const hadNoBlocks = !Array.isArray(original.content) || original.content.length === 0
    if (hadNoBlocks) {
      // An empty document gains the paragraph that was typed into, and nothing else.
      const { content: _content, ...rest } = original
      expect(restored).toEqual({
        ...rest,
        content: [{ type: 'paragraph', content: [{ type: 'text', text: EDIT }] }],
      })
      return
    }
    const edited = nodeAt(restored, path)
    expect(JSON.stringify(edited)).toContain(EDIT)
    expect(jsonEqual(edited, nodeAt(original, path))).toBe(false)
    // Put the original paragraph back: everything else must already be identical.
    expect(withNodeAt(restored, path, nodeAt(original, path))).toEqual(original)
  })
})

describe('content this editor does not know', () => {
  it('is exactly what TipTap alone would destroy: the whole document becomes one empty paragraph', () => {
    // The trap from operately-api.md §5, shown with our own schema: without prepareForEditor, a single
    // table node wipes out every paragraph around it.
    const withTable = corpusDocument('17-unknown-block-nodes.json')
    const element = document.createElement('div')
    // TipTap's only sign of it is a console warning, captured here so the test can check it.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const bare = new Editor({
      element,
      extensions: createOperatelyExtensions(),
      content: withTable,
      injectCSS: false,
    })
    expect(bare.state.doc.childCount).toBe(1)
    expect(bare.state.doc.textContent).toBe('')
    expect(withTable.content).toHaveLength(7)
    expect(warn).toHaveBeenCalledWith(
      '[tiptap warn]: Invalid content.',
      'Passed value:',
      withTable,
      'Error:',
      expect.any(Error),
    )
    warn.mockRestore()
    bare.destroy()
  })

  it('survives, byte for byte, an edit elsewhere in the document', () => {
    const original = corpusDocument('17-unknown-block-nodes.json')
    const editor = createTestEditor(prepareForEditor(original).doc)
    try {
      // Type at the end of the last paragraph ("End."), far from the table, the task list and the callout.
      const endOfDocument = editor.state.doc.content.size - 1
      editor.view.dispatch(editor.state.tr.insertText(' Added later.', endOfDocument))
      const restored = restoreFromEditor(editor.getJSON())
      const content = restored.content as JsonValue[]
      const originalContent = original.content as JsonValue[]
      for (const index of [1, 3, 4, 5]) expect(content[index]).toEqual(originalContent[index])
      expect(content[6]).toEqual({
        type: 'paragraph',
        content: [{ type: 'text', text: 'End. Added later.' }],
      })
      expect(content).toHaveLength(originalContent.length)
    } finally {
      destroyTestEditor(editor)
    }
  })

  it('is removed only by the explicit action, as a unit, and only then is it gone', () => {
    const original = corpusDocument('17-unknown-block-nodes.json')
    const editor = createTestEditor(prepareForEditor(original).doc)
    try {
      let tablePos = -1
      editor.state.doc.forEach((node, offset) => {
        if (tablePos === -1 && node.type.name === 'unknownBlock') tablePos = offset
      })
      const types = () =>
        (restoreFromEditor(editor.getJSON()).content as JsonObject[]).map((node) => node.type)
      // A key (here the command Delete runs) does not remove it…
      editor.chain().setNodeSelection(tablePos).deleteSelection().run()
      expect(types()).toEqual([
        'paragraph',
        'table',
        'paragraph',
        'taskList',
        'callout',
        'embed',
        'paragraph',
      ])
      // …"Remove this unsupported block…" does.
      editor
        .chain()
        .command(({ tr }) => {
          tr.delete(tablePos, tablePos + editor.state.doc.nodeAt(tablePos)!.nodeSize).setMeta(
            REMOVE_UNKNOWN_META,
            true,
          )
          return true
        })
        .run()
      expect(types()).toEqual(['paragraph', 'paragraph', 'taskList', 'callout', 'embed', 'paragraph'])
    } finally {
      destroyTestEditor(editor)
    }
  })

  it('keeps unknown attributes of a heading whose level the user changes', () => {
    const original = corpusDocument('20-unknown-attributes-on-nodes.json')
    const editor = createTestEditor(prepareForEditor(original).doc)
    try {
      const headingPos = editor.state.doc.child(0).nodeSize + 1
      editor.chain().setTextSelection(headingPos).setHeading({ level: 3 }).run()
      const restored = restoreFromEditor(editor.getJSON())
      expect((restored.content as JsonValue[])[1]).toEqual({
        type: 'heading',
        attrs: { level: 3, id: 'overview', textAlign: 'left' },
        content: [{ type: 'text', text: 'Overview' }],
      })
    } finally {
      destroyTestEditor(editor)
    }
  })

  it('stays on its paragraph when Enter at the end starts a new one', () => {
    const original = corpusDocument('20-unknown-attributes-on-nodes.json')
    const editor = createTestEditor(prepareForEditor(original).doc)
    try {
      // Enter at the end of the first paragraph (attrs textAlign + id), then type a new line.
      const endOfFirst = editor.state.doc.child(0).nodeSize - 1
      editor.chain().setTextSelection(endOfFirst).splitBlock().insertContent('A new line.').run()
      const restored = restoreFromEditor(editor.getJSON())
      const [first, second] = restored.content as JsonObject[]
      expect(first).toEqual((original.content as JsonValue[])[0])
      // The block id is not copied: the new paragraph is a new block.
      expect(second).toEqual({ type: 'paragraph', content: [{ type: 'text', text: 'A new line.' }] })
    } finally {
      destroyTestEditor(editor)
    }
  })
})

describe('nodes and marks the user creates', () => {
  it('are written the way TipTap (and so Operately’s own editor) writes them', () => {
    const editor = createTestEditor(prepareForEditor(corpusDocument('01-empty-paragraph.json')).doc)
    try {
      editor
        .chain()
        .insertContent('Title')
        .setHeading({ level: 2 })
        .splitBlock()
        .setParagraph()
        .insertContent({
          type: 'text',
          text: 'Go',
          marks: [{ type: 'link', attrs: { href: 'https://example.com' } }],
        })
        .insertContent(' ')
        .insertContent({ type: 'mention', attrs: { id: 'ashe-Dhw2AUUsmXFwMomTgNm73h', label: 'Ashe Hart' } })
        .run()
      expect(restoreFromEditor(editor.getJSON())).toEqual({
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Title' }] },
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: 'Go',
                marks: [
                  {
                    type: 'link',
                    attrs: {
                      href: 'https://example.com',
                      target: '_blank',
                      rel: 'noopener noreferrer nofollow',
                      class: null,
                      title: null,
                    },
                  },
                ],
              },
              { type: 'text', text: ' ' },
              {
                type: 'mention',
                attrs: { id: 'ashe-Dhw2AUUsmXFwMomTgNm73h', label: 'Ashe Hart', mentionSuggestionChar: '@' },
              },
            ],
          },
        ],
      })
    } finally {
      destroyTestEditor(editor)
    }
  })
})
