import { Editor, type JSONContent } from '@tiptap/core'
import { createEditorExtensions, type EditorExtensionOptions } from '../editor-extensions'
import { chunkedForEditor } from '../extensions/document-chunks'
import { installLayoutStandIns } from './jsdom-layout'

/**
 * A real TipTap editor with this module's extensions, mounted in the jsdom document, loaded with
 * `content` exactly as RichTextEditor loads it. Destroy it after the test.
 */
export function createTestEditor(content: unknown, options: EditorExtensionOptions = {}): Editor {
  installLayoutStandIns()
  const element = document.createElement('div')
  document.body.append(element)
  return new Editor({
    element,
    extensions: createEditorExtensions(options),
    content: (isDocJson(content) ? chunkedForEditor(content) : content) as Editor['options']['content'],
    injectCSS: false,
    enableContentCheck: false,
  })
}

const isDocJson = (value: unknown): value is JSONContent =>
  typeof value === 'object' && value !== null && (value as JSONContent).type === 'doc'

export function destroyTestEditor(editor: Editor): void {
  const element = editor.options.element
  editor.destroy()
  if (element instanceof HTMLElement) element.remove()
}
