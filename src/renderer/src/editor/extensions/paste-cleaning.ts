import { Extension } from '@tiptap/core'
import { Plugin, PluginKey } from '@tiptap/pm/state'
import { cleanPastedHtml } from '../clean-pasted-html'
import { isOurs, markAsOurs } from '../clipboard-marker'

/**
 * Runs every HTML paste through cleanPastedHtml before ProseMirror parses it against the schema. The
 * editor's own markup (mentions, files, preserved data) is trusted only in a paste that carries this
 * session's clipboard marker (clipboard-marker.ts), which every copy and cut from our editors adds.
 */
export const PasteCleaning = Extension.create({
  name: 'pasteCleaning',

  addProseMirrorPlugins() {
    // Set by the paste event, read once by transformPastedHTML of that same paste. A drop (and a paste
    // made without an event, as view.pasteHTML does) counts as foreign.
    let pasteIsOurs = false
    return [
      new Plugin({
        key: new PluginKey('pasteCleaning'),
        props: {
          handleDOMEvents: {
            paste: (_view, event) => {
              pasteIsOurs = isOurs(event.clipboardData)
              return false
            },
            drop: () => {
              pasteIsOurs = false
              return false
            },
          },
          transformPastedHTML: (html) => {
            const fromThisApp = pasteIsOurs
            pasteIsOurs = false
            return cleanPastedHtml(html, { fromThisApp })
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
