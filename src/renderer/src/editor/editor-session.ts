import type { Editor, Extensions } from '@tiptap/core'
import { forgetBlockCaches } from './block-caches'
import { createChangeScheduler, type ChangeScheduler } from './change-scheduler'
import { createEditorExtensions } from './editor-extensions'
import { CHUNK_BLOCKS, chunkedDocument } from './extensions/document-chunks'
import { LOAD_DOCUMENT_META } from './extensions/read-only-guard'
import type { Node as PMNode } from '@tiptap/pm/model'
import { Selection } from '@tiptap/pm/state'
import { runWhenIdle, type IdleJob, type IdleScheduler } from './idle-work'
import { blockText, type ServerDoc } from './json'
import {
  checkLoadedDocument,
  LOAD_PROBLEM,
  restoredBlock,
  restoreEditorDocument,
  type PreparedDocument,
} from './loss-proof'
import { createMentionMenu, type MentionMenu, type MentionSearch } from './mention-suggestion'
import { isSameDocument } from './normalize'
import { copyToSchema } from './schema'
import { blockWords, countDocumentWords } from './word-count'

export interface EditorSessionOptions {
  placeholder?: string
  resolveBlobSrc?: (src: string) => string | null
  /** Where the load check runs in slices (the browser's idle callbacks by default). */
  idle?: IdleScheduler
  /**
   * Blocks per chunk of a long document (extensions/document-chunks/); Infinity draws every document
   * without chunks, as the differential tests' second editor does.
   */
  chunkBlocks?: number
}

/**
 * The load check of a document the editor now holds, with the words counted on the way: every block is
 * checked (checkLoadedDocument) and counted, one block per step. Each block's JSON text is made on the way
 * too: the first report after a keystroke then only joins the texts (stringifyDocument), instead of
 * turning a whole megabyte into text in the task after a key.
 */
function* checkAndCount(
  original: ServerDoc | null,
  doc: PMNode,
): Generator<unknown, { problem: string | null; words: number }> {
  const check = checkLoadedDocument(original, doc)
  for (;;) {
    const step = check.next()
    if (step.done) return { problem: step.value, words: countDocumentWords(doc) }
    blockWords(step.value)
    blockText(restoredBlock(step.value))
    yield
  }
}

/**
 * Puts `doc` (of the editor's schema) into the editor as the document it opened with, its own attributes
 * too: the caret at its start (as TipTap puts it in a document it is created with), no undo step, no
 * update event, and nothing linked automatically (looking would walk all of it).
 */
export function replaceDocument(editor: Editor, doc: PMNode): void {
  const { tr } = editor.state
  tr.replaceWith(0, tr.doc.content.size, doc.content)
  // The document node's own attributes too: what the server's document held beside its blocks (keys
  // next to `content`, an empty `content: []`) rides on them, and the editor was made with another.
  for (const [name, value] of Object.entries(doc.attrs)) {
    if (tr.doc.attrs[name] !== value) tr.setDocAttribute(name, value)
  }
  tr.setSelection(Selection.atStart(tr.doc))
    .setMeta(LOAD_DOCUMENT_META, true)
    .setMeta('addToHistory', false)
    .setMeta('preventAutolink', true)
    .setMeta('preventUpdate', true)
  editor.view.dispatch(tr)
}

/** What the component renders from the session (read with useSyncExternalStore). */
export interface EditorSessionStatus {
  /** The prepared document last loaded into the editor and checked. */
  verified: PreparedDocument | null
  /**
   * Why that document must stay read-only after loading, or null (also while it is still being checked:
   * see EditorSession.load).
   */
  loadProblem: string | null
  /** Words in the document, updated on load and with every reported change; null before loading. */
  wordCount: number | null
  /**
   * What just happened to unsupported content, to say so: an edit was turned away to keep it, or the
   * person removed a block (Undo offered). Cleared by the next ordinary edit.
   */
  unknownNotice: 'kept' | 'removed' | null
}

export interface EditorSessionCallbacks {
  onChange: (doc: ServerDoc) => void
  /** At once on every edit, before the debounced onChange (RichTextEditorProps.onEdit). */
  onEdit?: () => void
  search: MentionSearch
  openLink: () => void
}

/**
 * Everything one RichTextEditor keeps outside React's state: the TipTap extensions (built once), the
 * "@" menu, the debounced change reporting, and the latest callbacks from props. TipTap calls into it from
 * its own event handlers, which are registered once, so it must always see the newest props.
 */
export class EditorSession {
  editor: Editor | null = null
  readonly menu: MentionMenu
  readonly scheduler: ChangeScheduler
  readonly extensions: Extensions
  /** The last document reported through onChange (a value equal to it needs no reload). */
  lastReported: ServerDoc | null = null
  private callbacks: EditorSessionCallbacks = {
    onChange: () => undefined,
    search: () => Promise.resolve([]),
    openLink: () => undefined,
  }
  /** The load check still running in idle time, if any. */
  private loadCheck: IdleJob | null = null
  private readonly idle: IdleScheduler | undefined
  private readonly chunkBlocks: number
  private status: EditorSessionStatus = {
    verified: null,
    loadProblem: null,
    wordCount: null,
    unknownNotice: null,
  }
  private readonly listeners = new Set<() => void>()

  constructor(options: EditorSessionOptions = {}) {
    this.idle = options.idle
    this.chunkBlocks = options.chunkBlocks ?? CHUNK_BLOCKS
    this.menu = createMentionMenu(() => this.callbacks.search)
    this.scheduler = createChangeScheduler(() => this.report())
    this.extensions = createEditorExtensions({
      mentionSuggestion: this.menu.suggestion,
      ...(options.placeholder ? { placeholder: options.placeholder } : {}),
      ...(options.resolveBlobSrc ? { resolveBlobSrc: options.resolveBlobSrc } : {}),
      onLinkShortcut: () => this.callbacks.openLink(),
      onUnknownKept: () => this.setUnknownNotice('kept'),
      onUnknownRemoved: () => this.setUnknownNotice('removed'),
      chunkBlocks: this.chunkBlocks,
    })
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getStatus = (): EditorSessionStatus => this.status

  private setStatus(next: Partial<EditorSessionStatus>): void {
    this.status = { ...this.status, ...next }
    for (const listener of this.listeners) listener()
  }

  private setUnknownNotice(notice: EditorSessionStatus['unknownNotice']): void {
    if (this.status.unknownNotice !== notice) this.setStatus({ unknownNotice: notice })
  }

  /**
   * An ordinary edit went through: Undo next to "removed" would now take back that edit instead, so that
   * notice goes. The one saying keys keep unsupported content stays: it is still true.
   */
  edited(): void {
    if (this.status.unknownNotice === 'removed') this.setUnknownNotice(null)
  }

  /** An edit happened: reported soon (debounced), and said at once to whoever shows whether it is saved. */
  changed(): void {
    this.scheduler.schedule()
    this.callbacks.onEdit?.()
  }

  setCallbacks(callbacks: EditorSessionCallbacks): void {
    this.callbacks = callbacks
  }

  /** The editor's document as a server document, serialised now. */
  currentDocument(): ServerDoc {
    if (!this.editor) throw new Error('The editor is not ready yet.')
    return restoreEditorDocument(this.editor.state.doc)
  }

  /** True when `value` holds what the editor shows (so it needs no reload). */
  holds(value: unknown): boolean {
    if (value === this.lastReported) return true
    return this.editor !== null && !this.editor.isDestroyed && isSameDocument(value, this.currentDocument())
  }

  /**
   * Puts a prepared document into the editor and proves that saving it untouched gives back exactly what
   * the server holds; if it would not, the status says why and the editor must stay read-only. A pending
   * change of the previous document is reported first, so nothing typed is dropped.
   *
   * The proof walks the whole document (a megabyte takes a few hundred milliseconds), so it runs after the
   * document is on screen, in idle slices that never hold up a key. Nothing the editor holds leaves it
   * before the proof is done: a report, getDocument and holds() finish it first (settleLoad), and a
   * document that fails it reports nothing and turns read-only. Word counting rides along.
   */
  load(editor: Editor, prepared: PreparedDocument): void {
    this.editor = editor
    if (this.status.verified === prepared) return
    // The editor is created empty and the document comes in here, once the editor's view is complete:
    // loaded at creation, it would be drawn twice (TipTap's React view sets the node views again when it
    // mounts, and ProseMirror draws the whole document anew for that). A pending change of a previous
    // document is reported first.
    this.scheduler.flush()
    replaceDocument(editor, chunkedDocument(copyToSchema(prepared.node, editor.schema), this.chunkBlocks))
    this.loadCheck?.cancel()
    this.setStatus({ verified: prepared, loadProblem: null, wordCount: null })
    this.loadCheck = runWhenIdle(
      checkAndCount(prepared.original, editor.state.doc),
      ({ problem, words }) => {
        this.loadCheck = null
        this.setStatus({ loadProblem: problem === null ? null : LOAD_PROBLEM, wordCount: words })
      },
      this.idle ? { idle: this.idle } : {},
    )
  }

  /** Finishes the load check now if it is still running (someone needs its verdict). */
  settleLoad(): void {
    this.loadCheck?.finishNow()
  }

  /** Why the loaded document must stay read-only (the load check finished first), or null. */
  loadProblemNow(): string | null {
    this.settleLoad()
    return this.status.loadProblem
  }

  /** Stops work left over from the editor (it is going away), and lets go of what it remembered per block. */
  dispose(): void {
    if (this.loadCheck) {
      this.loadCheck.cancel()
      this.loadCheck = null
      // Without its verdict the document is not proven: should it be loaded again (React's StrictMode
      // runs effects twice with the same editor), load must check it again rather than take it as done.
      this.setStatus({ verified: null })
    }
    forgetBlockCaches()
  }

  private report(): void {
    // A document that did not pass its load check never leaves the editor (it turns read-only).
    if (!this.editor || this.loadProblemNow() !== null) return
    // Serialised here, after a pause or once a second while typing, never per keystroke: a 1 MB document
    // takes tens of milliseconds to turn into JSON.
    const doc = this.currentDocument()
    this.lastReported = doc
    this.callbacks.onChange(doc)
    this.setStatus({ wordCount: countDocumentWords(this.editor.state.doc) })
  }
}
