import { Extension } from '@tiptap/core'
import { Plugin, PluginKey } from '@tiptap/pm/state'
import { cleanPastedHtml } from '../clean-pasted-html'
import { markAsOurs, ownAtoms } from '../clipboard-marker'

/**
 * Runs every HTML paste through cleanPastedHtml before ProseMirror parses it against the schema. The
 * editor's own markup (mentions, files, preserved data) is trusted only where a paste carries the marker
 * of one of our copies, and only as that copy wrote it (clipboard-marker.ts).
 */
export const PasteCleaning = Extension.create({
  name: 'pasteCleaning',

  addProseMirrorPlugins() {
    // Set by the paste event, read once by transformPastedHTML of that same paste. A drop (and a paste
    // made without an event, as view.pasteHTML does) counts as foreign.
    let pasteAtoms: ReadonlySet<string> | null = null
    return [
      new Plugin({
        key: new PluginKey('pasteCleaning'),
        props: {
          handleDOMEvents: {
            paste: (_view, event) => {
              pasteAtoms = ownAtoms(event.clipboardData)
              return false
            },
            drop: () => {
              pasteAtoms = null
              return false
            },
          },
          transformPastedHTML: (html) => {
            const atoms = pasteAtoms
            pasteAtoms = null
            return cleanPastedHtml(html, { ownAtoms: atoms })
          },
        },
        // ProseMirror's own copy and cut handlers run first (they were attached before plugin views are
        // made) and fill the clipboard; the marker goes in beside what they wrote.
        view: (view) => {
          const mark = (event: ClipboardEvent) => {
            if (event.defaultPrevented) markAsOurs(event.clipboardData)
          }
          view.dom.addEventListener('copy', mark)
          view.dom.addEventListener('cut', mark)
          return {
            destroy: () => {
              view.dom.removeEventListener('copy', mark)
              view.dom.removeEventListener('cut', mark)
            },
          }
        },
      }),
    ]
  },
})
