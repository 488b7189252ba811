import { Editor } from '@tiptap/core'
import { createEditorExtensions, type EditorExtensionOptions } from '../editor-extensions'
import { chunkedDocument } from '../extensions/document-chunks'
import { replaceDocument } from '../editor-session'
import { installLayoutStandIns } from './jsdom-layout'

/**
 * A real TipTap editor with this module's extensions, mounted in the jsdom document, loaded with
 * `content` exactly as RichTextEditor loads it (a long document in chunks). Destroy it after the test.
 */
export function createTestEditor(content: unknown, options: EditorExtensionOptions = {}): Editor {
  const editor = mountEditor(content, options)
  const chunked = chunkedDocument(editor.state.doc, options.chunkBlocks)
  if (chunked !== editor.state.doc) replaceDocument(editor, chunked)
  return editor
}

/**
 * createTestEditor never drawing `content` in chunks, however long it is or grows: the chunks'
 * differential tests compare with it.
 */
export function createUnchunkedTestEditor(content: unknown, options: EditorExtensionOptions = {}): Editor {
  return mountEditor(content, { ...options, chunkBlocks: Number.POSITIVE_INFINITY })
}

function mountEditor(content: unknown, options: EditorExtensionOptions): Editor {
  installLayoutStandIns()
  const element = document.createElement('div')
  document.body.append(element)
  return new Editor({
    element,
    extensions: createEditorExtensions(options),
    content: content as Editor['options']['content'],
    injectCSS: false,
    enableContentCheck: false,
  })
}

export function destroyTestEditor(editor: Editor): void {
  const element = editor.options.element
  editor.destroy()
  if (element instanceof HTMLElement) element.remove()
}
