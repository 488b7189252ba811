// @vitest-environment jsdom
// The load check runs after the document is on screen, in idle time: nothing may leave the editor
// before it has given its verdict, and a document that fails it reports nothing.
import type { Editor } from '@tiptap/core'
import { afterEach, describe, expect, it } from 'vitest'
import { EditorSession } from './editor-session'
import type { IdleScheduler } from './idle-work'
import { stringifyJson, type JsonValue, type ServerDoc } from './json'
import { EMPTY_EDITOR_DOC, prepareForEditor, restoreFromEditor, type PreparedDocument } from './loss-proof'
import { DOCUMENT_CHUNK } from './operately-types'
import { createTestEditor, destroyTestEditor } from './test-support/editor'

const paragraph = (text: string): JsonValue => ({ type: 'paragraph', content: [{ type: 'text', text }] })
const doc = (...texts: string[]): ServerDoc => ({ type: 'doc', content: texts.map(paragraph) })

/** Idle callbacks that run only when the test says so. */
function heldIdle() {
  const waiting = new Set<() => void>()
  const idle: IdleScheduler = {
    request: (callback) => {
      const run = () => callback({ timeRemaining: () => 50 })
      waiting.add(run)
      return run
    },
    cancel: (handle) => waiting.delete(handle as () => void),
  }
  return {
    idle,
    runAll() {
      while (waiting.size > 0) {
        for (const run of [...waiting]) {
          waiting.delete(run)
          run()
        }
      }
    },
  }
}

let editor: Editor | null = null
afterEach(() => {
  if (editor) destroyTestEditor(editor)
  editor = null
})

function start(prepared: PreparedDocument) {
  const held = heldIdle()
  const session = new EditorSession({ idle: held.idle })
  const changes: ServerDoc[] = []
  session.setCallbacks({
    onChange: (changed) => changes.push(changed),
    search: () => Promise.resolve([]),
    openLink: () => undefined,
  })
  editor = createTestEditor(prepared.doc)
  session.load(editor, prepared)
  const type = (text: string) => {
    editor!.commands.insertContentAt(1, text)
    session.scheduler.schedule()
  }
  return { session, changes, held, type }
}

describe('EditorSession load check', () => {
  it('checks in idle time and counts the words on the way', () => {
    const { session, held } = start(prepareForEditor(doc('one two', 'three')))
    expect(session.getStatus()).toMatchObject({ loadProblem: null, wordCount: null })
    held.runAll()
    expect(session.getStatus()).toMatchObject({ loadProblem: null, wordCount: 3 })
  })

  it('finishes the check before the first report, and reports a document that passes', () => {
    const { session, changes, type } = start(prepareForEditor(doc('one', 'two')))
    type('x')
    session.scheduler.flush()
    expect(changes).toEqual([doc('xone', 'two')])
    expect(session.getStatus()).toMatchObject({ loadProblem: null, wordCount: 2 })
  })

  it('reports nothing from a document that fails it: the edit stays in the read-only editor', () => {
    // The editor holds something other than what the server holds (what the check exists to catch).
    const prepared = { ...prepareForEditor(doc('one', 'two')), original: doc('one', 'TWO') }
    const { session, changes, type } = start(prepared)
    type('x')
    session.scheduler.flush()
    expect(changes).toEqual([])
    expect(session.getStatus().loadProblem).toMatch(/can only be read here/)
    expect(session.loadProblemNow()).toMatch(/can only be read here/)
  })

  it('gives its verdict at once when asked before the page was idle', () => {
    const prepared = { ...prepareForEditor(doc('one')), original: doc('two') }
    const { session } = start(prepared)
    expect(session.getStatus().loadProblem).toBeNull()
    expect(session.loadProblemNow()).toMatch(/can only be read here/)
  })

  it('stops checking a document the editor no longer shows', () => {
    const { session, held } = start(prepareForEditor(doc('one')))
    session.dispose()
    held.runAll()
    expect(session.getStatus().wordCount).toBeNull()
  })

  it('checks again when loaded after it was stopped (React runs effects twice in StrictMode)', () => {
    // Mounted, cleaned up, mounted again with the same editor and document: the check the clean-up
    // stopped must run again, or a document that fails it would be reported as if it had passed.
    const prepared = { ...prepareForEditor(doc('one', 'two')), original: doc('one', 'TWO') }
    const { session, changes, held, type } = start(prepared)
    session.dispose()
    session.load(editor!, prepared)
    held.runAll()
    expect(session.getStatus().loadProblem).toMatch(/can only be read here/)
    type('x')
    session.scheduler.flush()
    expect(changes).toEqual([])
    // A document that passes is checked (and its words counted) again too, and its edits go out.
    const passing = prepareForEditor(doc('one two'))
    destroyTestEditor(editor!)
    const again = start(passing)
    again.session.dispose()
    again.session.load(editor!, passing)
    again.held.runAll()
    expect(again.session.getStatus()).toMatchObject({ loadProblem: null, wordCount: 2 })
    again.type('x')
    again.session.scheduler.flush()
    expect(again.changes).toEqual([doc('xone two')])
  })
})

describe('EditorSession load', () => {
  // RichTextEditor makes its editor empty and loads the document into it afterwards (session.load).
  const loaded = (source: string) => {
    const held = heldIdle()
    const session = new EditorSession({ idle: held.idle })
    editor ??= createTestEditor(EMPTY_EDITOR_DOC)
    session.load(editor, prepareForEditor(source))
    held.runAll()
    return {
      problem: session.getStatus().loadProblem,
      saved: stringifyJson(restoreFromEditor(editor.getJSON())),
    }
  }
  const blocks = (count: number) =>
    Array.from(
      { length: count },
      (_, index) => `{"type":"paragraph","content":[{"type":"text","text":"b${index}"}]}`,
    )

  it.each([
    ['an empty description', '{"type":"doc","content":[]}'],
    ['a document without content', '{"type":"doc"}'],
    ['keys beside the blocks', `{"type":"doc","content":[${blocks(2).join(',')}],"version":3}`],
    [
      'attributes of the document',
      `{"type":"doc","attrs":{"x":12345678901234567890},"content":[${blocks(1).join(',')}]}`,
    ],
    [
      'a long one (in chunks) with keys beside its blocks',
      `{"type":"doc","content":[${blocks(90).join(',')}],"meta":{"a":[1]}}`,
    ],
  ])('gives exactly what the server holds, editable: %s', (_name, source) => {
    // The editor was made with a document of its own: the loaded one's own attributes (where what it
    // held beside its blocks rides) were left behind, and the check turned such a document read-only.
    expect(loaded(source)).toEqual({ problem: null, saved: source })
  })

  it('gives the same into a read-only editor, a long one in chunks', () => {
    editor = createTestEditor(EMPTY_EDITOR_DOC)
    editor.setEditable(false, false)
    const source = `{"type":"doc","content":[${blocks(90).join(',')}],"version":3}`
    expect(loaded(source)).toEqual({ problem: null, saved: source })
    expect(editor.state.doc.firstChild?.marks.map((mark) => mark.type.name)).toEqual([DOCUMENT_CHUNK])
  })

  it('leaves nothing of the document loaded before in the next one', () => {
    expect(loaded('{"type":"doc","version":3,"content":[]}').problem).toBeNull()
    const next = `{"type":"doc","content":[${blocks(1).join(',')}]}`
    expect(loaded(next)).toEqual({ problem: null, saved: next })
  })
})
