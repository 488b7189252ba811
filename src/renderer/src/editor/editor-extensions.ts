import type { Extensions } from '@tiptap/core'
import { CHUNK_BLOCKS, DocumentChunks } from './extensions/document-chunks'
import { EmptyPlaceholder } from './extensions/empty-placeholder'
import { ExtraShortcuts } from './extensions/extra-shortcuts'
import type { MentionSuggestion } from './extensions/mention'
import { PasteCleaning } from './extensions/paste-cleaning'
import { ReadOnlyGuard } from './extensions/read-only-guard'
import { TypedText } from './extensions/typed-text'
import { UnknownContentGuard } from './extensions/unknown-content-guard'
import { WordDelete } from './extensions/word-delete'
import { createOperatelyExtensions } from './schema'
import { UnknownBlockView } from './unknown-block-view'

export interface EditorExtensionOptions {
  mentionSuggestion?: MentionSuggestion
  placeholder?: string
  onLinkShortcut?: () => void
  resolveBlobSrc?: (src: string) => string | null
  /** An edit was turned away to keep unknown content as it is. */
  onUnknownKept?: () => void
  /** An unsupported block was removed with its own "Remove…" button. */
  onUnknownRemoved?: () => void
  /** Blocks per chunk of a long document (extensions/document-chunks/); Infinity: never in chunks. */
  chunkBlocks?: number
}

/**
 * The editable editor: the shared schema (schema.ts) plus behaviour only an editor needs: paste
 * cleaning, the read-only backstop, the guard that keeps unknown content as it is, the empty-document
 * placeholder, the extra shortcuts and word deletes, and a long document's chunks. Exported on its own so tests can
 * run the very same handling without React.
 */
export function createEditorExtensions(options: EditorExtensionOptions = {}): Extensions {
  return [
    ...createOperatelyExtensions({
      ...(options.mentionSuggestion ? { mentionSuggestion: options.mentionSuggestion } : {}),
      ...(options.resolveBlobSrc ? { resolveBlobSrc: options.resolveBlobSrc } : {}),
      unknownBlockView: ({ node, view, getPos }) =>
        new UnknownBlockView(node, view, getPos, options.onUnknownRemoved ?? (() => undefined)),
    }),
    PasteCleaning,
    ReadOnlyGuard,
    UnknownContentGuard.configure({
      onKept: options.onUnknownKept ?? (() => undefined),
    }),
    // After the guard: its beforeinput turns away typing into unknown content first.
    TypedText,
    EmptyPlaceholder.configure({ text: options.placeholder ?? '' }),
    ExtraShortcuts.configure({ onLinkShortcut: options.onLinkShortcut ?? (() => undefined) }),
    WordDelete,
    DocumentChunks.configure({ blocks: options.chunkBlocks ?? CHUNK_BLOCKS }),
  ]
}
