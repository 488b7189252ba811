import type { Extensions } from '@tiptap/core'
import { EmptyPlaceholder } from './extensions/empty-placeholder'
import { ExtraShortcuts } from './extensions/extra-shortcuts'
import type { MentionSuggestion } from './extensions/mention'
import { PasteCleaning } from './extensions/paste-cleaning'
import { ReadOnlyGuard } from './extensions/read-only-guard'
import { createOperatelyExtensions } from './schema'

export interface EditorExtensionOptions {
  mentionSuggestion?: MentionSuggestion
  placeholder?: string
  onLinkShortcut?: () => void
  resolveBlobSrc?: (src: string) => string | null
}

/**
 * The editable editor: the shared schema (schema.ts) plus behaviour only an editor needs: paste
 * cleaning, the read-only backstop, the empty-document placeholder and the extra shortcuts. Exported on its
 * own so tests can run the very same paste handling without React.
 */
export function createEditorExtensions(options: EditorExtensionOptions = {}): Extensions {
  return [
    ...createOperatelyExtensions({
      ...(options.mentionSuggestion ? { mentionSuggestion: options.mentionSuggestion } : {}),
      ...(options.resolveBlobSrc ? { resolveBlobSrc: options.resolveBlobSrc } : {}),
    }),
    PasteCleaning,
    ReadOnlyGuard,
    EmptyPlaceholder.configure({ text: options.placeholder ?? '' }),
    ExtraShortcuts.configure({ onLinkShortcut: options.onLinkShortcut ?? (() => undefined) }),
  ]
}
