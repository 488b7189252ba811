import { Extension } from '@tiptap/core'
import { GapCursor } from '@tiptap/pm/gapcursor'
import type { Node as PMNode, ResolvedPos } from '@tiptap/pm/model'
import { NodeSelection, Selection, TextSelection, type EditorState } from '@tiptap/pm/state'
import { isMac } from '../platform'

export interface ExtraShortcutsOptions {
  /** Opens the link field (Mod-K). */
  onLinkShortcut: () => void
}

/**
 * The very start or end of the document as a caret: in the first (last) text, or, when the document
 * starts (ends) with a block that holds no text, such as unsupported content, just before (after) it,
 * never on it: a selected block would be replaced by the next key.
 */
function documentEdge(doc: PMNode, edge: 'start' | 'end'): Selection {
  const selection = edge === 'start' ? Selection.atStart(doc) : Selection.atEnd(doc)
  if (!(selection instanceof NodeSelection)) return selection
  const $pos = doc.resolve(edge === 'start' ? selection.from : selection.to)
  return gapAllowed($pos) ? new GapCursor($pos) : selection
}

/** A gap cursor may sit between blocks where a paragraph could be typed. */
function gapAllowed($pos: ResolvedPos): boolean {
  return (
    !$pos.parent.inlineContent && $pos.parent.contentMatchAt($pos.index()).defaultType?.isTextblock === true
  )
}

/** Moves the caret to a document edge from any selection (a selected block too), or extends to it. */
function toEdge(
  state: EditorState,
  dispatch: ((tr: EditorState['tr']) => void) | undefined,
  edge: 'start' | 'end',
  extend: boolean,
): boolean {
  const target = documentEdge(state.doc, edge)
  let selection: Selection = target
  // From text to text the browser extends the selection itself, as it does for stock TipTap (and at
  // about a fifth of the cost: no selection set from script across a megabyte). Not on macOS, where End
  // is not bound to the document's end.
  if (extend && !isMac && state.selection instanceof TextSelection && target instanceof TextSelection)
    return false
  if (extend) {
    const head = edge === 'start' ? 0 : state.doc.content.size
    selection = TextSelection.between(state.selection.$anchor, state.doc.resolve(head))
  }
  dispatch?.(state.tr.setSelection(selection).scrollIntoView())
  return true
}

/**
 * Shortcuts TipTap has no default for: Mod-K for a link, Mod-Alt-minus for a divider line, and
 * Ctrl/Cmd+Home and End (with Shift to select) for the start and end of the document, whatever is
 * selected: the browser's own handling does nothing while a block is selected.
 */
export const ExtraShortcuts = Extension.create<ExtraShortcutsOptions>({
  name: 'extraShortcuts',

  addOptions() {
    return { onLinkShortcut: () => undefined }
  },

  addKeyboardShortcuts() {
    const edge = (to: 'start' | 'end', extend: boolean) => () => {
      const { view } = this.editor
      return toEdge(view.state, (tr) => view.dispatch(tr), to, extend)
    }
    return {
      'Mod-k': () => {
        if (!this.editor.isEditable) return false
        this.options.onLinkShortcut()
        return true
      },
      'Mod-Alt--': () => this.editor.commands.setHorizontalRule(),
      'Mod-Home': edge('start', false),
      'Mod-End': edge('end', false),
      'Mod-Shift-Home': edge('start', true),
      'Mod-Shift-End': edge('end', true),
    }
  },
})
