import { Editor } from '@tiptap/core'
import { createEditorExtensions, type EditorExtensionOptions } from '../editor-extensions'
import { chunkedDocument } from '../extensions/document-chunks'
import { replaceDocument } from '../editor-session'
import { installLayoutStandIns } from './jsdom-layout'

/**
 * A real TipTap editor with this module's extensions, mounted in the jsdom document, loaded with
 * `content` exactly as RichTextEditor loads it. Destroy it after the test.
 */
export function createTestEditor(content: unknown, options: EditorExtensionOptions = {}): Editor {
  installLayoutStandIns()
  const element = document.createElement('div')
  document.body.append(element)
  const editor = new Editor({
    element,
    extensions: createEditorExtensions(options),
    content: content as Editor['options']['content'],
    injectCSS: false,
    enableContentCheck: false,
  })
  // A long document comes in chunks, as the editor session loads it.
  const chunked = chunkedDocument(editor.state.doc)
  if (chunked !== editor.state.doc) replaceDocument(editor, chunked)
  return editor
}

export function destroyTestEditor(editor: Editor): void {
  const element = editor.options.element
  editor.destroy()
  if (element instanceof HTMLElement) element.remove()
}
