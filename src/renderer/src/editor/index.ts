// The rich-text editor module: what screens and services outside src/renderer/src/editor may use.
// Styles: import './editor/editor.css' once (e.g. from styles/index.css or main.tsx).

export { RichTextEditor, type RichTextEditorHandle, type RichTextEditorProps } from './RichTextEditor'
export {
  RichTextView,
  renderDocumentHtml,
  UNDISPLAYABLE_MESSAGE,
  type RichTextViewProps,
} from './RichTextView'
export {
  assertSafeToSave,
  EMPTY_EDITOR_DOC,
  prepareForEditor,
  restoreFromEditor,
  roundTripProblem,
  type PreparedDocument,
} from './loss-proof'
export { isSameDocument, normalizeDocument } from './normalize'
export { validateLinkUrl, isAllowedLinkHref, type LinkValidation } from './link-validation'
export { createOperatelyExtensions, operatelySchema, type OperatelySchemaOptions } from './schema'
export { createEditorExtensions } from './editor-extensions'
export type { MentionPerson } from './extensions/mention'
export {
  parseJson,
  stringifyDocument,
  stringifyJson,
  type JsonObject,
  type JsonValue,
  type ServerDoc,
} from './json'
export { HIGHLIGHT_COLOURS, type HighlightColour } from './operately-types'
export { markKeyUsed, wasKeyUsed } from './used-keys'
export { browserIdle } from './idle-work'
