// @vitest-environment jsdom
// Shortcuts and Markdown input rules, driven the way a browser drives ProseMirror: key presses as
// keydown events on the editing surface, typed characters through the handleTextInput hook.
import type { Editor } from '@tiptap/core'
import { afterEach, describe, expect, it } from 'vitest'
import type { JsonObject } from './json'
import { prepareForEditor, restoreFromEditor } from './loss-proof'
import { createTestEditor, destroyTestEditor } from './test-support/editor'

let editor: Editor | null = null
afterEach(() => {
  if (editor) destroyTestEditor(editor)
  editor = null
})

function emptyEditor(): Editor {
  editor = createTestEditor(prepareForEditor(null).doc)
  return editor
}

/** Types text one character at a time, giving input rules their chance as a browser would. */
function type(target: Editor, text: string) {
  for (const char of text) {
    const { from, to } = target.state.selection
    const insert = () => target.state.tr.insertText(char, from, to)
    const handled = target.view.someProp('handleTextInput', (handler) =>
      handler(target.view, from, to, char, insert),
    )
    if (!handled) target.view.dispatch(insert())
  }
}

/** Presses a key with modifiers; this test DOM is not a Mac, so Mod is Ctrl. */
function press(
  target: Editor,
  key: string,
  modifiers: { mod?: boolean; shift?: boolean; alt?: boolean } = {},
) {
  target.view.dom.dispatchEvent(
    new KeyboardEvent('keydown', {
      key,
      ctrlKey: modifiers.mod ?? false,
      shiftKey: modifiers.shift ?? false,
      altKey: modifiers.alt ?? false,
      bubbles: true,
      cancelable: true,
    }),
  )
}

function blocks(target: Editor): JsonObject[] {
  return restoreFromEditor(target.getJSON()).content as JsonObject[]
}

describe('Markdown input rules', () => {
  it.each([
    ['# ', 'heading', { level: 1 }],
    ['### ', 'heading', { level: 3 }],
    ['###### ', 'heading', { level: 6 }],
    ['- ', 'bulletList', undefined],
    ['* ', 'bulletList', undefined],
    ['1. ', 'orderedList', { start: 1, type: null }],
    ['> ', 'blockquote', undefined],
    ['``` ', 'codeBlock', { language: null }],
    ['```ts ', 'codeBlock', { language: 'ts' }],
  ])('%j starts a %s', (typed, nodeType, attrs) => {
    const current = emptyEditor()
    type(current, typed)
    type(current, 'Text')
    const [first] = blocks(current)
    expect(first?.type).toBe(nodeType)
    if (attrs) expect(first?.attrs).toEqual(attrs)
    expect(JSON.stringify(first)).toContain('"text":"Text"')
  })

  it('"---" draws a divider line', () => {
    const current = emptyEditor()
    type(current, '---')
    expect(blocks(current).map((block) => block.type)).toContain('horizontalRule')
  })

  it.each([
    ['**bold** ', [{ type: 'bold' }]],
    ['*italic* ', [{ type: 'italic' }]],
    ['~~gone~~ ', [{ type: 'strike' }]],
    ['`code` ', [{ type: 'code' }]],
    ['==marked== ', [{ type: 'highlight', attrs: { highlight: 'textYellow' } }]],
  ])('%j becomes formatted text', (typed, marks) => {
    const current = emptyEditor()
    type(current, typed)
    const [first] = blocks(current)
    const formatted = (first?.content as JsonObject[])[0]
    expect(formatted?.marks).toEqual(marks)
  })
})

/** What Chromium sends for a typed character before it would write it into the page itself. */
function beforeInput(target: Editor, data: string, init: Partial<InputEventInit> = {}): InputEvent {
  const event = new InputEvent('beforeinput', {
    inputType: 'insertText',
    data,
    bubbles: true,
    cancelable: true,
    ...init,
  })
  target.view.dom.dispatchEvent(event)
  return event
}

describe('typed text', () => {
  /** An editor with the focus: ProseMirror has put its selection on the page, as after a click it read. */
  function focusedEditor(): Editor {
    const current = emptyEditor()
    current.view.focus()
    return current
  }

  it('is in the document as soon as the key is, in order, before the browser could write it', () => {
    const current = focusedEditor()
    for (const char of 'Disk full') {
      const event = beforeInput(current, char)
      expect(event.defaultPrevented).toBe(true)
    }
    expect(current.state.doc.textContent).toBe('Disk full')
    expect(current.state.selection.from).toBe('Disk full'.length + 1)
  })

  it('still meets the input rules and the formatting the caret carries', () => {
    const current = focusedEditor()
    for (const char of '## Title') beforeInput(current, char)
    press(current, 'Enter')
    press(current, 'b', { mod: true })
    for (const char of 'bold') beforeInput(current, char)
    expect(blocks(current)).toEqual([
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Title' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'bold', marks: [{ type: 'bold' }] }] },
    ])
  })

  it('goes where a click put the caret, even before Chromium has reported the click', () => {
    const current = focusedEditor()
    for (const char of 'Disk') beforeInput(current, char)
    // The click moved the page's caret between "Di" and "sk"; selectionchange would come a task later.
    getSelection()!.collapse(current.view.dom.querySelector('p')!.firstChild!, 2)
    expect(beforeInput(current, 'D').defaultPrevented).toBe(true)
    expect(current.state.doc.textContent).toBe('DiDsk')
  })

  it('a key at once after a click inside a selection across blocks types at the click, deleting nothing', () => {
    const current = focusedEditor()
    for (const char of 'One') beforeInput(current, char)
    press(current, 'Enter')
    for (const char of 'Two') beforeInput(current, char)
    current.commands.setTextSelection({ from: 2, to: current.state.doc.content.size - 1 })
    // The click inside the selection collapsed it as the button went up; the key comes first.
    getSelection()!.collapse(current.view.dom.querySelectorAll('p')[1]!.firstChild!, 1)
    const keys = { key: 'x', bubbles: true, cancelable: true }
    current.view.dom.dispatchEvent(new KeyboardEvent('keydown', keys))
    current.view.dom.dispatchEvent(new KeyboardEvent('keypress', { ...keys, charCode: 'x'.charCodeAt(0) }))
    beforeInput(current, 'x')
    expect(blocks(current).map((block) => (block.content as JsonObject[])[0]?.text)).toEqual(['One', 'Txwo'])
  })

  it('leaves a composition, a spelling fix and other input to the browser', () => {
    const current = emptyEditor()
    expect(beforeInput(current, 'か', { isComposing: true }).defaultPrevented).toBe(false)
    expect(beforeInput(current, 'fix', { inputType: 'insertReplacementText' }).defaultPrevented).toBe(false)
    expect(beforeInput(current, '', { inputType: 'deleteContentBackward' }).defaultPrevented).toBe(false)
    expect(current.state.doc.textContent).toBe('')
  })

  it('is not typed into a read-only editor', () => {
    const current = emptyEditor()
    current.setEditable(false, false)
    expect(beforeInput(current, 'x').defaultPrevented).toBe(false)
    expect(current.state.doc.textContent).toBe('')
  })
})

describe('keyboard shortcuts', () => {
  function withSelectedWord() {
    const current = emptyEditor()
    type(current, 'word')
    current.commands.selectAll()
    return current
  }

  it.each([
    ['b', { mod: true }, [{ type: 'bold' }]],
    ['i', { mod: true }, [{ type: 'italic' }]],
    ['u', { mod: true }, [{ type: 'underline' }]],
    ['s', { mod: true, shift: true }, [{ type: 'strike' }]],
    ['e', { mod: true }, [{ type: 'code' }]],
    ['h', { mod: true, shift: true }, [{ type: 'highlight', attrs: { highlight: 'textYellow' } }]],
  ])('Mod+%s %j formats the selection', (key, modifiers, marks) => {
    const current = withSelectedWord()
    press(current, key, modifiers)
    expect((blocks(current)[0]?.content as JsonObject[])[0]?.marks).toEqual(marks)
  })

  it.each([
    ['2', { mod: true, alt: true }, 'heading'],
    ['8', { mod: true, shift: true }, 'bulletList'],
    ['7', { mod: true, shift: true }, 'orderedList'],
    ['b', { mod: true, shift: true }, 'blockquote'],
    ['c', { mod: true, alt: true }, 'codeBlock'],
  ])('Mod+%s %j turns the line into a %s', (key, modifiers, nodeType) => {
    const current = withSelectedWord()
    press(current, key, modifiers)
    expect(blocks(current)[0]?.type).toBe(nodeType)
  })

  it('Mod+Alt+minus inserts a divider line; Mod+Z takes it back and Mod+Shift+Z redoes it', () => {
    const current = emptyEditor()
    type(current, 'Above')
    press(current, '-', { mod: true, alt: true })
    expect(blocks(current).map((block) => block.type)).toContain('horizontalRule')
    press(current, 'z', { mod: true })
    expect(blocks(current).map((block) => block.type)).not.toContain('horizontalRule')
    press(current, 'z', { mod: true, shift: true })
    expect(blocks(current).map((block) => block.type)).toContain('horizontalRule')
  })

  it('Shift+Enter makes a line break inside the paragraph', () => {
    const current = emptyEditor()
    type(current, 'one')
    press(current, 'Enter', { shift: true })
    type(current, 'two')
    expect(blocks(current)).toEqual([
      {
        type: 'paragraph',
        content: [{ type: 'text', text: 'one' }, { type: 'hardBreak' }, { type: 'text', text: 'two' }],
      },
    ])
  })

  it('Mod+K asks for the link field', () => {
    let asked = 0
    editor = createTestEditor(prepareForEditor(null).doc, { onLinkShortcut: () => asked++ })
    press(editor, 'k', { mod: true })
    expect(asked).toBe(1)
  })

  it('opening draws the document once, unsupported blocks with their Remove button included', () => {
    // TipTap adds the plugins after building the view: node views arriving with them would make
    // ProseMirror throw the first drawing away and draw everything again (twice the work on a 1 MB text).
    const observer = new MutationObserver(() => undefined)
    observer.observe(document.body, { childList: true, subtree: true })
    editor = createTestEditor(
      prepareForEditor({
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Before' }] },
          { type: 'table', content: [{ type: 'tableRow' }] },
          { type: 'paragraph', content: [{ type: 'text', text: 'After' }] },
        ],
      }).doc,
    )
    const removed = observer.takeRecords().flatMap((record) => [...record.removedNodes])
    observer.disconnect()
    expect(removed).toEqual([])
    expect(editor.view.dom.querySelector('[data-ot-unknown="block"] button')).not.toBeNull()
  })
})

describe('word deletes', () => {
  const paragraph = (...content: JsonObject[]) => ({ type: 'doc', content: [{ type: 'paragraph', content }] })
  const text = (value: string) => ({ type: 'text', text: value })

  function editorWith(doc: unknown, caret: 'start' | 'end'): Editor {
    editor = createTestEditor(prepareForEditor(doc).doc)
    editor.commands.setTextSelection(caret === 'start' ? 1 : editor.state.doc.content.size - 1)
    return editor
  }
  const textOf = (current: Editor) =>
    current.state.doc.textBetween(0, current.state.doc.content.size, '|', '@')

  it('Ctrl+Backspace deletes the word before the caret, then the next, without the browser', () => {
    const current = editorWith(paragraph(text('one two, three')), 'end')
    press(current, 'Backspace', { mod: true })
    expect(textOf(current)).toBe('one two, ')
    press(current, 'Backspace', { mod: true })
    expect(textOf(current)).toBe('one two')
    press(current, 'Backspace', { mod: true })
    expect(textOf(current)).toBe('one ')
  })

  it('takes a word with combining marks whole (accents typed apart, Hindi, Thai), not a mark at a time', () => {
    for (const word of ['cafe\u0301', 'नमस्ते', 'สวัสดี']) {
      const backward = editorWith(paragraph(text(`say ${word}`)), 'end')
      press(backward, 'Backspace', { mod: true })
      expect(textOf(backward)).toBe('say ')
      destroyTestEditor(backward)
      const forward = editorWith(paragraph(text(`${word} now`)), 'start')
      press(forward, 'Delete', { mod: true })
      expect(textOf(forward)).toBe(' now')
      destroyTestEditor(forward)
    }
    editor = null
  })

  it('Ctrl+Delete deletes the word after the caret', () => {
    const current = editorWith(paragraph(text('one two')), 'start')
    press(current, 'Delete', { mod: true })
    expect(textOf(current)).toBe(' two')
    press(current, 'Delete', { mod: true })
    expect(textOf(current)).toBe('')
  })

  it('takes a mention as one word, and leaves unsupported inline content where it is', () => {
    const mention = { type: 'mention', attrs: { id: 'ada-1', label: 'Ada', mentionSuggestionChar: '@' } }
    const withMention = editorWith(paragraph(text('Hi '), mention), 'end')
    press(withMention, 'Backspace', { mod: true })
    expect(textOf(withMention)).toBe('Hi ')
    destroyTestEditor(withMention)
    const chip = { type: 'futureChip', attrs: { id: 7 } }
    const withChip = editorWith(paragraph(text('Status '), chip), 'end')
    press(withChip, 'Backspace', { mod: true })
    expect(blocks(withChip)[0]).toEqual(paragraph(text('Status '), chip).content[0])
  })
})
