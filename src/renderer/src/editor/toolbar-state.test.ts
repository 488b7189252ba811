// @vitest-environment jsdom
// The toolbar's state, worked out in one walk over the selection, against the answers of TipTap's own
// isActive, getAttributes and can() on the same document without chunks (the reference, one walk per
// question): on every corpus document, loaded as it is and cut into chunks of 3 blocks, at carets and
// over seeded selections, select all and selected nodes included.
import type { Editor } from '@tiptap/core'
import { AllSelection, NodeSelection, TextSelection, type Selection } from '@tiptap/pm/state'
import { Mapping } from '@tiptap/pm/transform'
import { afterEach, describe, expect, it } from 'vitest'
import { prepareForEditor } from './loss-proof'
import { isHighlightColour } from './operately-types'
import { corpus } from './test-support/corpus'
import { createTestEditor, createUnchunkedTestEditor, destroyTestEditor } from './test-support/editor'
import { toolbarState } from './toolbar-state'

const editors: Editor[] = []
afterEach(() => {
  for (const editor of editors.splice(0)) destroyTestEditor(editor)
})

/** The toolbar's state as TipTap answers it, question by question. */
function reference(editor: Editor) {
  const parent = editor.state.selection.$from.parent
  const highlight: unknown = editor.getAttributes('highlight').highlight
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    strike: editor.isActive('strike'),
    code: editor.isActive('code'),
    highlight: editor.isActive('highlight'),
    highlightColour: isHighlightColour(highlight) ? highlight : null,
    link: editor.isActive('link'),
    heading: parent.type.name === 'heading' ? Number(parent.attrs.level) : 0,
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    blockquote: editor.isActive('blockquote'),
    codeBlock: editor.isActive('codeBlock'),
    marksAllowed: editor.can().toggleBold(),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  }
}

function seeded(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state % below
  }
}

/** Carets and ranges (seeded), every node that can be selected as a node, and select all. */
function selections(editor: Editor, seed: number, count: number): Selection[] {
  const { doc } = editor.state
  const random = seeded(seed)
  const at = (pos: number) => doc.resolve(pos)
  const found: Selection[] = [new AllSelection(doc)]
  for (let i = 0; i < count; i++) {
    const anchor = random(doc.content.size + 1)
    found.push(TextSelection.between(at(anchor), at(anchor)))
    found.push(TextSelection.between(at(anchor), at(random(doc.content.size + 1))))
  }
  doc.descendants((node, pos) => {
    if (found.length < count * 3 && NodeSelection.isSelectable(node))
      found.push(NodeSelection.create(doc, pos))
  })
  return found
}

describe('the toolbar state answers as TipTap does without chunks', () => {
  it.each(corpus)('%s, as it is and in chunks of 3 blocks', (_name, doc) => {
    const prepared = prepareForEditor(structuredClone(doc))
    const large = (prepared.doc.content?.length ?? 0) > 1000
    const flat = createUnchunkedTestEditor(prepared.doc)
    const chunked = createTestEditor(prepared.doc, { chunkBlocks: 3 })
    editors.push(flat, chunked)
    // A change to undo, so that the undo and redo buttons have something to say.
    for (const editor of [flat, chunked]) editor.chain().setTextSelection(1).insertContent('x').run()
    for (const selection of selections(flat, _name.length * 7919, large ? 4 : 60)) {
      const where = `${_name} ${selection.toJSON().type} ${selection.from}–${selection.to}`
      flat.view.dispatch(flat.state.tr.setSelection(selection))
      chunked.view.dispatch(chunked.state.tr.setSelection(selection.map(chunked.state.doc, new Mapping())))
      const expected = reference(flat)
      expect(toolbarState(flat), where).toEqual(expected)
      expect(toolbarState(chunked), `${where}, in chunks`).toEqual(expected)
    }
  })
})

describe('the toolbar state in the cases the corpus selections may miss', () => {
  const bold = (text: string) => ({
    type: 'paragraph',
    content: [{ type: 'text', text, marks: [{ type: 'bold' }] }],
  })
  const cases = {
    'bold text around a code block, whose text may carry no mark': [
      bold('one'),
      { type: 'codeBlock', content: [{ type: 'text', text: 'code' }] },
      bold('two'),
    ],
    'bold text beside code, which excludes bold': [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'one', marks: [{ type: 'bold' }] },
          { type: 'text', text: 'code', marks: [{ type: 'code' }] },
        ],
      },
    ],
    'a highlight of one colour, then another': [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'red', marks: [{ type: 'highlight', attrs: { highlight: 'textRed' } }] },
        ],
      },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'blue', marks: [{ type: 'highlight', attrs: { highlight: 'bgBlue' } }] },
        ],
      },
    ],
  }
  it.each(Object.entries(cases))('%s, select all', (_, content) => {
    const editor = createUnchunkedTestEditor({ type: 'doc', content })
    editors.push(editor)
    editor.commands.selectAll()
    expect(toolbarState(editor)).toEqual(reference(editor))
  })
})
