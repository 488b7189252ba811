import { Extension } from '@tiptap/core'
import { Plugin, PluginKey } from '@tiptap/pm/state'
import { Decoration, DecorationSet } from '@tiptap/pm/view'

export interface EmptyPlaceholderOptions {
  text: string
}

/**
 * Shows a placeholder while the whole document is one empty paragraph. Unlike TipTap's Placeholder
 * extension it never walks the document, so typing in a 1 MB description costs nothing here.
 */
export const EmptyPlaceholder = Extension.create<EmptyPlaceholderOptions>({
  name: 'emptyPlaceholder',

  addOptions() {
    return { text: '' }
  },

  addProseMirrorPlugins() {
    const text = this.options.text
    return [
      new Plugin({
        key: new PluginKey('emptyPlaceholder'),
        props: {
          decorations: ({ doc }) => {
            const first = doc.firstChild
            if (!text || doc.childCount !== 1 || !first?.isTextblock || first.content.size > 0) return null
            return DecorationSet.create(doc, [
              Decoration.node(0, first.nodeSize, { class: 'ot-is-empty', 'data-placeholder': text }),
            ])
          },
        },
      }),
    ]
  },
})
