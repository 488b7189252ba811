import { Mark, Node, type MarkViewRendererProps } from '@tiptap/core'
import { Blockquote } from '@tiptap/extension-blockquote'
import { ListItem } from '@tiptap/extension-list'
import type { MarkView } from '@tiptap/pm/view'
import { DOCUMENT_CHUNK } from '../../operately-types'
import { chunkSelection } from './chunk-selection'

/*
 * Long documents are drawn in chunks of blocks.
 *
 * Why: at every key the browser does work for each top-level element of the editing surface: it lays the
 * surface out, paints it, and syncs the selection for input methods over the text before the caret. A
 * 1 MB description has about 5,000 top-level blocks. Drawn in chunks of 40 blocks, each chunk skipped
 * whole while it is off screen (content-visibility), a key touches about 125 elements instead: a fifth
 * of stock TipTap's work per key on the bench's 1 MB document.
 *
 * How: a chunk is a mark on top-level blocks, so ProseMirror draws each run of blocks carrying the same
 * chunk inside one element (as it draws a run of bold text inside one <strong>). The document stays a
 * flat list of blocks: every position, command, selection and undo step is the one it would be without
 * chunks; only the drawing differs. The keeper (chunk-keeper.ts) gives new blocks a chunk and keeps
 * chunks short; the copy leaves the editor without them, and the readers (restoreFromEditor) drop them.
 */

/** Blocks per chunk when a document is loaded or a long chunk is cut. */
export const CHUNK_BLOCKS = 40

/** The document node: a list of blocks, each of which may carry its chunk. */
export const ChunkedDocument = Node.create({
  name: 'doc',
  topNode: true,
  content: 'block+',
  marks: DOCUMENT_CHUNK,
})

/**
 * A chunk's element. The drawing (chunk-drawing.ts) switches a class on it to lay a chunk out while it is
 * off screen, and so does the selection (chunk-selection.ts); ProseMirror must not take that for an edit
 * of the document.
 */
const chunkView = ({ mark, view }: MarkViewRendererProps): MarkView => {
  const dom = document.createElement('div')
  dom.className = 'ot-chunk'
  const selection = chunkSelection(view)
  selection.drawn(dom, mark.attrs.id as number, view.state)
  return {
    dom,
    ignoreMutation: (record) => record.type === 'attributes' && record.target === dom,
    destroy: () => selection.drawn(dom, null, view.state),
  }
}

/**
 * The chunk a top-level block belongs to. `id` only tells neighbouring chunks apart (ProseMirror draws
 * adjacent blocks with equal marks in one element). No parse rule: pasted markup never makes one. Its
 * view comes with the mark (addMarkView): one given by a plugin would make ProseMirror draw the whole
 * document again when TipTap adds the plugins.
 */
export const DocumentChunk = Mark.create({
  name: DOCUMENT_CHUNK,
  inclusive: false,
  addAttributes: () => ({ id: { default: 0, rendered: false } }),
  parseHTML: () => [],
  renderHTML: () => ['div', { class: 'ot-chunk' }, 0],
  addMarkView: () => chunkView,
})

/*
 * A command that moves top-level blocks into a list item or a quote (wrapping them, Backspace at the
 * start of a paragraph after a list) moves them with their chunk for a moment, until the keeper takes it
 * off. Without room for the mark there, ProseMirror would refuse the step, and the command would do
 * nothing where stock TipTap wraps or joins.
 */
export const ChunkListItem = ListItem.extend({ marks: DOCUMENT_CHUNK })
export const ChunkBlockquote = Blockquote.extend({ marks: DOCUMENT_CHUNK })
