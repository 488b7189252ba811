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
  event.preventDefault()
  const { from, to } = view.state.selection
  const insert = () => view.state.tr.insertText(text, from, to).scrollIntoView()
  if (!view.someProp('handleTextInput', (handle) => handle(view, from, to, text, insert))) {
    view.dispatch(insert())
  }
  return true
}
