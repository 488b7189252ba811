import { Extension } from '@tiptap/core'
import { Plugin, PluginKey } from '@tiptap/pm/state'
import { cleanPastedHtml } from '../clean-pasted-html'

/** Runs every HTML paste through cleanPastedHtml before ProseMirror parses it against the schema. */
export const PasteCleaning = Extension.create({
  name: 'pasteCleaning',

  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('pasteCleaning'),
        props: { transformPastedHTML: (html) => cleanPastedHtml(html) },
      }),
    ]
  },
})
