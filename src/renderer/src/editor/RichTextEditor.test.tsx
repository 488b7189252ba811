// @vitest-environment jsdom
// RichTextEditor rendered by React into jsdom, with the real TipTap editor inside. Commands that a key
// press or a typed character would run are dispatched on the editor itself (jsdom cannot type into a
// contenteditable); buttons are clicked and keys pressed as DOM events.
import type { Editor } from '@tiptap/core'
import { act, createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { JsonObject, ServerDoc } from './json'
import { restoredBlock } from './loss-proof'
import { RichTextEditor, type RichTextEditorHandle, type RichTextEditorProps } from './RichTextEditor'
import { corpusDocument } from './test-support/corpus'
import { render, waitFor, type Rendered } from './test-support/render'

const PEOPLE = [
  { id: 'ashe-Dhw2AUUsmXFwMomTgNm73h', label: 'Ashe Hart' },
  { id: 'asha-9f3kQ2mN8pL4rT7vX1zB5c', label: 'Asha Patel' },
  { id: 'bo-7Yq2LmN4pR8sT1vW3xZ5aB', label: 'Bo Lindqvist' },
]

const searchPeople = (query: string) =>
  Promise.resolve(PEOPLE.filter((person) => person.label.toLowerCase().includes(query.toLowerCase())))

let view: Rendered | null = null
afterEach(async () => {
  await view?.unmount()
  view = null
})

interface Setup {
  container: HTMLElement
  editor: Editor
  changes: ServerDoc[]
  handle: React.RefObject<RichTextEditorHandle | null>
  rerender: (props: Partial<RichTextEditorProps>) => Promise<void>
}

async function setup(props: Partial<RichTextEditorProps> = {}): Promise<Setup> {
  const changes: ServerDoc[] = []
  const handle = createRef<RichTextEditorHandle>()
  const base: RichTextEditorProps = {
    value: {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello world' }] }],
    },
    onChange: (doc) => changes.push(doc),
    mentionSearch: searchPeople,
    label: 'Project description',
    ref: handle,
    ...props,
  }
  view = await render(<RichTextEditor {...base} />)
  const surface = view.container.querySelector('.ProseMirror') as (HTMLElement & { editor?: Editor }) | null
  if (!surface?.editor) throw new Error('The editor did not mount')
  const rendered = view
  return {
    container: view.container,
    editor: surface.editor,
    changes,
    handle,
    rerender: (next) => rendered.rerender(<RichTextEditor {...base} {...next} />),
  }
}

function button(container: HTMLElement, label: string): HTMLButtonElement {
  const found = container.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)
  if (!found) throw new Error(`No button labelled ${label}`)
  return found
}

async function click(element: HTMLElement) {
  await act(async () => {
    element.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }))
    element.click()
  })
}

async function press(target: HTMLElement, key: string, init: KeyboardEventInit = {}) {
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }))
  })
}

/** The document through the ref, as the app reads it before saving (reports a pending change first). */
async function documentOf(handle: React.RefObject<RichTextEditorHandle | null>): Promise<ServerDoc> {
  let doc: ServerDoc | undefined
  await act(async () => {
    doc = handle.current?.getDocument()
  })
  if (!doc) throw new Error('The editor gave no document')
  return doc
}

async function run(command: () => unknown) {
  await act(async () => {
    command()
  })
}

describe('RichTextEditor: accessible structure', () => {
  it('is a labelled multi-line textbox with a formatting toolbar and a live word count', async () => {
    const { container } = await setup()
    const surface = container.querySelector('[role="textbox"]')
    expect(surface?.getAttribute('aria-multiline')).toBe('true')
    expect(surface?.getAttribute('aria-label')).toBe('Project description')
    expect(surface?.getAttribute('contenteditable')).toBe('true')

    const toolbar = container.querySelector('[role="toolbar"]')
    expect(toolbar?.getAttribute('aria-controls')).toBe(surface?.id)
    const labels = [...(toolbar?.querySelectorAll('button') ?? [])].map((item) =>
      item.getAttribute('aria-label'),
    )
    expect(labels).toEqual([
      'H1 heading',
      'H2 heading',
      'H3 heading',
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Inline code',
      'Highlight (yellow text)',
      'Highlight colour',
      'Link',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Code block',
      'Divider line',
      'Undo',
      'Redo',
    ])
    // Toggles report their state; every button names its shortcut where it has one.
    expect(button(container, 'Bold').getAttribute('aria-pressed')).toBe('false')
    expect(button(container, 'Bold').getAttribute('aria-keyshortcuts')).toMatch(/^(Control|Meta)\+B$/)

    // Counted with the load check, in idle time after the first paint.
    await waitFor(() =>
      expect(container.querySelector('[role="status"][aria-label="Word count"]')?.textContent).toBe(
        '2 words',
      ),
    )
  })

  it('has one Tab stop in the toolbar and moves between buttons with the arrow keys', async () => {
    const { container } = await setup()
    const buttons = [...container.querySelectorAll<HTMLButtonElement>('[role="toolbar"] button')]
    expect(buttons.filter((item) => item.tabIndex === 0)).toHaveLength(1)
    buttons[0]?.focus()
    await press(buttons[0] as HTMLElement, 'ArrowRight')
    expect(document.activeElement).toBe(buttons[1])
    await press(buttons[1] as HTMLElement, 'End')
    expect(document.activeElement).toBe(buttons[buttons.length - 1])
    await press(buttons[buttons.length - 1] as HTMLElement, 'ArrowRight')
    expect(document.activeElement).toBe(buttons[0])
    expect(buttons.filter((item) => item.tabIndex === 0)).toEqual([buttons[0]])
  })
})

describe('RichTextEditor: opening', () => {
  it('draws each block of the document once, unsupported blocks with their Remove button included', async () => {
    // Building a block's DOM twice (TipTap's React view sets the node views again when it mounts, and
    // ProseMirror then draws the whole document anew) doubles the cost of opening a 1 MB description.
    const records: MutationRecord[] = []
    const observer = new MutationObserver((seen) => records.push(...seen))
    observer.observe(document.body, { childList: true, subtree: true })
    const { container } = await setup({
      value: {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Before' }] },
          { type: 'table', content: [{ type: 'tableRow' }] },
          { type: 'paragraph', content: [{ type: 'text', text: 'After' }] },
        ],
      },
    })
    // A block drawn a second time replaces the first drawing: nothing of the document is ever removed.
    const removed = [...records, ...observer.takeRecords()].flatMap((record) => [...record.removedNodes])
    observer.disconnect()
    const documentPart = (node: Node) =>
      node instanceof HTMLElement && (node.textContent !== '' || node.dataset.otUnknown === 'block')
    expect(removed.filter(documentPart)).toEqual([])
    expect(container.querySelector('.ProseMirror')?.textContent).toContain('Before')
    expect(container.querySelector('[data-ot-unknown="block"] button')).not.toBeNull()
  })
})

describe('RichTextEditor: closing', () => {
  it('lets go of what it remembered per block of the document', async () => {
    const { editor } = await setup()
    const block = editor.state.doc.child(0)
    const restored = restoredBlock(block)
    // Remembered while the editor is open: the same JSON for the same block.
    expect(restoredBlock(block)).toBe(restored)
    await view?.unmount()
    view = null
    // Worked out afresh once it closed: the memo of the closed document is gone.
    expect(restoredBlock(block)).not.toBe(restored)
    expect(restoredBlock(block)).toEqual(restored)
  })
})

describe('RichTextEditor: formatting', () => {
  it("shows a selection's marks after the frame that paints it, and a caret's at once", async () => {
    const { container, editor } = await setup({
      value: {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Bold', marks: [{ type: 'bold' }] }] },
          { type: 'paragraph', content: [{ type: 'text', text: 'plain' }] },
        ],
      },
    })
    const bold = () => button(container, 'Bold').getAttribute('aria-pressed')
    await run(() => editor.commands.setTextSelection(9))
    expect(bold()).toBe('false')
    await run(() => editor.commands.setTextSelection({ from: 1, to: 5 }))
    // Not walked inside the change that selected it: the key that selected goes to the screen first.
    expect(bold()).toBe('false')
    await waitFor(() => expect(bold()).toBe('true'))
    // A newer selection before the walk ran: the walk of the older one never shows.
    await run(() => {
      editor.commands.setTextSelection({ from: 1, to: 5 })
      editor.commands.setTextSelection({ from: 7, to: 12 })
    })
    await waitFor(() => expect(bold()).toBe('false'))
    // A caret is answered at once.
    await run(() => editor.commands.setTextSelection(2))
    expect(bold()).toBe('true')
    await run(() => editor.commands.setTextSelection(9))
    expect(bold()).toBe('false')
  })

  it('makes the selection bold from the toolbar and reports the document', async () => {
    const { container, editor, changes, handle } = await setup()
    await run(() => editor.commands.setTextSelection({ from: 1, to: 6 }))
    await click(button(container, 'Bold'))
    // Over a selection the toolbar follows a frame later (use-toolbar-state.ts).
    await waitFor(() => expect(button(container, 'Bold').getAttribute('aria-pressed')).toBe('true'))
    await run(() => handle.current?.flush())
    expect(changes.at(-1)).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Hello', marks: [{ type: 'bold' }] },
            { type: 'text', text: ' world' },
          ],
        },
      ],
    })
  })

  it('applies a highlight colour chosen from the palette, as a value and never a style', async () => {
    const { container, editor, handle } = await setup()
    await run(() => editor.commands.setTextSelection({ from: 7, to: 12 }))
    await click(button(container, 'Highlight colour'))
    const palette = container.querySelector('[role="group"][aria-label="Highlight colours"]')
    expect(palette).not.toBeNull()
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Yellow text')
    await click(button(container, 'Green background'))
    expect(container.querySelector('[aria-label="Highlight colours"]')).toBeNull()
    const doc = await documentOf(handle)
    expect(JSON.stringify(doc)).toContain(
      '{"type":"text","text":"world","marks":[{"type":"highlight","attrs":{"highlight":"bgGreen"}}]}',
    )
  })
})

describe('RichTextEditor: links', () => {
  it('refuses javascript: addresses with a message and inserts a valid link', async () => {
    const { container, editor, handle } = await setup()
    await run(() => editor.commands.setTextSelection({ from: 7, to: 12 }))
    await click(button(container, 'Link'))
    const dialog = container.querySelector('[role="dialog"]')
    const input = dialog?.querySelector('input')
    if (!dialog || !input) throw new Error('No link field opened')
    expect(document.activeElement).toBe(input)

    const typeAndSubmit = async (value: string) => {
      await act(async () => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
        setValue?.call(input, value)
        input.dispatchEvent(new Event('input', { bubbles: true }))
      })
      await act(async () => {
        dialog.querySelector('form')?.requestSubmit()
      })
    }

    await typeAndSubmit('javascript:alert(1)')
    expect(dialog.querySelector('[role="alert"]')?.textContent).toMatch(
      /“javascript:” addresses are not allowed/,
    )
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(JSON.stringify(await documentOf(handle))).not.toContain('"link"')

    await typeAndSubmit('example.com/launch')
    expect(container.querySelector('[role="dialog"]')).toBeNull()
    expect(JSON.stringify(await documentOf(handle))).toContain(
      '{"type":"text","text":"world","marks":[{"type":"link","attrs":{"href":"https://example.com/launch"',
    )
  })

  it('opens the link field with Mod-K and closes it with Escape', async () => {
    const { container, editor } = await setup()
    await press(editor.view.dom, 'k', { ctrlKey: true, metaKey: navigator.platform.includes('Mac') })
    const input = container.querySelector<HTMLInputElement>('[role="dialog"] input')
    expect(input).not.toBeNull()
    await press(input as HTMLElement, 'Escape')
    expect(container.querySelector('[role="dialog"]')).toBeNull()
  })
})

describe('RichTextEditor: mentions', () => {
  it('"@" opens a people list; arrow keys and Enter insert a real mention node', async () => {
    const { container, editor, handle } = await setup({ value: null })
    await run(() => editor.commands.insertContent('Ask @As'))
    await waitFor(() => expect(container.querySelectorAll('[role="option"]')).toHaveLength(2))
    const listbox = container.querySelector('[role="listbox"]')
    const options = [...container.querySelectorAll('[role="option"]')]
    expect(options.map((option) => option.textContent)).toEqual(['Ashe Hart', 'Asha Patel'])
    expect(options[0]?.getAttribute('aria-selected')).toBe('true')
    expect(editor.view.dom.getAttribute('aria-activedescendant')).toBe(options[0]?.id)
    expect(editor.view.dom.getAttribute('aria-controls')).toBe(listbox?.id)

    await press(editor.view.dom, 'ArrowDown')
    expect(container.querySelectorAll('[role="option"]')[1]?.getAttribute('aria-selected')).toBe('true')
    await press(editor.view.dom, 'Enter')

    expect(container.querySelector('[role="listbox"]')).toBeNull()
    expect(editor.view.dom.hasAttribute('aria-activedescendant')).toBe(false)
    expect(await documentOf(handle)).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Ask ' },
            {
              type: 'mention',
              attrs: { id: 'asha-9f3kQ2mN8pL4rT7vX1zB5c', label: 'Asha Patel', mentionSuggestionChar: '@' },
            },
            { type: 'text', text: ' ' },
          ],
        },
      ],
    })
    expect(container.querySelector('.ot-mention')?.textContent).toBe('@Asha Patel')
  })

  it('Escape closes the list and leaves the typed text alone', async () => {
    const { container, editor } = await setup({ value: null })
    await run(() => editor.commands.insertContent('@Bo'))
    await waitFor(() => expect(container.querySelector('[role="listbox"]')).not.toBeNull())
    await press(editor.view.dom, 'Escape')
    expect(container.querySelector('[role="listbox"]')).toBeNull()
    expect(editor.getText()).toBe('@Bo')
  })

  it('says so when the people search fails', async () => {
    const { container, editor } = await setup({
      value: null,
      mentionSearch: () => Promise.reject(new Error('you are offline')),
    })
    await run(() => editor.commands.insertContent('@Ash'))
    await waitFor(() =>
      expect(container.querySelector('[role="status"][aria-label="Mention search"]')?.textContent).toBe(
        'Could not search for people: you are offline',
      ),
    )
  })
})

describe('RichTextEditor: reporting changes', () => {
  it('reports what was typed when the editor is closed, even within the debounce pause', async () => {
    const changes: ServerDoc[] = []
    const rendered = await setup({ value: null, onChange: (doc) => changes.push(doc) })
    await run(() => rendered.editor.commands.insertContent('Last words'))
    expect(changes).toHaveLength(0)
    await view?.unmount()
    view = null
    expect(changes).toEqual([
      { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Last words' }] }] },
    ])
  })

  it('reports on blur and updates the word count', async () => {
    const { container, editor, changes } = await setup()
    await run(() => editor.chain().setTextSelection(12).insertContent(' and more').run())
    await run(() => editor.view.dom.dispatchEvent(new FocusEvent('blur')))
    await run(() => editor.commands.blur())
    await waitFor(() => expect(changes.length).toBeGreaterThan(0))
    expect(JSON.stringify(changes.at(-1))).toContain('Hello world and more')
    expect(container.querySelector('[role="status"][aria-label="Word count"]')?.textContent).toBe('4 words')
  })

  it('keeps the cursor and undo history when its own report comes back as the value', async () => {
    const { editor, handle, rerender } = await setup()
    await run(() => editor.chain().setTextSelection(12).insertContent('!').run())
    const reported = await documentOf(handle)
    await rerender({ value: reported })
    expect(editor.getText()).toBe('Hello world!')
    expect(editor.can().undo()).toBe(true)
  })

  it('replaces the document when a value with different content arrives', async () => {
    const { editor, rerender } = await setup()
    await rerender({
      value: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'From the server' }] }],
      },
    })
    expect(editor.getText()).toBe('From the server')
  })
})

describe('RichTextEditor: documents that cannot be edited safely', () => {
  it('opens read-only, says why, and lets nothing change the document', async () => {
    const value = { type: 'doc', content: [{ type: 'text', text: 'Loose text' }, { type: 'paragraph' }] }
    const { container, editor, changes, handle } = await setup({ value })
    expect(container.querySelector('[role="note"]')?.textContent).toMatch(
      /can only be read here.*text outside of any paragraph/,
    )
    expect(container.querySelector('[role="toolbar"]')).toBeNull()
    const surface = container.querySelector('[role="textbox"]')
    expect(surface?.getAttribute('contenteditable')).toBe('false')
    expect(surface?.getAttribute('aria-readonly')).toBe('true')

    await run(() => editor.view.dispatch(editor.state.tr.insertText('sneaky', 1)))
    await run(() => handle.current?.flush())
    expect(changes).toHaveLength(0)
    expect(await documentOf(handle)).toEqual(value)
  })

  it('never hands out an empty document in place of one it could not read', async () => {
    const { container, handle } = await setup({ value: '{"type":"doc","content":[' })
    expect(container.querySelector('[role="note"]')?.textContent).toMatch(/not valid JSON/)
    expect(handle.current?.getReadOnlyReason()).toMatch(/not valid JSON/)
    expect(() => handle.current?.getDocument()).toThrow(/not valid JSON/)
  })

  it('keeps unknown content as a placeholder the user can see', async () => {
    const { container, handle } = await setup({ value: corpusDocument('17-unknown-block-nodes.json') })
    expect(container.querySelector('[role="note"]')).toBeNull()
    expect(container.querySelectorAll('.ot-unsupported--block')).toHaveLength(4)
    expect(await documentOf(handle)).toEqual(corpusDocument('17-unknown-block-nodes.json'))
  })

  it('honours readOnly without a reason to show', async () => {
    const { container } = await setup({ readOnly: true })
    expect(container.querySelector('[role="toolbar"]')).toBeNull()
    expect(container.querySelector('[role="note"]')).toBeNull()
    expect(container.querySelector('[role="textbox"]')?.getAttribute('contenteditable')).toBe('false')
  })

  it('shows the placeholder on an empty document', async () => {
    const { container } = await setup({ value: null, placeholder: 'Describe the project…' })
    const surface = container.querySelector('[role="textbox"]')
    expect(surface?.getAttribute('aria-placeholder')).toBe('Describe the project…')
    expect(surface?.querySelector('p.ot-is-empty')?.getAttribute('data-placeholder')).toBe(
      'Describe the project…',
    )
  })
})

describe('RichTextEditor: a 1 MB document', () => {
  it('loads, takes an edit and reports it without touching anything else', async () => {
    const original = corpusDocument('large-1mb.json')
    const { editor, handle } = await setup({ value: original })
    await run(() =>
      editor
        .chain()
        .setTextSelection(editor.state.doc.content.size - 1)
        .insertContent(' The end.')
        .run(),
    )
    const doc = (await documentOf(handle)) as JsonObject
    const blocks = doc.content as JsonObject[]
    const originalBlocks = original.content as JsonObject[]
    expect(blocks).toHaveLength(originalBlocks.length)
    expect(blocks.slice(0, -1)).toEqual(originalBlocks.slice(0, -1))
    expect(JSON.stringify(blocks.at(-1))).toContain('The end.')
  }, 60_000) // A megabyte through jsdom's DOM takes seconds, and longer on a busy machine.
})
