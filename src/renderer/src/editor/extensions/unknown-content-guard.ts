import { Extension } from '@tiptap/core'
import { isHistoryTransaction } from '@tiptap/pm/history'
import type { Mark, Node as PMNode, Slice } from '@tiptap/pm/model'
import { Plugin, PluginKey, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state'
import type { EditorView } from '@tiptap/pm/view'
import { blockCache } from '../block-caches'
import { UNKNOWN_BLOCK, UNKNOWN_INLINE, UNKNOWN_MARK } from '../operately-types'
import { withoutChunk } from './document-chunks'
import { KEPT_UNKNOWN_META, LOAD_DOCUMENT_META, REMOVE_UNKNOWN_META } from './read-only-guard'

export interface UnknownContentGuardOptions {
  /** An edit was turned away because it would have changed unknown content (to say so on screen). */
  onKept: () => void
}

const isUnknownMark = (mark: Mark): boolean => mark.type.name === UNKNOWN_MARK

/**
 * Unknown content: a block or inline node this app does not know (kept as an opaque atom), and whatever
 * sits under a mark it does not know: text, or a known inline node such as a mention under a newer
 * server's comment. Each text node under an unknown mark counts as one piece, so typing inside it,
 * deleting part of it or changing its formatting all change the piece.
 */
function isUnknownPiece(node: PMNode): boolean {
  const name = node.type.name
  if (name === UNKNOWN_BLOCK || name === UNKNOWN_INLINE) return true
  return node.isInline && node.marks.some(isUnknownMark)
}

const blocksWithPieces = blockCache<PMNode, boolean>()

/** Whether a top-level block holds unknown content, worked out once per block object. */
function holdsPieces(block: PMNode): boolean {
  let holds = blocksWithPieces.get(block)
  if (holds === undefined) {
    holds = isUnknownPiece(block)
    block.descendants((node) => {
      if (isUnknownPiece(node)) holds = true
      return !holds
    })
    blocksWithPieces.set(block, holds)
  }
  return holds
}

/**
 * The pieces of unknown content that overlap [from, to] (a piece strictly around `from` when from = to).
 * Only blocks that hold any are walked: select all and type, or its undo, in a megabyte of ordinary text
 * looks at each block once, through a memo, instead of at every word of it.
 */
function piecesIn(doc: PMNode, from: number, to: number): PMNode[] {
  const found: PMNode[] = []
  doc.nodesBetween(from, to, (node, _pos, parent) => {
    if (parent === doc && !holdsPieces(node)) return false
    if (isUnknownPiece(node)) {
      found.push(node)
      return false
    }
    return true
  })
  return found
}

interface PieceChanges {
  /** Pieces `before` had that `after` lost or changed. */
  lost: PMNode[]
  /** Pieces `after` has that `before` had not (a paste, an undo of a removal). */
  added: PMNode[]
}

/**
 * The pieces of unknown content an edit lost and added. Only the region the edit changed is walked
 * (found by comparing the two trees, which share every untouched node), so a keystroke in a 1 MB
 * document costs a few microseconds here. Moving a piece (a drag inside the editor) neither loses nor
 * adds it.
 */
function pieceChanges(before: PMNode, after: PMNode): PieceChanges {
  const start = before.content.findDiffStart(after.content)
  if (start === null) return { lost: [], added: [] }
  const end = before.content.findDiffEnd(after.content)
  if (!end) return { lost: [], added: [] }
  let { a: endA, b: endB } = end
  // The same content repeated around the edit can make the two ends overlap the start; widen both.
  const overlap = start - Math.min(endA, endB)
  if (overlap > 0) {
    endA += overlap
    endB += overlap
  }
  const lost: PMNode[] = []
  const added = piecesIn(after, start, endB)
  for (const piece of piecesIn(before, start, endA)) {
    const index = added.findIndex((candidate) => candidate === piece || samePiece(candidate, piece))
    if (index === -1) lost.push(piece)
    else added.splice(index, 1)
  }
  return { lost, added }
}

/** True when `after` lost or changed a piece of unknown content that `before` had. */
export function losesUnknownContent(before: PMNode, after: PMNode): boolean {
  return pieceChanges(before, after).lost.length > 0
}

/**
 * What makes a piece the same one through every copy ProseMirror makes of its node: the original JSON
 * it carries (a block's or inline node's, or for text its unknown mark's).
 */
function pieceIdentity(piece: PMNode): object {
  const holder = piece.isText ? piece.marks.find(isUnknownMark) : piece
  const original: unknown = holder?.attrs.original
  return typeof original === 'object' && original !== null ? original : piece
}

/**
 * The same piece, wherever it stands: a block that moved into another chunk of a long document
 * (extensions/document-chunks/) is still itself.
 */
const samePiece = (a: PMNode, b: PMNode): boolean => a.eq(b) || withoutChunk(a).eq(withoutChunk(b))

function mayChangeUnknownContent(tr: Transaction): boolean {
  return tr.getMeta(REMOVE_UNKNOWN_META) === true || tr.getMeta(LOAD_DOCUMENT_META) === true
}

type Direction = 'before' | 'after'

/** The unknown text piece strictly around `pos`, as [start, end], or null. */
function textPieceAround(doc: PMNode, pos: number): [number, number] | null {
  const $pos = doc.resolve(pos)
  if (!$pos.parent.inlineContent || $pos.textOffset === 0) return null
  const node = $pos.parent.child($pos.index())
  if (!isUnknownPiece(node)) return null
  const start = pos - $pos.textOffset
  return [start, start + node.nodeSize]
}

/** Where the caret goes instead of into unknown content: just before or after the edited range. */
function positionPast(doc: PMNode, from: number, to: number, direction: Direction): number {
  if (direction === 'before') return textPieceAround(doc, from)?.[0] ?? from
  return textPieceAround(doc, to)?.[1] ?? to
}

/** The caret at `pos`, or in the nearest text in `direction` when `pos` lies between blocks. */
function caretAt(doc: PMNode, pos: number, direction: Direction) {
  const $pos = doc.resolve(pos)
  if ($pos.parent.inlineContent) return TextSelection.create(doc, pos)
  return TextSelection.findFrom($pos, direction === 'after' ? 1 : -1, true) ?? null
}

/**
 * The caret just past the unknown content that [from, to] covers. Between blocks (after a selected
 * unsupported block) it goes into a new, empty paragraph there, so what is typed next never joins a block
 * it does not belong to.
 */
function stepPast(state: EditorState, from: number, to: number): Transaction {
  const pos = positionPast(state.doc, from, to, 'after')
  const tr = state.tr
  if (state.doc.resolve(pos).parent.inlineContent) return tr.setSelection(TextSelection.create(tr.doc, pos))
  tr.insert(pos, state.schema.nodes.paragraph!.create())
  return tr.setSelection(TextSelection.create(tr.doc, pos + 1))
}

/**
 * Puts `insert` (typed text or a pasted slice) just past the unknown content the selection covers, and
 * the caret after it. Between blocks (after a selected unsupported block) typed text gets a paragraph of
 * its own.
 */
function insertPast(state: EditorState, from: number, to: number, insert: string | Slice): Transaction {
  let tr: Transaction
  if (typeof insert === 'string') {
    tr = stepPast(state, from, to)
    const $caret = tr.selection.$from
    // The formatting the person asked for (Ctrl+B inside a marked range sets it aside as stored marks)
    // or that of the text before, but never the unknown mark itself: new words are not a newer server's
    // comment or colour just because they were typed inside one.
    const marks = (state.storedMarks ?? $caret.marks()).filter((mark) => !isUnknownMark(mark))
    tr.insert($caret.pos, state.schema.text(insert, marks))
    tr.setSelection(TextSelection.create(tr.doc, $caret.pos + insert.length))
  } else {
    const pos = positionPast(state.doc, from, to, 'after')
    tr = state.tr
    tr.setSelection(caretAt(tr.doc, pos, 'after') ?? TextSelection.near(state.doc.resolve(pos)))
    tr.replaceSelection(insert)
  }
  return tr.setMeta(KEPT_UNKNOWN_META, true).scrollIntoView()
}

/** The range a beforeinput event will replace: its target range, or else the selection. */
function targetRange(view: EditorView, event: InputEvent): { from: number; to: number } {
  const range = event.getTargetRanges?.()[0]
  if (range) {
    try {
      const start = view.posAtDOM(range.startContainer, range.startOffset)
      const end = view.posAtDOM(range.endContainer, range.endOffset)
      return { from: Math.min(start, end), to: Math.max(start, end) }
    } catch {
      // A DOM position ProseMirror does not map (inside an unsupported block's own buttons): the selection.
    }
  }
  return view.state.selection
}

const guardKey = new PluginKey('unknownContentGuard')

/**
 * The promise that unknown content goes back to the server unchanged, kept whatever the input: no
 * keystroke, Enter, Backspace, Delete, cut, drag, paste, IME composition or "select all + type" may
 * remove or change it. Every transaction that would is refused (filterTransaction), and the caret moves
 * past the unknown content instead; typed and pasted text lands there rather than being lost. Removing a
 * block is an explicit action ("Remove this unsupported block…" on the block, UnknownBlockView), which sets
 * REMOVE_UNKNOWN_META and can be undone.
 */
export const UnknownContentGuard = Extension.create<UnknownContentGuardOptions>({
  name: 'unknownContentGuard',

  addOptions() {
    return { onKept: () => undefined }
  },

  addProseMirrorPlugins() {
    const options = this.options
    let view: EditorView | null = null
    let direction: Direction = 'after'
    let moveScheduled = false

    /** After a refused edit, once the dispatch that carried it is over: the caret moves past. */
    const moveCaretPast = (from: number, to: number) => {
      options.onKept()
      if (moveScheduled) return
      moveScheduled = true
      queueMicrotask(() => {
        moveScheduled = false
        if (!view || view.isDestroyed) return
        const { state } = view
        const pos = positionPast(
          state.doc,
          Math.min(from, state.doc.content.size),
          Math.min(to, state.doc.content.size),
          direction,
        )
        const selection = caretAt(state.doc, pos, direction)
        if (selection && !selection.eq(state.selection)) view.dispatch(state.tr.setSelection(selection))
      })
    }

    const forward = () => {
      direction = 'after'
      return false
    }

    /**
     * Pieces an undo or redo may take away: those the person removed with their own button (a redo
     * removes them again) and those an edit here brought in (an undo of a paste). Every other piece
     * stays through every undo step, as through every other edit.
     */
    const removable = new WeakSet<object>()
    const refuses = (state: EditorState, tr: Transaction) => {
      if (!tr.docChanged || mayChangeUnknownContent(tr)) return false
      const { lost } = pieceChanges(state.doc, tr.doc)
      if (!isHistoryTransaction(tr)) return lost.length > 0
      return lost.some((piece) => !removable.has(pieceIdentity(piece)))
    }
    const remember = (tr: Transaction, before: PMNode) => {
      if (!tr.docChanged || tr.getMeta(LOAD_DOCUMENT_META) === true) return
      const { lost, added } = pieceChanges(before, tr.doc)
      for (const piece of added) removable.add(pieceIdentity(piece))
      if (tr.getMeta(REMOVE_UNKNOWN_META) === true) {
        for (const piece of lost) removable.add(pieceIdentity(piece))
      }
    }

    /**
     * Before an input method composes over unknown content: the caret goes past it, to compose there.
     * Only the caret moves: a paragraph made for it at this moment (as typing over a selected block gets)
     * would be drawn while the composition starts, and Chromium then starts it again, doubling the text.
     * So after a selected block the composition goes into the nearest text that follows (or precedes).
     */
    const stepPastForComposition = (editorView: EditorView) => {
      const { state } = editorView
      const { from, to } = state.selection
      if (editorView.composing || !refuses(state, state.tr.insertText('x', from, to))) return
      options.onKept()
      const pos = positionPast(state.doc, from, to, 'after')
      const caret = caretAt(state.doc, pos, 'after') ?? caretAt(state.doc, from, 'before')
      const tr = caret ? state.tr.setSelection(caret) : stepPast(state, from, to)
      editorView.dispatch(tr.setMeta(KEPT_UNKNOWN_META, true).scrollIntoView())
    }

    return [
      new Plugin({
        key: guardKey,
        view: (editorView) => {
          view = editorView
          return {
            destroy: () => {
              view = null
            },
          }
        },
        appendTransaction: (transactions, before) => {
          let doc = before.doc
          for (const tr of transactions) {
            remember(tr, doc)
            doc = tr.doc
          }
          return null
        },
        filterTransaction: (tr, state) => {
          if (!refuses(state, tr)) return true
          if (isHistoryTransaction(tr)) {
            // An undo step that would take away what the server holds is not made; the rest of the
            // history stays as it was.
            options.onKept()
            return false
          }
          const { from, to } = state.selection
          moveCaretPast(from, to)
          return false
        },
        props: {
          handleKeyDown: (editorView, event) => {
            // Backspace steps back over unknown content; every other key goes forward past it.
            direction = event.key === 'Backspace' ? 'before' : 'after'
            // The key an input method sends before it starts composing (keyCode 229, "Process").
            if (event.keyCode === 229 || event.key === 'Process') stepPastForComposition(editorView)
            return false
          },
          handleDOMEvents: {
            cut: forward,
            drop: forward,
            // An input method writes into the page itself, at the caret, before ProseMirror sees any of
            // it: turned away afterwards, the composed text would come out doubled or not at all. So the
            // caret steps past unknown content before the composition starts, and it is composed there.
            compositionstart: (editorView) => {
              direction = 'after'
              stepPastForComposition(editorView)
              return false
            },
            // Text the browser would write into the page itself (typing over a selection, autocorrect,
            // dictation, a spelling fix): read back afterwards it is only the difference, a fragment of the
            // words. Typed text is put past unknown content whole instead; a spelling fix of words under
            // an unknown mark is turned away, those words stay as they are.
            beforeinput: (editorView, event) => {
              const input = event as InputEvent
              const replacing = input.inputType === 'insertReplacementText'
              if ((input.inputType !== 'insertText' && !replacing) || input.isComposing) return false
              const text = input.data ?? input.dataTransfer?.getData('text/plain') ?? ''
              const { state } = editorView
              const { from, to } = replacing ? targetRange(editorView, input) : state.selection
              const probe = text ? state.tr.insertText(text, from, to) : state.tr.delete(from, to)
              if (!refuses(state, probe)) return false
              input.preventDefault()
              options.onKept()
              if (!replacing && text) editorView.dispatch(insertPast(state, from, to, text))
              return true
            },
          },
          handleTextInput: (editorView, from, to, text) => {
            const { state } = editorView
            if (!refuses(state, state.tr.insertText(text, from, to))) return false
            options.onKept()
            editorView.dispatch(insertPast(state, from, to, text))
            return true
          },
          handlePaste: (editorView, _event, slice) => {
            const { state } = editorView
            if (!refuses(state, state.tr.replaceSelection(slice))) return false
            options.onKept()
            editorView.dispatch(insertPast(state, state.selection.from, state.selection.to, slice))
            return true
          },
        },
      }),
    ]
  },
})
