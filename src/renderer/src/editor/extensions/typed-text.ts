import { Extension } from '@tiptap/core'
import { Plugin, PluginKey } from '@tiptap/pm/state'
import type { EditorView } from '@tiptap/pm/view'

/**
 * Typed text goes into the document first and onto the page from there, never the other way round.
 *
 * Left to itself, Chromium writes a typed character into the page, and ProseMirror reads it back from
 * its mutation observer a moment later. Anything that redraws the editor in between (a transaction
 * dispatched right after focusing by a click or Tab, a decoration changing as an empty paragraph gets its
 * first letter) makes ProseMirror set the change aside and read it 20 ms later, after it has put the
 * caret back where its state says: in front of the letter. The first key typed at once after a click
 * then ends up after everything typed next ("isk full probe.D").
 *
 * So a plain insertion (a key, an emoji picked from a panel, dictation: `beforeinput` insertText outside
 * a composition) is made as a transaction, the way ProseMirror makes it once it has read the page:
 * through the handleTextInput props first (input rules, the mention menu, the unknown-content guard),
 * then as insertText with the marks the caret carries. An input method's composition, a spelling fix
 * (insertReplacementText) and every other kind of input stay with the browser.
 */
export const TypedText = Extension.create({
  name: 'typedText',

  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('typedText'),
        props: {
          handleDOMEvents: {
            // Before ProseMirror's own handling of the key (a keymap, or its keypress handler, which
            // itself replaces a selection across blocks with the character).
            keydown: (view, event) => {
              if (!event.isComposing && !view.composing) readPageSelection(view)
              return false
            },
            beforeinput: (view, event) => insertTyped(view, event as InputEvent),
          },
        },
      }),
    ]
  },
})

function insertTyped(view: EditorView, event: InputEvent): boolean {
  const text = event.data
  if (event.inputType !== 'insertText' || event.isComposing || view.composing || !text) return false
  if (!view.editable || /[\r\n]/.test(text)) return false
  readPageSelection(view)
  if (!selectionReadFromPage(view)) return false
  event.preventDefault()
  const { from, to } = view.state.selection
  const insert = () => view.state.tr.insertText(text, from, to).scrollIntoView()
  if (!view.someProp('handleTextInput', (handle) => handle(view, from, to, text, insert))) {
    view.dispatch(insert())
  }
  return true
}

/** ProseMirror's reader of the page (DOMObserver): not in its typings, stable since its first version. */
interface PageReader {
  domObserver: { flush(): void }
}

/**
 * Reads a selection change ProseMirror has not been told of yet, as its selectionchange handler would.
 * A click moves the page's caret at once, but Chromium reports the change a task later, and a key
 * pressed at once after the click may come first: ProseMirror would then apply it at the caret it had
 * before. With a selection across blocks before the click (a click inside it only collapses it when the
 * button goes up), its keypress handler replaced those blocks with the letter (the differential random
 * session, seed 5005). Reading nothing new is a no-op.
 */
function readPageSelection(view: EditorView): void {
  ;(view as unknown as PageReader).domObserver.flush()
}

/**
 * Whether ProseMirror's selection is the one on the page, once read. When it is not (ProseMirror set the
 * page's selection aside: a drag under way, a selection it does not read), the browser puts the text
 * where the person sees the caret, and ProseMirror reads the two together, as it always has.
 */
function selectionReadFromPage(view: EditorView): boolean {
  const page = view.dom.ownerDocument.getSelection()
  if (!page?.anchorNode || !page.focusNode) return false
  try {
    const anchor = view.posAtDOM(page.anchorNode, page.anchorOffset)
    const head = view.posAtDOM(page.focusNode, page.focusOffset)
    const { selection } = view.state
    return anchor === selection.anchor && head === selection.head
  } catch {
    // A point ProseMirror cannot place (outside the editor's content): the browser decides.
    return false
  }
}
