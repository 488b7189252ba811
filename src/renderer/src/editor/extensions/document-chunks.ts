import {
  commands as coreCommands,
  type Command as TipTapCommand,
  type Editor,
  Extension,
  getTextBetween,
  getTextSerializersFromSchema,
  Node,
  type TextSerializer,
} from '@tiptap/core'
import { Fragment, NodeRange, type Node as PMNode, type NodeType } from '@tiptap/pm/model'
import type { EditorView } from '@tiptap/pm/view'
import { isHistoryTransaction, redo, undo } from '@tiptap/pm/history'
import {
  AllSelection,
  Plugin,
  PluginKey,
  type Command,
  type EditorState,
  type Selection,
  type Transaction,
} from '@tiptap/pm/state'
import { DOCUMENT_CHUNK } from '../operately-types'

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
/** A chunk grown past this (joins around the selection, pastes) is cut back into CHUNK_BLOCKS pieces. */
const LONGEST_CHUNK = 3 * CHUNK_BLOCKS

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

const isChunked = (doc: PMNode): boolean => doc.firstChild?.type.name === DOCUMENT_CHUNK

/**
 * A document as the editor loads it: a long one in chunks, anything else as it is. The blocks are the same
 * objects; only the chunk wrappers are new. `doc` must be of the editor's schema.
 */
export function chunkedDocument(doc: PMNode): PMNode {
  const chunk = doc.type.schema.nodes[DOCUMENT_CHUNK]
  if (!chunk || doc.childCount <= CHUNK_BLOCKS || isChunked(doc)) return doc
  const blocks: PMNode[] = []
  doc.forEach((block) => blocks.push(block))
  const chunks: PMNode[] = []
  for (let start = 0; start < blocks.length; start += CHUNK_BLOCKS) {
    chunks.push(chunk.create(null, Fragment.fromArray(blocks.slice(start, start + CHUNK_BLOCKS))))
  }
  return doc.type.create(doc.attrs, Fragment.fromArray(chunks), doc.marks)
}

const flatViews = new WeakMap<PMNode, PMNode>()

/**
 * The editor's document with its blocks as one list (the same block objects, so everything remembered
 * per block still applies); an unchunked document is returned as it is. Made once per document state.
 */
export function flatDocument(doc: PMNode): PMNode {
  if (!isChunked(doc)) return doc
  let flat = flatViews.get(doc)
  if (!flat) {
    const blocks: PMNode[] = []
    doc.forEach((chunk) => chunk.forEach((block) => blocks.push(block)))
    flat = doc.type.create(doc.attrs, Fragment.fromArray(blocks), doc.marks)
    flatViews.set(doc, flat)
  }
  return flat
}

/**
 * `pos`, or where it stands among the blocks when it lies between two chunks (or before the first, after
 * the last): there only chunks may stand, and a block put there would come in a chunk of its own.
 */
export function amongBlocks(doc: PMNode, pos: number): number {
  if (!isChunked(doc) || doc.resolve(pos).depth > 0) return pos
  return pos === 0 ? 1 : pos - 1
}

/** flatDocument for the editor's JSON (TipTap getJSON): chunks replaced by their blocks. */
export function flattenChunks(content: readonly unknown[]): unknown[] {
  const isChunk = (node: unknown): node is { content?: unknown[] } =>
    typeof node === 'object' && node !== null && (node as { type?: unknown }).type === DOCUMENT_CHUNK
  if (!content.some(isChunk)) return content as unknown[]
  return content.flatMap((node) => (isChunk(node) ? (node.content ?? []) : [node]))
}

/**
 * The range to delete to remove the top-level block at [from, to] wherever the selection is: the block,
 * or its whole chunk when it is the chunk's only block. A chunk holds at least one block, so deleting its
 * last one alone would leave an empty paragraph in its place, which the same document without chunks
 * does not get.
 */
export function blockRemovalRange(doc: PMNode, from: number, to: number): { from: number; to: number } {
  const $from = doc.resolve(from)
  if (!isChunked(doc) || $from.depth !== 1 || $from.parent.childCount > 1 || doc.childCount === 1) {
    return { from, to }
  }
  return { from: $from.before(1), to: $from.after(1) }
}

/** Start positions of the document's chunks, and the end of the last one. */
function chunkStarts(doc: PMNode): number[] {
  const starts: number[] = []
  doc.forEach((_chunk, offset) => starts.push(offset))
  starts.push(doc.content.size)
  return starts
}

/**
 * The chunks [first, last] that must be one for the selection: those it touches, plus the one before
 * when it starts in its chunk's first block, and the one after when it ends in its chunk's last block.
 */
function chunksAroundSelection(doc: PMNode, selection: Selection): [number, number] {
  const lastChunk = doc.childCount - 1
  const $from = doc.resolve(selection.from)
  const $to = doc.resolve(selection.to)
  // Between chunks (depth 0) the selection touches both neighbours.
  const first = $from.depth === 0 || $from.index(1) === 0 ? $from.index(0) - 1 : $from.index(0)
  const last =
    $to.depth === 0
      ? $to.index(0)
      : $to.index(1) >= $to.node(1).childCount - 1
        ? $to.index(0) + 1
        : $to.index(0)
  return [Math.max(0, first), Math.min(lastChunk, last)]
}

function joinAroundSelection(tr: Transaction): void {
  const [first, last] = chunksAroundSelection(tr.doc, tr.selection)
  if (first >= last) return
  const starts = chunkStarts(tr.doc)
  // Right to left, so the positions still to join stay where they were.
  for (let index = last; index > first; index--) tr.join(starts[index]!)
}

/** The blocks of the chunk at `start` that the selection covers, as [first, last] indexes, or null. */
function selectedBlocks(chunk: PMNode, start: number, tr: Transaction): [number, number] | null {
  const end = start + chunk.nodeSize
  const { from, to } = tr.selection
  if (to < start || from > end) return null
  const first = from <= start + 1 ? 0 : tr.doc.resolve(from).index(1)
  const last =
    to >= end - 1 ? chunk.childCount - 1 : Math.min(tr.doc.resolve(to).index(1), chunk.childCount - 1)
  return [first, last]
}

function cutLongChunks(tr: Transaction): void {
  const starts = chunkStarts(tr.doc)
  // Right to left, so the chunks still to cut stay where they were.
  for (let index = tr.doc.childCount - 1; index >= 0; index--) {
    const chunk = tr.doc.child(index)
    if (chunk.childCount <= LONGEST_CHUNK) continue
    const start = starts[index]!
    const selected = selectedBlocks(chunk, start, tr)
    // Block positions in the chunk before any cut.
    const blockStarts: number[] = []
    chunk.forEach((_block, offset) => blockStarts.push(start + 1 + offset))
    for (
      let cut = Math.floor((chunk.childCount - 1) / CHUNK_BLOCKS) * CHUNK_BLOCKS;
      cut > 0;
      cut -= CHUNK_BLOCKS
    ) {
      // Never next to the selection: the block on each side of it stays in its chunk.
      if (selected && cut >= selected[0] && cut <= selected[1] + 1) continue
      tr.split(blockStarts[cut]!, 1)
    }
  }
}

/**
 * Everything selected (select all) stays in its chunks while it is only selected, copied or clicked away
 * from: taking them away redraws all of a megabyte (Ctrl+A took 0.8 s in the bench's document instead of
 * 0.4). Any other key, a paste and the wrapping commands (wrappingEverything) get the document's blocks as
 * without chunks (even the arrows: ProseMirror moves from everything selected by the document's own
 * children): the chunks are taken away first (DocumentChunkKeys), and the keeper puts the blocks back in
 * chunks once something else is selected.
 */
function unchunk(tr: Transaction): void {
  const starts = chunkStarts(tr.doc)
  for (let index = tr.doc.childCount - 1; index > 0; index--) tr.join(starts[index]!)
  tr.lift(new NodeRange(tr.doc.resolve(1), tr.doc.resolve(tr.doc.content.size - 1), 1), 0)
  tr.setMeta(keeperKey, true)
}

function rechunk(tr: Transaction, chunk: NodeType): void {
  tr.wrap(new NodeRange(tr.doc.resolve(0), tr.doc.resolve(tr.doc.content.size), 0), [{ type: chunk }])
  cutLongChunks(tr)
}

const keeperKey = new PluginKey<boolean>('documentChunkKeeper')

/** The keeper's steps for this state (see DocumentChunkKeeper), or null when the chunks are as they must be. */
function keepChunks(state: EditorState): Transaction | null {
  const chunk: NodeType | undefined = state.schema.nodes[DOCUMENT_CHUNK]
  if (!chunk || state.selection instanceof AllSelection) return null
  const tr = state.tr
  if (state.doc.firstChild?.type === chunk) {
    joinAroundSelection(tr)
    cutLongChunks(tr)
  } else if (keeperKey.getState(state)) {
    tr.setMeta(keeperKey, false)
    if (state.doc.childCount > CHUNK_BLOCKS) rechunk(tr, chunk)
  }
  if (!tr.docChanged && tr.getMeta(keeperKey) === undefined) return null
  // Steps on the chunks alone: nothing to undo, and formatting set for the next letter stays set.
  if (state.storedMarks) tr.setStoredMarks(state.storedMarks)
  return tr.setMeta('addToHistory', false)
}

/**
 * The chunks taken away, as a transaction of its own outside the history, while everything is selected and
 * something is about to change it; null when there is nothing to do.
 */
function unchunkedForEverything(state: EditorState): Transaction | null {
  if (!(state.selection instanceof AllSelection) || !isChunked(state.doc)) return null
  const tr = state.tr
  unchunk(tr)
  return tr.setMeta('addToHistory', false)
}

/** Keys that change nothing with everything selected: modifiers alone, select all again, copy. */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock'])
const leavesDocumentAlone = (event: KeyboardEvent): boolean =>
  MODIFIERS.has(event.key) ||
  ((event.ctrlKey || event.metaKey) && ['a', 'c'].includes(event.key.toLowerCase()))

/**
 * Before any key but a modifier, select all or copy, and before a paste, with everything selected, the
 * chunks go (see unchunk): ahead of every keymap, so Enter, Backspace, typing, the arrows and the shortcuts
 * all see the document's blocks as without chunks.
 */
export const DocumentChunkKeys = Extension.create({
  name: 'documentChunkKeys',
  priority: 1000,

  addProseMirrorPlugins() {
    const takeAway = (view: EditorView) => {
      const tr = unchunkedForEverything(view.state)
      if (tr && view.editable) view.dispatch(tr)
      return false
    }
    return [
      new Plugin({
        props: {
          handleKeyDown: (view, event) => (leavesDocumentAlone(event) ? false : takeAway(view)),
          handlePaste: (view) => takeAway(view),
          handleDOMEvents: { beforeinput: (view) => takeAway(view) },
        },
      }),
    ]
  },
})

/**
 * A wrapping command (a quote, a list) that, given everything, wraps the document's blocks as without
 * chunks: the chunks are taken away first, in the same transaction (one undo step takes both back).
 */
const wrappingEverything =
  <Args extends unknown[]>(command: (...args: Args) => TipTapCommand) =>
  (...args: Args): TipTapCommand =>
  (props) => {
    if (props.tr.selection instanceof AllSelection && isChunked(props.tr.doc)) {
      unchunk(props.tr)
      // TipTap's chained state shows the transaction's document and selection from when its `tr` was
      // last read: read it, so the command sees the blocks without chunks.
      void props.state.tr
    }
    return command(...args)(props)
  }

/** Set on the keeper's own join of every chunk before an undo or redo: left as it is until that is done. */
const JOINED_FOR_HISTORY = 'documentChunksJoinedForHistory'

function joinAll(tr: Transaction): Transaction {
  const starts = chunkStarts(tr.doc)
  for (let index = tr.doc.childCount - 1; index > 0; index--) tr.join(starts[index]!)
  return tr.setMeta('addToHistory', false).setMeta(JOINED_FOR_HISTORY, true)
}

/** The steps an undo (redo) would make from `state`, without making them. */
function historySteps(state: EditorState, command: Command): number {
  let steps = 0
  command(state, (tr) => {
    steps = tr.steps.length
  })
  return steps
}

/**
 * Undo or redo, as without chunks. The history keeps steps made when the blocks stood in other chunks
 * (a quote taken off a hundred blocks, which a cut has since spread over three chunks): such a step cannot
 * be made across chunks, and the history drops it without a word. So when the chunks as they are would
 * cost the undo a step (tried first on the document as it is and with every chunk joined, neither
 * applied), every chunk is joined first; the keeper cuts them again after.
 */
function historyAcrossChunks(editor: Editor, command: Command): boolean {
  const { view } = editor
  const { state } = view
  if (!isChunked(state.doc) || state.doc.childCount === 1) return command(state, view.dispatch)
  const joined = state.apply(joinAll(state.tr))
  if (historySteps(joined, command) <= historySteps(state, command)) return command(state, view.dispatch)
  view.dispatch(joinAll(state.tr))
  return command(view.state, view.dispatch)
}

/** An undo or redo, or a transaction appended to one. */
const fromHistory = (tr: Transaction): boolean =>
  isHistoryTransaction(tr) ||
  isHistoryTransaction((tr.getMeta('appendedTransaction') as Transaction | undefined) ?? tr)

/**
 * Keeps the chunks out of every command's way (see the top of this file): after each transaction that
 * moved the selection or changed the document, joins the chunks around the selection and cuts long ones,
 * and puts the blocks back in chunks after a wrap of everything took them away (its state: whether it did).
 *
 * After an undo or redo, and when a read-only editor becomes editable, the keeper's steps come in a
 * transaction of their own, dispatched from the plugin's view. After an undo that is not just tidier: the
 * history takes steps appended to an undo as part of what redo must bring back and does not map the undo
 * steps still to come over them, so the next undo would land where the blocks were before the keeper
 * joined or cut the chunks.
 */
export const DocumentChunkKeeper = Extension.create({
  name: 'documentChunkKeeper',

  addCommands() {
    // Overrides the history's own commands (the extension comes later); its keys call these.
    const run =
      (command: Command) =>
      () =>
      ({ editor, tr, dispatch }: { editor: Editor; tr: Transaction; dispatch?: unknown }) => {
        if (!dispatch) return command(editor.state)
        // This command dispatches its own transactions; TipTap's, made before them, must not follow.
        tr.setMeta('preventDispatch', true)
        return historyAcrossChunks(editor, command)
      }
    return {
      undo: run(undo),
      redo: run(redo),
      toggleList: wrappingEverything(coreCommands.toggleList),
      toggleWrap: wrappingEverything(coreCommands.toggleWrap),
      wrapIn: wrappingEverything(coreCommands.wrapIn),
      wrapInList: wrappingEverything(coreCommands.wrapInList),
    }
  },

  addProseMirrorPlugins() {
    let afterHistory = false
    return [
      new Plugin<boolean>({
        key: keeperKey,
        state: {
          init: () => false,
          apply: (tr, unchunked) => (tr.getMeta(keeperKey) as boolean | undefined) ?? unchunked,
        },
        appendTransaction: (transactions, _before, state) => {
          if (!transactions.some((tr) => tr.docChanged || tr.selectionSet)) return null
          if (transactions.some((tr) => tr.getMeta(JOINED_FOR_HISTORY) === true)) return null
          if (transactions.some(fromHistory)) {
            afterHistory = true
            return null
          }
          return keepChunks(state)
        },
        view: (created) => {
          // While the editor is read-only the keeper's steps are refused (ReadOnlyGuard), so a caret
          // placed then may sit at a boundary: made editable again, the chunks are put right at once.
          let wasEditable = created.editable
          return {
            update: (view) => {
              const becameEditable = view.editable && !wasEditable
              wasEditable = view.editable
              if (!afterHistory && !becameEditable) return
              afterHistory = false
              const tr = keepChunks(view.state)
              if (tr && view.editable) view.dispatch(tr)
            },
          }
        },
      }),
    ]
  },
})
