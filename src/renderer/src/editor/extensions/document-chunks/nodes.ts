import { getTextBetween, getTextSerializersFromSchema, Node, type TextSerializer } from '@tiptap/core'
import { DOCUMENT_CHUNK } from '../../operately-types'

/*
 * Long documents are drawn in chunks of blocks.
 *
 * Why: at every key the browser does work for each top-level element of the editing surface: it lays the
 * surface out again, syncs the selection for input methods, paints, and (with content-visibility) checks
 * which elements are near the viewport. A 1 MB description has about 5,000 top-level blocks. Grouped into
 * chunks of 40 blocks, each chunk skipped whole while it is off screen, a key touches about 125 elements
 * instead. Measured on the bench's 1 MB document: a fifth of the main-thread work per key, and an open
 * that lays out only the chunks on screen.
 *
 * A chunk is the editor's own: a server document never holds one (prepareForEditor never makes one, and a
 * server's node of that name would be unknown content), and nothing leaves the editor with one in it:
 * flatDocument and flattenChunks give every reader the blocks as one list, the same block objects.
 *
 * Editing must behave exactly as in an unchunked document. ProseMirror's commands work inside one parent:
 * Backspace at the start of a chunk's first block would join the two chunks (nothing visible) instead of
 * the two paragraphs, and a list could not be made from blocks in two chunks. So the keeper below joins
 * chunks before any command can see a boundary: the selection, and the block on each side of it, always
 * sit in one chunk. Chunks grown too long that way are cut back where the selection is not. Both are steps
 * of their own, outside the undo history, which maps over them like over any other step.
 */

/** Blocks per chunk when a document is loaded or a long chunk is cut. */
export const CHUNK_BLOCKS = 40

/** The document node: its blocks, or (a long document in the editor) its blocks in chunks. */
export const ChunkedDocument = Node.create({
  name: 'doc',
  topNode: true,
  content: `block+ | ${DOCUMENT_CHUNK}+`,
})

/**
 * A run of blocks drawn as one element. No parse rule: pasted markup never makes one. Isolating, as the
 * document's own edges are: commands that look for something to join above the caret's block (TipTap's
 * list Delete and Backspace) would otherwise join two chunks and with them two blocks far from the caret.
 */
export const DocumentChunk = Node.create({
  name: DOCUMENT_CHUNK,
  content: 'block+',
  isolating: true,
  selectable: false,
  draggable: false,
  renderHTML: () => ['div', { class: 'ot-chunk' }, 0],
  renderText: (props) => chunkText(props as Parameters<TextSerializer>[0]),
})

/**
 * A chunk's share of the editor's text (a copy's text/plain, getText): its blocks' text as they read
 * outside a chunk. TipTap's text walk puts a separator before every block that starts after the copied
 * range does, and a chunk is a block: left to it, a whole-document copy would start with an empty line
 * (pasted as plain text, an empty paragraph) that the same copy without chunks does not have.
 */
function chunkText({ node, pos, range }: Parameters<TextSerializer>[0]): string {
  const contentStart = pos + 1
  return getTextBetween(
    node,
    {
      from: Math.max(0, range.from - contentStart),
      to: Math.min(node.content.size, range.to - contentStart),
    },
    { textSerializers: getTextSerializersFromSchema(node.type.schema) },
  )
}
