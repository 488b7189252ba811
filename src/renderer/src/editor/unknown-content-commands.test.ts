// @vitest-environment jsdom
// Unknown content against what reshapes the document around it rather than typing into it: the toolbar's
// commands over a selection that holds it, Tab and Shift+Tab in lists, joins next to a block, the keys
// in a document that is one unknown block, undo and redo after a refused edit. On a real TipTap editor
// with this module's extensions; what is saved must still hold every unknown piece byte for byte.
import type { Editor } from '@tiptap/core'
import { NodeSelection } from '@tiptap/pm/state'
import { afterEach, describe, expect, it } from 'vitest'
import { stringifyJson } from './json'
import { prepareForEditor, restoreFromEditor } from './loss-proof'
import { createTestEditor, destroyTestEditor } from './test-support/editor'

const BLOCK = '{"type":"callout","attrs":{"budget":12345678901234567890}}'
const INLINE = '{"type":"statusPill","attrs":{"ratio":1.50}}'
const MARK = '{"type":"comment","attrs":{"weight":1.0e3}}'
const paragraph = (text: string) => `{"type":"paragraph","content":[{"type":"text","text":"${text}"}]}`
const doc = (...blocks: string[]) => `{"type":"doc","content":[${blocks.join(',')}]}`
const listItem = (...blocks: string[]) => `{"type":"listItem","content":[${blocks.join(',')}]}`
const bulletList = (...items: string[]) => `{"type":"bulletList","content":[${items.join(',')}]}`

// A paragraph with an unknown inline node and an unknown mark, an unknown block, a plain paragraph.
const MIXED = doc(
  `{"type":"paragraph","content":[{"type":"text","text":"a "},${INLINE},{"type":"text","text":" b ","marks":[${MARK}]},{"type":"text","text":"c"}]}`,
  BLOCK,
  paragraph('z'),
)

let editor: Editor | null = null
afterEach(() => {
  if (editor) destroyTestEditor(editor)
  editor = null
})

function open(source: string): Editor {
  const prepared = prepareForEditor(source)
  expect(prepared.readOnlyReason).toBeNull()
  editor = createTestEditor(prepared.doc)
  return editor
}

const saved = (ed: Editor) => stringifyJson(restoreFromEditor(ed.getJSON()))

function expectKept(ed: Editor, pieces: string[]): void {
  const text = saved(ed)
  for (const piece of pieces) expect(text).toContain(piece)
}

function press(ed: Editor, key: string, init: KeyboardEventInit = {}): void {
  ed.view.dom.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }))
}

/** A typed character as ProseMirror handles it: the handleTextInput props first, then its default. */
function typeText(ed: Editor, text: string): void {
  for (const char of text) {
    const { view } = ed
    const { from, to } = view.state.selection
    const deflt = () => view.state.tr.insertText(char, from, to)
    if (!view.someProp('handleTextInput', (f) => f(view, from, to, char, deflt))) view.dispatch(deflt())
  }
}

function selectBlock(ed: Editor): void {
  let at = -1
  ed.state.doc.descendants((node, pos) => {
    if (node.type.name === 'unknownBlock') at = pos
  })
  ed.view.dispatch(ed.state.tr.setSelection(NodeSelection.create(ed.state.doc, at)))
}

const toolbar: Record<string, (ed: Editor) => unknown> = {
  heading: (ed) => ed.commands.toggleHeading({ level: 1 }),
  'bullet list': (ed) => ed.commands.toggleBulletList(),
  'numbered list': (ed) => ed.commands.toggleOrderedList(),
  quote: (ed) => ed.commands.toggleBlockquote(),
  'code block': (ed) => ed.commands.toggleCodeBlock(),
  'clear formatting': (ed) => ed.commands.unsetAllMarks(),
  'clear blocks': (ed) => ed.commands.clearNodes(),
  link: (ed) => ed.commands.setLink({ href: 'https://example.com' }),
  bold: (ed) => ed.commands.toggleBold(),
  italic: (ed) => ed.commands.toggleItalic(),
  underline: (ed) => ed.commands.toggleUnderline(),
  strike: (ed) => ed.commands.toggleStrike(),
  // Inline code excludes every other mark in TipTap: it must still not take the unknown one away.
  'inline code': (ed) => ed.commands.toggleCode(),
  highlight: (ed) => ed.commands.setHighlight({ highlight: 'bgYellow' }),
  'remove highlight': (ed) => ed.commands.unsetHighlight(),
  'horizontal rule': (ed) => ed.commands.setHorizontalRule(),
  'line break': (ed) => ed.commands.setHardBreak(),
}

describe('toolbar commands over a selection holding unknown content', () => {
  for (const [name, run] of Object.entries(toolbar)) {
    it(`${name} over everything`, () => {
      const ed = open(MIXED)
      ed.commands.selectAll()
      run(ed)
      expectKept(ed, [BLOCK, INLINE, MARK])
    })
    it(`${name} over the first line, across the unknown inline node and mark`, () => {
      const ed = open(MIXED)
      ed.commands.setTextSelection({ from: 1, to: ed.state.doc.firstChild!.nodeSize - 1 })
      run(ed)
      expectKept(ed, [BLOCK, INLINE, MARK])
    })
    it(`${name} on a selected unknown block`, () => {
      const ed = open(MIXED)
      selectBlock(ed)
      run(ed)
      expectKept(ed, [BLOCK, INLINE, MARK])
    })
  }
})

describe('selections that cover part of an unknown mark', () => {
  // "a " is 1-3, the inline node 3-4, the marked " b " 4-7.
  const marked = '{"type":"text","text":" b ","marks":[' + MARK + ']}'

  it('typing over plain text, the inline node and half the marked words leaves both whole', () => {
    const ed = open(MIXED)
    ed.commands.setTextSelection({ from: 2, to: 6 })
    typeText(ed, 'x')
    expectKept(ed, [BLOCK, INLINE, marked])
  })

  it('Enter inside the marked words does not split them', () => {
    const ed = open(MIXED)
    ed.commands.setTextSelection(5)
    press(ed, 'Enter')
    expectKept(ed, [BLOCK, INLINE, marked])
  })

  it('Backspace and Delete over half the marked words leave them whole', () => {
    for (const key of ['Backspace', 'Delete']) {
      const ed = open(MIXED)
      ed.commands.setTextSelection({ from: 5, to: 8 })
      press(ed, key)
      expectKept(ed, [BLOCK, INLINE, marked])
      destroyTestEditor(ed)
      editor = null
    }
  })
})

describe('everything selected, then cut or pasted over', () => {
  /** The browser's clipboard, which jsdom does not have: what ProseMirror writes to it, kept here. */
  function clipboardEvent(type: 'cut' | 'paste', data: Record<string, string> = {}): Event {
    const event = new Event(type, { bubbles: true, cancelable: true })
    const clipboardData = {
      clearData: () => undefined,
      setData: (format: string, value: string) => {
        data[format] = value
      },
      getData: (format: string) => data[format] ?? '',
    }
    Object.defineProperty(event, 'clipboardData', { value: clipboardData })
    return event
  }

  it('Ctrl+A, Ctrl+X keeps every unknown piece', () => {
    const ed = open(MIXED)
    ed.commands.selectAll()
    ed.view.dom.dispatchEvent(clipboardEvent('cut'))
    expectKept(ed, [BLOCK, INLINE, MARK])
  })

  it('Ctrl+A, Ctrl+V keeps every unknown piece, and the pasted words arrive', () => {
    const ed = open(MIXED)
    ed.commands.selectAll()
    ed.view.dom.dispatchEvent(clipboardEvent('paste', { 'text/html': '<p>pasted <b>words</b></p>' }))
    expectKept(ed, [BLOCK, INLINE, MARK])
    expect(saved(ed)).toContain('pasted ')
  })
})

describe('lists holding an unknown block', () => {
  const list = doc(bulletList(listItem(paragraph('a'), BLOCK), listItem(paragraph('b'))))

  it('Tab in the next item nests it; the block stays where it was', () => {
    const ed = open(list)
    ed.commands.setTextSelection(ed.state.doc.content.size - 3)
    press(ed, 'Tab')
    expect(saved(ed)).toContain(`${paragraph('a')},${BLOCK},{"type":"bulletList"`)
  })

  it('Shift+Tab in the item that holds it lifts the item, block and all', () => {
    const ed = open(list)
    ed.commands.setTextSelection(3)
    press(ed, 'Tab', { shiftKey: true })
    expect(saved(ed)).toContain(`${paragraph('a')},${BLOCK},{"type":"bulletList"`)
  })

  it('turning the list off over everything keeps the block', () => {
    const ed = open(list)
    ed.commands.selectAll()
    ed.commands.toggleBulletList()
    expect(saved(ed)).toBe(doc(paragraph('a'), BLOCK, paragraph('b')))
  })

  it('Ctrl+End in a list that ends with the block, then typing, writes after it', () => {
    const ed = open(doc(paragraph('x'), bulletList(listItem(paragraph('a'), BLOCK))))
    press(ed, 'End', { ctrlKey: true })
    typeText(ed, 'hi')
    expect(saved(ed)).toContain(`${BLOCK},${paragraph('hi')}`)
  })
})

describe('joins next to an unknown block', () => {
  const three = doc(paragraph('a'), BLOCK, paragraph('b'))

  it('Backspace at the start of the paragraph after it leaves it as it is', () => {
    const ed = open(three)
    ed.commands.setTextSelection(5)
    press(ed, 'Backspace')
    expect(saved(ed)).toBe(three)
  })

  it('Delete at the end of the paragraph before it leaves it as it is', () => {
    const ed = open(three)
    ed.commands.setTextSelection(2)
    press(ed, 'Delete')
    expect(saved(ed)).toBe(three)
  })

  it('undo and redo after a refused Delete bring back only the typing', () => {
    const ed = open(three)
    ed.commands.setTextSelection(2)
    typeText(ed, 'q')
    selectBlock(ed)
    press(ed, 'Delete')
    ed.commands.undo()
    expect(saved(ed)).toBe(three)
    ed.commands.redo()
    expect(saved(ed)).toBe(doc(paragraph('aq'), BLOCK, paragraph('b')))
  })
})

describe('a document that is one unknown block', () => {
  const only = doc(BLOCK)

  for (const key of ['Enter', 'Backspace', 'Delete']) {
    it(`${key} after Ctrl+Home keeps the block`, () => {
      const ed = open(only)
      press(ed, 'Home', { ctrlKey: true })
      press(ed, key)
      expectKept(ed, [BLOCK])
    })
  }

  it('select all and typing writes after the block', () => {
    const ed = open(only)
    ed.commands.selectAll()
    typeText(ed, 'hi')
    expect(saved(ed)).toBe(doc(BLOCK, paragraph('hi')))
  })

  it('Ctrl+End and typing writes after the block', () => {
    const ed = open(only)
    press(ed, 'End', { ctrlKey: true })
    typeText(ed, 'hi')
    expect(saved(ed)).toBe(doc(BLOCK, paragraph('hi')))
  })
})
