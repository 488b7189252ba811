import { Extension } from '@tiptap/core'

export interface ExtraShortcutsOptions {
  /** Opens the link field (Mod-K). */
  onLinkShortcut: () => void
}

/** Shortcuts TipTap has no default for: Mod-K for a link, Mod-Alt-minus for a divider line. */
export const ExtraShortcuts = Extension.create<ExtraShortcutsOptions>({
  name: 'extraShortcuts',

  addOptions() {
    return { onLinkShortcut: () => undefined }
  },

  addKeyboardShortcuts() {
    return {
      'Mod-k': () => {
        if (!this.editor.isEditable) return false
        this.options.onLinkShortcut()
        return true
      },
      'Mod-Alt--': () => this.editor.commands.setHorizontalRule(),
    }
  },
})
