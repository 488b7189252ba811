import { commands as coreCommands, type Command as TipTapCommand, type Editor, Extension } from '@tiptap/core'
import { NodeRange, type Node as PMNode, type NodeType } from '@tiptap/pm/model'
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
import type { EditorView } from '@tiptap/pm/view'
import { DOCUMENT_CHUNK } from '../../operately-types'
import { chunkStarts, isChunked } from './chunk-tree'
import { CHUNK_BLOCKS } from './nodes'

// Keeps a long document's chunks out of every command's way: see the top of nodes.ts.

/** A chunk grown past this (joins around the selection, pastes) is cut back into CHUNK_BLOCKS pieces. */
const LONGEST_CHUNK = 3 * CHUNK_BLOCKS

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
 * 0.4). Any other key, a paste and the wrapping commands (withoutChunksWhen) get the document's blocks as
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
  } else if (keeperKey.getState(state) && state.doc.childCount > CHUNK_BLOCKS) {
    // Only once they are back: everything typed over and then undone is long again.
    tr.setMeta(keeperKey, false)
    rechunk(tr, chunk)
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

  addKeyboardShortcuts() {
    return {
      // TipTap's code block turns back into a paragraph on Backspace at the document's start, which it
      // takes to be position 1: in a chunked document that is the first chunk's start, and the caret at
      // the start of a first code block stands at 2, where Backspace did nothing.
      Backspace: ({ editor }) => {
        const { selection, doc } = editor.state
        const atDocumentStart = selection.empty && isChunked(doc) && selection.$anchor.pos === 2
        if (!atDocumentStart || selection.$anchor.parent.type.name !== 'codeBlock') return false
        return editor.commands.clearNodes()
      },
    }
  },

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
 * A wrapping command (a quote, a list) that gets the document's blocks as without chunks when it needs
 * them (`needs`): the chunks are taken away first, in the same transaction (one undo step takes both back),
 * and the keeper puts the blocks back in chunks afterwards.
 */
const withoutChunksWhen =
  (needs: (tr: Transaction) => boolean) =>
  <Args extends unknown[]>(command: (...args: Args) => TipTapCommand) =>
  (...args: Args): TipTapCommand =>
  (props) => {
    if (isChunked(props.tr.doc) && needs(props.tr)) {
      unchunk(props.tr)
      // TipTap's chained state shows the transaction's document and selection from when its `tr` was
      // last read: read it, so the command sees the blocks without chunks.
      void props.state.tr
    }
    return command(...args)(props)
  }

const everythingSelected = (tr: Transaction): boolean => tr.selection instanceof AllSelection

/**
 * Everything, or a selection from inside a list out past it. TipTap's list toggle takes such a selection
 * (its blocks side by side below the document's top, as in a chunk) as one inside the list and takes the
 * list apart, where without chunks it makes one list of them all. Only then, as the whole document is
 * redrawn for it (half a second in a megabyte).
 */
const fromListOutward = (tr: Transaction): boolean => {
  if (everythingSelected(tr)) return true
  const { $from, $to } = tr.selection
  if ($from.blockRange($to)?.depth !== 1) return false
  for (let depth = $from.depth; depth > 1; depth--) {
    if ($from.node(depth).type.spec.group?.split(' ').includes('list')) return true
  }
  return false
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
      toggleList: withoutChunksWhen(fromListOutward)(coreCommands.toggleList),
      toggleWrap: withoutChunksWhen(everythingSelected)(coreCommands.toggleWrap),
      wrapIn: withoutChunksWhen(everythingSelected)(coreCommands.wrapIn),
      wrapInList: withoutChunksWhen(everythingSelected)(coreCommands.wrapInList),
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
