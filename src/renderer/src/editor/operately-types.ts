// The node and mark types Operately's own editor produces (operately-api.md §5), and the names of the
// extra types this editor uses internally to carry everything else through TipTap untouched.

export const OPERATELY_NODE_TYPES = [
  'doc',
  'paragraph',
  'text',
  'heading',
  'blockquote',
  'bulletList',
  'orderedList',
  'listItem',
  'codeBlock',
  'hardBreak',
  'horizontalRule',
  'mention',
  'blob',
] as const

/** In Operately's schema order: TipTap writes a text's marks in this order, so documents carry it. */
export const OPERATELY_MARK_TYPES = [
  'link',
  'bold',
  'code',
  'italic',
  'strike',
  'underline',
  'highlight',
] as const

export type OperatelyNodeType = (typeof OPERATELY_NODE_TYPES)[number]
export type OperatelyMarkType = (typeof OPERATELY_MARK_TYPES)[number]

const nodeTypeSet: ReadonlySet<string> = new Set(OPERATELY_NODE_TYPES)
const markTypeSet: ReadonlySet<string> = new Set(OPERATELY_MARK_TYPES)

export function isOperatelyNodeType(type: string): type is OperatelyNodeType {
  return nodeTypeSet.has(type)
}

export function isOperatelyMarkType(type: string): type is OperatelyMarkType {
  return markTypeSet.has(type)
}

export const HIGHLIGHT_COLOURS = [
  'textYellow',
  'textOrange',
  'textRed',
  'textPurple',
  'textBlue',
  'textGreen',
  'bgYellow',
  'bgOrange',
  'bgRed',
  'bgPurple',
  'bgBlue',
  'bgGreen',
  'bgGray',
] as const

export type HighlightColour = (typeof HIGHLIGHT_COLOURS)[number]

export function isHighlightColour(value: unknown): value is HighlightColour {
  return typeof value === 'string' && (HIGHLIGHT_COLOURS as readonly string[]).includes(value)
}

// Internal types. A server document that happens to use one of these names is treated as unknown
// content (see loss-proof.ts), so the names can never be confused with real data.
export const UNKNOWN_BLOCK = 'unknownBlock'
export const UNKNOWN_INLINE = 'unknownInline'
export const UNKNOWN_MARK = 'unknownMark'
export const PRESERVED_TEXT_FIELDS = 'preservedTextFields'
/** A run of blocks in a long document, drawn as one element (extensions/document-chunks/). */
export const DOCUMENT_CHUNK = 'documentChunk'
/** The attribute on every known node and mark that carries what the schema itself cannot hold. */
export const PRESERVED_ATTR = 'operatelyTrayPreserved'
