import { Extension } from '@tiptap/core'
import { isHistoryTransaction } from '@tiptap/pm/history'
import type { Node as PMNode } from '@tiptap/pm/model'
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state'
import type { EditorView } from '@tiptap/pm/view'
import { CHUNK_BLOCKS } from './chunk-mark'
import { keepChunks, sliceInChunks, sliceWithoutChunks } from './chunk-marks'
import { ChunkDrawing } from './chunk-drawing'
import { chunkSelection } from './chunk-selection'
import { ChunkAwareToggleMark } from './chunk-toggle-mark'

export interface DocumentChunksOptions {
  /** Blocks per chunk; Infinity draws every document without chunks. */
  blocks: number
}

const keeperKey = new PluginKey('documentChunks')

/** The keeper's steps after an edit of `state` from `before`, or null when the chunks are as they must be. */
function chunkSteps(state: EditorState, before: PMNode, blocks: number): Transaction | null {
  const tr = state.tr
  keepChunks(tr, before, blocks)
  if (!tr.docChanged) return null
  // Marks on blocks only: nothing to undo, no change to report, formatting set for the next letter kept.
  if (state.storedMarks) tr.setStoredMarks(state.storedMarks)
  return tr.setMeta(keeperKey, true).setMeta('addToHistory', false).setMeta('preventUpdate', true)
}

/**
 * Before an input method composes over a selection of more than one block: the selection is deleted
 * first, as the composition would, so that the browser composes at a caret inside one block. Left to
 * the browser, a composition over blocks in several chunks is written into the first chunk's element,
 * where ProseMirror, keeping the composed text's node in place while it composes, no longer finds it:
 * what is composed after the first character never reaches the document.
 */
function clearForComposition(view: EditorView): void {
  const { selection } = view.state
  if (view.composing || selection.empty || selection.$from.index(0) === selection.$to.index(0)) return
  if (!view.editable) return
  view.dispatch(view.state.tr.deleteSelection().scrollIntoView())
}

/**
 * The document edge a key extends the selection to, when the browser may do it itself: Shift+Ctrl+Home
 * or End, or Shift+Cmd+Up or Down (macOS). Any other key: null.
 */
function documentEdgeExtension(event: KeyboardEvent): 'start' | 'end' | null {
  if (!event.shiftKey || event.altKey) return null
  if (event.ctrlKey || event.metaKey) {
    if (event.key === 'End') return 'end'
    if (event.key === 'Home') return 'start'
  }
  if (event.metaKey && !event.ctrlKey) {
    if (event.key === 'ArrowDown') return 'end'
    if (event.key === 'ArrowUp') return 'start'
  }
  return null
}

/**
 * A long document's chunks (see chunk-mark.ts): kept after every edit,
 * laid out while the page is idle (chunk-drawing.ts), and left behind by a copy or a drag.
 *
 * After an undo or redo the keeper's steps come in a transaction of their own, dispatched from the
 * plugin's view: steps appended to an undo would become part of what a redo brings back.
 */
export const DocumentChunks = Extension.create<DocumentChunksOptions>({
  name: 'documentChunks',

  addOptions() {
    return { blocks: CHUNK_BLOCKS }
  },

  addExtensions() {
    return [ChunkAwareToggleMark]
  },

  addProseMirrorPlugins() {
    const { blocks } = this.options
    const { editor } = this
    if (!Number.isFinite(blocks)) return []
    let beforeHistory: PMNode | null = null
    return [
      new Plugin({
        key: keeperKey,
        appendTransaction: (transactions, oldState, newState) => {
          if (!transactions.some((tr) => tr.docChanged && !tr.getMeta(keeperKey))) return null
          if (transactions.some(isHistoryTransaction)) {
            beforeHistory ??= oldState.doc
            return null
          }
          return chunkSteps(newState, oldState.doc, blocks)
        },
        view: (view) => {
          const drawing = new ChunkDrawing(view)
          const selection = chunkSelection(view)
          const showSelected = ({ nextState }: { nextState: EditorState }) => selection.show(nextState)
          editor.on('beforeTransaction', showSelected)
          return {
            update: (updated) => {
              // A state set without a transaction (a document loaded) had no beforeTransaction.
              selection.show(updated.state)
              drawing.update()
              if (!beforeHistory) return
              const before = beforeHistory
              beforeHistory = null
              const tr = chunkSteps(updated.state, before, blocks)
              if (tr && updated.editable) updated.dispatch(tr)
            },
            destroy: () => {
              editor.off('beforeTransaction', showSelected)
              drawing.destroy()
            },
          }
        },
        props: {
          transformCopied: (slice) => sliceWithoutChunks(slice),
          transformPasted: (slice, view) => sliceInChunks(slice, view.state, blocks),
          // The key an input method sends before it starts composing (keyCode 229, "Process").
          handleKeyDown: (editorView, event) => {
            if (event.keyCode === 229 || event.key === 'Process') clearForComposition(editorView)
            const edge = documentEdgeExtension(event)
            if (edge) chunkSelection(editorView).showToEdge(editorView.state, edge)
            return false
          },
          handleDOMEvents: {
            compositionstart: (editorView) => {
              clearForComposition(editorView)
              return false
            },
          },
        },
      }),
    ]
  },
})
