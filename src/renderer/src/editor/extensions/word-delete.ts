import { Extension, isiOS, isMacOS } from '@tiptap/core'
import type { EditorState, Transaction } from '@tiptap/pm/state'

/** What a leaf node (a mention, a line break, unsupported inline content) stands for in the text. */
const LEAF = '\ufffc'

// A word is a run of letters, digits and underscores, or a run of other visible characters, or one leaf.
// Combining marks belong to the letters they sit on (an accent typed apart, the vowel signs of Hindi or
// Thai): counted as "other", they would go one mark at a time.
const WORD_BEFORE = /(?:[\p{L}\p{M}\p{N}_]+|[^\s\p{L}\p{M}\p{N}_\ufffc]+|\ufffc)?\s*$/u
const WORD_AFTER = /^\s*(?:[\p{L}\p{M}\p{N}_]+|[^\s\p{L}\p{M}\p{N}_\ufffc]+|\ufffc)?/u

/** How many characters a word delete takes from the end (backward) or the start (forward) of `text`. */
export function wordLength(text: string, direction: 'backward' | 'forward'): number {
  const match = (direction === 'backward' ? WORD_BEFORE : WORD_AFTER).exec(text)
  return match ? match[0].length : 0
}

/**
 * Deletes the word before (after) the caret inside its paragraph. With a selection, or at the edge of
 * the paragraph, it does nothing and the ordinary Backspace (Delete) handling runs.
 */
function deleteWord(
  state: EditorState,
  dispatch: ((tr: Transaction) => void) | undefined,
  direction: 'backward' | 'forward',
): boolean {
  const { empty, $from } = state.selection
  if (!empty || !$from.parent.isTextblock) return false
  const block = $from.parent
  const text =
    direction === 'backward'
      ? block.textBetween(0, $from.parentOffset, undefined, LEAF)
      : block.textBetween($from.parentOffset, block.content.size, undefined, LEAF)
  const length = wordLength(text, direction)
  if (length === 0) return false
  const [from, to] =
    direction === 'backward' ? [$from.pos - length, $from.pos] : [$from.pos, $from.pos + length]
  dispatch?.(state.tr.delete(from, to).scrollIntoView())
  return true
}

/**
 * Word deletes (Ctrl+Backspace and Ctrl+Delete; Option on a Mac) done by the editor itself rather than
 * left to the browser. Left to the browser, they are read back from the page afterwards: a word next to
 * unsupported content would be half-removed before the guard could turn it away, and Chromium's own
 * deletion writes inline styles into the page, which the Content-Security-Policy refuses. A delete that
 * would touch unsupported content is turned away by UnknownContentGuard like any other edit.
 */
export const WordDelete = Extension.create({
  name: 'wordDelete',
  // The default priority, after UnknownContentGuard (createEditorExtensions lists it later): the guard's
  // key handler notes which way the key goes before this one acts. TipTap's own Backspace handling runs
  // before both and only acts at the edge of a paragraph (joining it with the one before).

  addKeyboardShortcuts() {
    const word = (direction: 'backward' | 'forward') => () => {
      const { view } = this.editor
      if (!view.editable) return false
      return deleteWord(view.state, (tr) => view.dispatch(tr), direction)
    }
    const modifier = isMacOS() || isiOS() ? 'Alt' : 'Ctrl'
    return { [`${modifier}-Backspace`]: word('backward'), [`${modifier}-Delete`]: word('forward') }
  },
})
