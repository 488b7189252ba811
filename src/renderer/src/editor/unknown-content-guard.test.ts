// @vitest-environment jsdom
// Every destructive input against each kind of unknown content, on a real TipTap editor with this module's
// extensions. Keys go through ProseMirror's own keydown handling; typed text and IME compositions through
// the path ProseMirror takes for them (handleTextInput, then its default insertion), cut and paste through
// its clipboard handlers. What is saved must still hold the unknown content, compared as parsed values and
// byte for byte for the numbers JavaScript cannot hold.
import type { Editor } from '@tiptap/core'
import { NodeSelection, TextSelection } from '@tiptap/pm/state'
import { afterEach, describe, expect, it } from 'vitest'
import { REMOVE_UNKNOWN_META } from './extensions/read-only-guard'
import { isPlainObject, jsonEqual, parseJson, stringifyJson, type JsonValue } from './json'
import { prepareForEditor, restoreFromEditor } from './loss-proof'
import { createTestEditor, destroyTestEditor } from './test-support/editor'

// As a newer Operately might write it, with numbers JSON.parse would round or respell.
const SOURCE = `{"type":"doc","content":[
{"type":"paragraph","content":[{"type":"text","text":"Status: "},{"type":"statusPill","attrs":{"value":"green","count":12345678901234567890,"ratio":1.0e3}},{"type":"text","text":" and "},{"type":"text","text":"flagged words","marks":[{"type":"comment","attrs":{"thread":98765432109876543210,"weight":2.50}}]},{"type":"text","text":" here."}]},
{"type":"callout","attrs":{"tone":"warning","budget":12345678901234567891,"scale":1.0e3},"content":[{"type":"paragraph","content":[{"type":"text","text":"Vendors need notice."}]}]},
{"type":"paragraph","content":[{"type":"text","text":"Last line."}]}
]}`
const NUMBER_SPELLINGS = [
  '12345678901234567890',
  '12345678901234567891',
  '98765432109876543210',
  '1.0e3',
  '2.50',
]

const source = parseJson(SOURCE) as { content: Array<{ content?: JsonValue[] }> }
const pieces = {
  block: source.content[1] as JsonValue,
  inline: source.content[0]!.content![1]!,
  marked: source.content[0]!.content![3]!,
}
type Target = keyof typeof pieces

let editor: Editor | null = null
let kept = 0
afterEach(() => {
  if (editor) destroyTestEditor(editor)
  editor = null
})

function open(): Editor {
  kept = 0
  editor = createTestEditor(prepareForEditor(SOURCE).doc, { onUnknownKept: () => kept++ })
  return editor
}

/** Where each piece sits in the editor's document. */
function positions(ed: Editor) {
  const found: Record<string, [number, number]> = {}
  ed.state.doc.descendants((node, pos) => {
    if (node.type.name === 'unknownBlock') found.block = [pos, pos + node.nodeSize]
    if (node.type.name === 'unknownInline') found.inline = [pos, pos + node.nodeSize]
    if (node.isText && node.marks.some((mark) => mark.type.name === 'unknownMark'))
      found.marked = [pos, pos + node.nodeSize]
  })
  return found as Record<Target, [number, number]>
}

function select(ed: Editor, target: Target): void {
  const [from, to] = positions(ed)[target]
  const { doc } = ed.state
  ed.view.dispatch(
    ed.state.tr.setSelection(
      target === 'marked' ? TextSelection.create(doc, from, to) : NodeSelection.create(doc, from),
    ),
  )
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

function press(ed: Editor, key: string, init: KeyboardEventInit = {}): void {
  ed.view.dom.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }))
}

/** The browser's clipboard, which jsdom does not have: what ProseMirror writes to it, kept here. */
function clipboardEvent(type: 'cut' | 'copy' | 'paste', data: Record<string, string> = {}): Event {
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

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function saved(ed: Editor): { value: JsonValue; text: string } {
  const value = restoreFromEditor(ed.getJSON())
  return { value, text: stringifyJson(value) }
}

function contains(value: JsonValue, piece: JsonValue): boolean {
  if (jsonEqual(value, piece)) return true
  if (Array.isArray(value)) return value.some((item) => contains(item, piece))
  if (isPlainObject(value)) return Object.values(value).some((item) => contains(item, piece))
  return false
}

function expectUnknownContentKept(ed: Editor): void {
  const { value, text } = saved(ed)
  for (const piece of Object.values(pieces)) expect(contains(value, piece)).toBe(true)
  for (const spelling of NUMBER_SPELLINGS) expect(text).toContain(spelling)
}

const inputs: Record<string, (ed: Editor) => Promise<void> | void> = {
  typing: (ed) => typeText(ed, 'xy'),
  Enter: (ed) => press(ed, 'Enter'),
  Backspace: (ed) => press(ed, 'Backspace'),
  Delete: (ed) => press(ed, 'Delete'),
  'Ctrl+Backspace': (ed) => press(ed, 'Backspace', { ctrlKey: true }),
  cut: (ed) => {
    ed.view.dom.dispatchEvent(clipboardEvent('cut'))
  },
  'paste over': (ed) => {
    ed.view.dom.dispatchEvent(clipboardEvent('paste', { 'text/html': '<p>pasted <b>words</b></p>' }))
  },
  'drop onto': (ed) => {
    // What ProseMirror's drop handler dispatches for text dropped onto the selection.
    const { from, to } = ed.state.selection
    const slice = ed.state.doc.slice(1, 7)
    ed.view.dispatch(ed.state.tr.replaceRange(from, to, slice).setMeta('uiEvent', 'drop'))
  },
  'IME composition': (ed) => {
    // Real composition handling: with a selection, ProseMirror first deletes it, then the composed text
    // arrives through handleTextInput.
    ed.view.dom.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, data: '' }))
    ed.view.dom.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: 'に' }))
    typeText(ed, 'に')
  },
  'select all + type': (ed) => {
    ed.commands.selectAll()
    typeText(ed, 'new text')
  },
  'select all + Delete': (ed) => {
    ed.commands.selectAll()
    press(ed, 'Delete')
  },
}

describe('unknown content survives every destructive input', () => {
  for (const target of Object.keys(pieces) as Target[]) {
    for (const [name, input] of Object.entries(inputs)) {
      it(`${name} on a selected unknown ${target === 'marked' ? 'marked range' : `${target} node`}`, async () => {
        const ed = open()
        select(ed, target)
        await input(ed)
        await settle()
        expectUnknownContentKept(ed)
      })
    }
  }

  it('typing inside text under an unknown mark lands after it, with the caret', async () => {
    const ed = open()
    const [from, to] = positions(ed).marked
    ed.commands.setTextSelection(from + 4)
    typeText(ed, 'xy')
    await settle()
    expectUnknownContentKept(ed)
    expect(ed.state.doc.textBetween(to, to + 2)).toBe('xy')
    expect(ed.state.selection.from).toBe(to + 2)
    expect(kept).toBeGreaterThan(0)
  })

  it('typing over a selected block puts the text in a paragraph of its own after it', async () => {
    const ed = open()
    select(ed, 'block')
    typeText(ed, 'ab')
    await settle()
    const content = saved(ed).value as { content: JsonValue[] }
    expect(content.content[1]).toEqual(pieces.block)
    expect(content.content[2]).toEqual({ type: 'paragraph', content: [{ type: 'text', text: 'ab' }] })
  })

  it('Backspace and Delete on a selected block step over it instead', async () => {
    const ed = open()
    const [start, end] = positions(ed).block
    select(ed, 'block')
    press(ed, 'Delete')
    await settle()
    expect(ed.state.selection.from).toBe(end + 1)
    select(ed, 'block')
    press(ed, 'Backspace')
    await settle()
    expect(ed.state.selection.from).toBe(start - 1)
    expectUnknownContentKept(ed)
  })

  it('moving a block by drag keeps it, whole', () => {
    const ed = open()
    const [start, end] = positions(ed).block
    const node = ed.state.doc.nodeAt(start)!
    const tr = ed.state.tr.delete(start, end)
    tr.insert(tr.doc.content.size, node)
    ed.view.dispatch(tr.setMeta('uiEvent', 'drop'))
    const content = saved(ed).value as { content: JsonValue[] }
    expect(content.content.at(-1)).toEqual(pieces.block)
    expect(content.content).toHaveLength(3)
  })

  it('a drag that takes part of a marked range away is refused', () => {
    const ed = open()
    const [from] = positions(ed).marked
    const slice = ed.state.doc.slice(from + 3, from + 9)
    const tr = ed.state.tr.delete(from + 3, from + 9)
    tr.insert(tr.doc.content.size - 1, slice.content)
    ed.view.dispatch(tr.setMeta('uiEvent', 'drop'))
    expectUnknownContentKept(ed)
  })

  it('is removed by its explicit removal, and comes back with Undo', () => {
    const ed = open()
    const [start, end] = positions(ed).block
    ed.view.dispatch(ed.state.tr.delete(start, end).setMeta(REMOVE_UNKNOWN_META, true))
    expect(contains(saved(ed).value, pieces.block)).toBe(false)
    ed.commands.undo()
    expectUnknownContentKept(ed)
  })

  it('edits elsewhere go through as usual', () => {
    const ed = open()
    ed.commands.setTextSelection(ed.state.doc.content.size - 1)
    typeText(ed, ' More.')
    const end = ed.state.doc.content.size - 1
    ed.commands.setTextSelection({ from: end - 5, to: end })
    press(ed, 'Backspace')
    expect(ed.state.doc.lastChild?.textContent).toBe('Last line. ')
    expectUnknownContentKept(ed)
    expect(kept).toBe(0)
  })
})

/** A transaction that says it is an undo step (prosemirror-history marks its own with this key). */
const asHistoryStep = <T extends { setMeta(key: string, value: unknown): T }>(tr: T): T =>
  tr.setMeta('history$', { redo: false })

describe('every undo and redo step is held to the same promise', () => {
  it('an undo step that would take away what the server holds is not made, and says so', () => {
    const ed = open()
    for (const target of ['block', 'inline', 'marked'] as const) {
      const [start, end] = positions(ed)[target]
      ed.view.dispatch(asHistoryStep(ed.state.tr.delete(start, end)))
      expectUnknownContentKept(ed)
    }
    expect(kept).toBe(3)
  })

  it('a removal by its own button can be undone and redone, as often as one likes', () => {
    const ed = open()
    const [start, end] = positions(ed).block
    ed.view.dispatch(ed.state.tr.delete(start, end).setMeta(REMOVE_UNKNOWN_META, true))
    for (let round = 0; round < 3; round++) {
      ed.commands.undo()
      expectUnknownContentKept(ed)
      ed.commands.redo()
      expect(contains(saved(ed).value, pieces.block)).toBe(false)
    }
    expect(kept).toBe(0)
  })

  it('undoing a drag of a block moves it back, whole', () => {
    const ed = open()
    const [start, end] = positions(ed).block
    const node = ed.state.doc.nodeAt(start)!
    const tr = ed.state.tr.delete(start, end)
    tr.insert(tr.doc.content.size, node)
    ed.view.dispatch(tr.setMeta('uiEvent', 'drop'))
    ed.commands.undo()
    expect(saved(ed).text).toBe(stringifyJson(parseJson(SOURCE)))
    ed.commands.redo()
    expect((saved(ed).value as { content: JsonValue[] }).content.at(-1)).toEqual(pieces.block)
    expect(kept).toBe(0)
  })

  it('undoing a paste takes away what it brought in, unknown content included', () => {
    const ed = open()
    ed.commands.setTextSelection(ed.state.doc.content.size - 1)
    const [start, end] = positions(ed).block
    // What the paste brings is a copy of the block: its own node, not the server's.
    const copy = ed.schema.nodeFromJSON(ed.state.doc.nodeAt(start)!.toJSON())
    ed.view.dispatch(ed.state.tr.insert(ed.state.doc.content.size, copy).setMeta('uiEvent', 'paste'))
    expect(end).toBeLessThan(ed.state.doc.content.size)
    ed.commands.undo()
    expect(saved(ed).text).toBe(stringifyJson(parseJson(SOURCE)))
    expect(kept).toBe(0)
  })
})

describe('unknown marks on more than text', () => {
  // A newer server's comment covering a mention: the mention is known, the mark on it is not.
  const MENTION_UNDER_COMMENT = `{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Ask "},{"type":"mention","attrs":{"id":"ann-1","label":"Ann","mentionSuggestionChar":"@"},"marks":[{"type":"comment","attrs":{"thread":98765432109876543210}}]},{"type":"text","text":" today."}]}]}`
  const MENTION = parseJson(MENTION_UNDER_COMMENT) as { content: Array<{ content: JsonValue[] }> }

  const openMention = () => {
    kept = 0
    editor = createTestEditor(prepareForEditor(MENTION_UNDER_COMMENT).doc, { onUnknownKept: () => kept++ })
    return editor
  }
  const expectMentionKept = (ed: Editor) => {
    const { value, text } = saved(ed)
    expect(contains(value, MENTION.content[0]!.content[1]!)).toBe(true)
    expect(text).toContain('98765432109876543210')
  }

  it('Backspace after a mention under an unknown mark steps over it', async () => {
    const ed = openMention()
    ed.commands.setTextSelection(6)
    press(ed, 'Backspace')
    await settle()
    expectMentionKept(ed)
    expect(kept).toBeGreaterThan(0)
  })

  it('typing over a selected mention under an unknown mark lands after it', async () => {
    const ed = openMention()
    ed.view.dispatch(ed.state.tr.setSelection(NodeSelection.create(ed.state.doc, 5)))
    typeText(ed, 'x')
    await settle()
    expectMentionKept(ed)
    expect(ed.state.doc.textBetween(6, 7)).toBe('x')
  })
})

describe('text typed next to unknown formatting never takes it on', () => {
  it('Ctrl+B inside a marked range, then typing: the new text is bold, not under the unknown mark', async () => {
    const ed = open()
    const [from, to] = positions(ed).marked
    ed.commands.setTextSelection(from + 4)
    press(ed, 'b', { ctrlKey: true })
    typeText(ed, 'zz')
    await settle()
    expectUnknownContentKept(ed)
    const typed = ed.state.doc.nodeAt(to)!
    expect(typed.text).toBe('zz')
    expect(typed.marks.map((mark) => mark.type.name)).toEqual(['bold'])
    // Saved: the unknown mark still covers exactly the words it covered.
    const marked = stringifyJson(saved(ed).value).match(/"text":"[^"]*","marks":\[[^\]]*"comment"/g)
    expect(marked).toEqual(['"text":"flagged words","marks":[{"type":"comment"'])
  })
})

describe('Ctrl/Cmd+Home and End', () => {
  it('move the caret to the document edges from a selected block', () => {
    const ed = open()
    select(ed, 'block')
    press(ed, 'End', { ctrlKey: true })
    expect(ed.state.selection.empty).toBe(true)
    expect(ed.state.selection.from).toBe(ed.state.doc.content.size - 1)
    select(ed, 'inline')
    press(ed, 'Home', { ctrlKey: true })
    expect(ed.state.selection.empty).toBe(true)
    expect(ed.state.selection.from).toBe(1)
  })

  it('stop before a block that opens the document, never on it', () => {
    const ed = createTestEditor(
      prepareForEditor({
        type: 'doc',
        content: [{ type: 'callout' }, { type: 'paragraph', content: [{ type: 'text', text: 'x' }] }],
      }).doc,
    )
    editor = ed
    ed.commands.setTextSelection(2)
    press(ed, 'Home', { ctrlKey: true })
    expect(ed.state.selection).not.toBeInstanceOf(NodeSelection)
    expect(ed.state.selection.from).toBe(0)
    typeText(ed, 'a')
    expect(restoreFromEditor(ed.getJSON()).content).toContainEqual({ type: 'callout' })
  })
})
