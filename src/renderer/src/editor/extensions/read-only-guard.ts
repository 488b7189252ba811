import { Extension } from '@tiptap/core'
import { Plugin, PluginKey } from '@tiptap/pm/state'

/** Transactions carrying this meta key may change a read-only editor's document (loading a new value). */
export const LOAD_DOCUMENT_META = 'operatelyTrayLoad'
/** Transactions carrying this meta key may remove unknown content: the person chose "Remove…" on it. */
export const REMOVE_UNKNOWN_META = 'operatelyTrayRemoveUnknown'
/** Set on the edit made instead of one that would have changed unknown content (the text put past it). */
export const KEPT_UNKNOWN_META = 'operatelyTrayKeptUnknown'

/**
 * While the editor is read-only, no transaction may change the document: not a stray shortcut, not a drop,
 * not a plugin. A read-only document is one we could not keep intact through an edit, so this is the
 * backstop behind the missing toolbar and the non-editable surface.
 */
export const ReadOnlyGuard = Extension.create({
  name: 'readOnlyGuard',

  addProseMirrorPlugins() {
    const editor = this.editor
    return [
      new Plugin({
        key: new PluginKey('readOnlyGuard'),
        filterTransaction: (transaction) =>
          !transaction.docChanged || editor.isEditable || transaction.getMeta(LOAD_DOCUMENT_META) === true,
      }),
    ]
  },
})
