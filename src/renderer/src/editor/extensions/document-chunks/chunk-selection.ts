import type { Node as PMNode } from '@tiptap/pm/model'
import type { EditorState } from '@tiptap/pm/state'
import type { EditorView } from '@tiptap/pm/view'
import { DOCUMENT_CHUNK } from '../../operately-types'

/** Keeps a chunk shown wherever it is (editor.css). */
export const SELECTED_CLASS = 'ot-chunk--selection'

/**
 * The chunks a selection spans are never skipped.
 *
 * Why: a chunk off screen skips its layout (content-visibility: auto), and a selection reaching into a
 * skipped chunk costs twice:
 * - Chromium moves a selection end it finds in a skipped chunk out to the chunk's edge as soon as the
 *   browser itself extends the selection (after select all with the first chunk off screen, Shift+Down
 *   left the anchor at block 40, and Backspace kept blocks 0–39);
 * - setting a selection across skipped chunks makes Chromium unlock each one it crosses: select all took
 *   twice stock TipTap's time, against about stock's with the chunks already shown.
 * So the chunks from the selection's first block to its last are shown before ProseMirror puts the
 * selection in the page: in the chunk's element as it is made, and for the elements already there, from
 * the editor's `beforeTransaction` (chunk-keeper.ts). Once the selection is a caret again, only its chunk
 * stays shown.
 */
export class ChunkSelection {
  /** The chunk id of each chunk element drawn in this editor. */
  private readonly elements = new Map<HTMLElement, number>()

  /** A chunk element was made (or destroyed: null), for the chunk `id`. */
  drawn(dom: HTMLElement, id: number | null, state: EditorState): void {
    if (id === null) {
      this.elements.delete(dom)
      return
    }
    this.elements.set(dom, id)
    if (selectedChunks(state).has(id)) dom.classList.add(SELECTED_CLASS)
  }

  /** The state whose selection the elements show (new elements follow it as they are made). */
  private shown: EditorState | null = null

  /** Shows the chunks the selection of `state` spans, and lets the others be skipped. */
  show(state: EditorState): void {
    // The view's update after a transaction shows the state beforeTransaction already showed.
    if (state === this.shown) return
    this.shown = state
    this.showOnly(selectedChunks(state))
  }

  /**
   * Before the browser itself extends the selection to the document's start or end (Shift+Ctrl+Home or
   * End, as stock TipTap leaves it to the browser): the chunks it will span are shown first, so the
   * browser extends through laid-out chunks as it does without them, and the selection it makes is the
   * one show() keeps shown once ProseMirror reads it.
   */
  showToEdge(state: EditorState, edge: 'start' | 'end'): void {
    const { doc, selection } = state
    const anchor = Math.min(selection.$anchor.index(0), doc.childCount - 1)
    const [first, last] = edge === 'start' ? [0, anchor] : [anchor, doc.childCount - 1]
    this.shown = null
    this.showOnly(chunksOf(doc, first, last))
  }

  private showOnly(ids: ReadonlySet<number>): void {
    for (const [dom, id] of this.elements) dom.classList.toggle(SELECTED_CLASS, ids.has(id))
  }
}

const perView = new WeakMap<EditorView, ChunkSelection>()

/** The one ChunkSelection of an editor view. */
export function chunkSelection(view: EditorView): ChunkSelection {
  let found = perView.get(view)
  if (!found) {
    found = new ChunkSelection()
    perView.set(view, found)
  }
  return found
}

const answered = new WeakMap<EditorState, ReadonlySet<number>>()

/** The ids of the chunks of the top-level blocks from the selection's first to its last. */
function selectedChunks(state: EditorState): ReadonlySet<number> {
  let ids = answered.get(state)
  if (ids) return ids
  const { doc, selection } = state
  const last = doc.childCount - 1
  ids = chunksOf(doc, Math.min(selection.$from.index(0), last), Math.min(selection.$to.index(0), last))
  answered.set(state, ids)
  return ids
}

/** The ids of the chunks of the top-level blocks `first` to `last`. */
function chunksOf(doc: PMNode, first: number, last: number): ReadonlySet<number> {
  const found = new Set<number>()
  for (let index = first; index <= last; index++) {
    const chunk = doc.child(index).marks.find((mark) => mark.type.name === DOCUMENT_CHUNK)
    if (chunk) found.add(chunk.attrs.id as number)
  }
  return found
}
