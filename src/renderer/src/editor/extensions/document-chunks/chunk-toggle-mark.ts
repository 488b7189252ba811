import { Extension, getMarkType } from '@tiptap/core'
import { marksActive } from '../../mark-activity'

/**
 * TipTap's toggleMark, deciding between set and unset as the same document without chunks would.
 *
 * Why: TipTap's own toggleMark asks isMarkActive, which counts the span of every block carrying a chunk
 * mark against the mark toggled: Ctrl+B over two bold paragraphs in a long document set bold again
 * instead of taking it off. Every mark's toggle (Bold, Italic, Highlight, Link…) goes through this one
 * command. The chunk mark cannot simply exclude other marks instead: TipTap's Markdown shortcuts
 * (**bold**, `code`) refuse to apply where an excluding mark spans the text, a block's chunk included.
 */
export const ChunkAwareToggleMark = Extension.create({
  name: 'chunkAwareToggleMark',

  addCommands() {
    return {
      toggleMark:
        (typeOrName, attributes = {}, options = {}) =>
        ({ state, commands }) => {
          const type = getMarkType(typeOrName, state.schema)
          const [active] = marksActive(state, [{ type, attributes }])
          return active
            ? commands.unsetMark(type, { extendEmptyMarkRange: options.extendEmptyMarkRange ?? false })
            : commands.setMark(type, attributes)
        },
    }
  },
})
