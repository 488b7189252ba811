import { isHistoryTransaction } from '@tiptap/pm/history'
import { EditorContent, useEditor } from '@tiptap/react'
import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type Ref,
} from 'react'
import { LiveRegion } from '../ui/LiveRegion'
import { EditorSession } from './editor-session'
import type { MentionPerson } from './extensions/mention'
import { KEPT_UNKNOWN_META, LOAD_DOCUMENT_META, REMOVE_UNKNOWN_META } from './extensions/read-only-guard'
import { cloneJson, type ServerDoc } from './json'
import { marksActive } from './mark-activity'
import { LinkDialog } from './LinkDialog'
import { EMPTY_EDITOR_DOC, prepareForEditor, type PreparedDocument } from './loss-proof'
import { MentionMenu } from './MentionMenu'
import { Toolbar } from './Toolbar'
import { formatWordCount } from './word-count'

export interface RichTextEditorHandle {
  /**
   * The document as it stands right now (a pending onChange is reported first). For a document that
   * opened read-only this is the server's document, untouched; when there was no readable document at
   * all it throws with the reason, so nothing empty can be saved over it.
   */
  getDocument(): ServerDoc
  /** Why the document cannot be edited here (shown above it), or null. Do not save while it is set. */
  getReadOnlyReason(): string | null
  /** Reports a pending change through onChange immediately (before saving, before navigating away). */
  flush(): void
  focus(): void
}

export interface RichTextEditorProps {
  /** The server document: the parsed object or its JSON text; null for "no description yet". */
  value: unknown
  /**
   * Called with the edited server document, debounced: after 300 ms without typing and at least once a
   * second while typing goes on, plus at once on blur, on unmount and on flush(). Never called for a
   * read-only editor, and never with TipTap's raw JSON: what arrives is ready to send to the server.
   */
  onChange: (doc: ServerDoc) => void
  /**
   * Called at once on every edit, before the debounced onChange has the words: a screen that says "saved"
   * stops saying it while what is on screen is not in what it saved yet.
   */
  onEdit?: () => void
  /** People for the "@" list (at most 8 are shown). A rejection is shown to the user in the list. */
  mentionSearch: (query: string) => Promise<MentionPerson[]>
  /** Accessible name of the editing surface, e.g. "Project description". */
  label: string
  /** The id of the element saying what is wrong with the text, while something is: the surface is then invalid, described by it. */
  errorId?: string
  readOnly?: boolean
  placeholder?: string
  autoFocus?: boolean
  /** See BlobOptions.resolveSrc: maps a stored blob src to an address this window may load. */
  resolveBlobSrc?: (src: string) => string | null
  ref?: Ref<RichTextEditorHandle>
}

interface Loaded {
  value: unknown
  prepared: PreparedDocument
}

/**
 * The rich-text editor for project descriptions and check-in messages. It never loses a byte of the
 * document it was given: content it cannot edit stays as "Unsupported content" and goes back unchanged,
 * and a document that could not survive an edit opens read-only with the reason shown (loss-proof.ts).
 *
 * `value` is read when the editor mounts; a later value with different content replaces the document
 * (after reporting any pending change). Give the component a `key` per document (project or goal id) so
 * switching documents mounts a fresh editor.
 */
export function RichTextEditor({
  value,
  onChange,
  onEdit,
  mentionSearch,
  label,
  errorId,
  readOnly = false,
  placeholder,
  autoFocus = false,
  resolveBlobSrc,
  ref,
}: RichTextEditorProps) {
  const id = useId()
  const editorId = `${id}-surface`
  // Options that only matter when the editor is created (placeholder, blob addresses) are read once.
  const [session] = useState(
    () =>
      new EditorSession({
        ...(placeholder ? { placeholder } : {}),
        ...(resolveBlobSrc ? { resolveBlobSrc } : {}),
      }),
  )
  const status = useSyncExternalStore(session.subscribe, session.getStatus, session.getStatus)
  // The round trip is checked on what TipTap loaded (session.load), so preparing need not check it too.
  const prepare = (next: unknown) => prepareForEditor(next, { verifyRoundTrip: false })
  const [loaded, setLoaded] = useState<Loaded>(() => ({ value, prepared: prepare(value) }))
  const [linkDialog, setLinkDialog] = useState<{ href: string; hasLink: boolean } | null>(null)

  if (value !== loaded.value) {
    // A new value from outside. This editor's own report coming back, or the same content re-read from
    // the server, needs no reload (which would throw away the cursor and the undo history).
    setLoaded({ value, prepared: session.holds(value) ? loaded.prepared : prepare(value) })
  }

  const loadProblem = status.verified === loaded.prepared ? status.loadProblem : null
  const readOnlyReason = loaded.prepared.readOnlyReason ?? loadProblem
  const readOnlyReasonNow = useCallback(
    () =>
      loaded.prepared.readOnlyReason ??
      (session.getStatus().verified === loaded.prepared ? session.loadProblemNow() : null),
    [session, loaded.prepared],
  )
  const editable = !readOnly && readOnlyReason === null

  const editorProps = useMemo(
    () => ({
      attributes: {
        id: editorId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(editable ? {} : { 'aria-readonly': 'true' }),
        ...(placeholder ? { 'aria-placeholder': placeholder } : {}),
        ...(errorId ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        class: 'ot-richtext ot-editor__surface',
      },
    }),
    [editorId, label, editable, placeholder, errorId],
  )

  const editor = useEditor(
    {
      extensions: session.extensions,
      // Empty until session.load puts the document in (see there: loading it here draws it twice).
      content: EMPTY_EDITOR_DOC,
      editable,
      autofocus: autoFocus ? 'end' : false,
      // The styles TipTap would inject as a <style> tag live in editor.css (no inline styles under CSP).
      injectCSS: false,
      // TipTap's own content check would walk the whole document before the first paint; the session's
      // load check (session.load) checks every block in idle time instead, and anything TipTap could not
      // load comes out of it as a difference from the server's document (read-only, nothing saved).
      enableContentCheck: false,
      // TipTap's core Delete extension walks every node a change removed to emit a 'delete' event per
      // node; nothing here listens, and replacing a megabyte (select all, then a key) walked all of it:
      // about 30 ms of the key's handling.
      enableCoreExtensions: { delete: false },
      editorProps,
      onUpdate: ({ editor: current, transaction }) => {
        if (!current.isEditable || transaction.getMeta(LOAD_DOCUMENT_META)) return
        session.changed()
        const aboutUnknown =
          transaction.getMeta(REMOVE_UNKNOWN_META) ||
          transaction.getMeta(KEPT_UNKNOWN_META) ||
          isHistoryTransaction(transaction)
        if (!aboutUnknown) session.edited()
      },
      onBlur: () => session.scheduler.flush(),
    },
    [],
  )

  // Load (or reload) the document and prove that saving it untouched gives back exactly what the server
  // holds; if TipTap changed anything on the way in, the status makes the editor read-only.
  useLayoutEffect(() => {
    if (editor && !editor.isDestroyed) session.load(editor, loaded.prepared)
  }, [editor, loaded.prepared, session])

  useLayoutEffect(() => {
    if (!editor || editor.isDestroyed || editor.isEditable === editable) return
    // Report what was typed before the editor turns read-only.
    if (!editable) session.scheduler.flush()
    editor.setEditable(editable, false)
  }, [editor, editable, session])

  // Leaving the screen must not drop the last second of typing (reporting it finishes the load check
  // first); after that nothing is left to do.
  useEffect(
    () => () => {
      session.scheduler.flush()
      session.dispose()
    },
    [session],
  )

  const openLink = useCallback(() => {
    if (!editor || !editor.isEditable) return
    const href: unknown = editor.getAttributes('link').href
    // As the toolbar's Link button says (TipTap's isActive would count a long document's chunks).
    const [hasLink = false] = marksActive(editor.state, [{ type: editor.schema.marks.link }])
    setLinkDialog({ href: typeof href === 'string' ? href : '', hasLink })
  }, [editor])
  useLayoutEffect(() => {
    session.setCallbacks({ onChange, ...(onEdit ? { onEdit } : {}), search: mentionSearch, openLink })
  }, [session, onChange, onEdit, mentionSearch, openLink])

  const closeLink = () => {
    setLinkDialog(null)
    editor?.commands.focus()
  }

  const applyLink = (href: string) => {
    setLinkDialog(null)
    if (!editor) return
    const { empty } = editor.state.selection
    if (empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the link text. Typing after it is plain text again.
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .unsetMark('link')
        .run()
      return
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run()
  }

  const removeLink = () => {
    setLinkDialog(null)
    editor?.chain().focus().extendMarkRange('link').unsetLink().run()
  }

  useImperativeHandle(
    ref,
    () => ({
      getDocument: () => {
        session.scheduler.flush()
        // The load check may finish only now (it runs in idle time): its verdict counts, not the last render's.
        const reason = readOnlyReasonNow()
        if (reason === null) return session.currentDocument()
        if (loaded.prepared.original && loaded.prepared.displayable)
          return cloneJson(loaded.prepared.original)
        throw new Error(reason)
      },
      getReadOnlyReason: readOnlyReasonNow,
      flush: () => session.scheduler.flush(),
      focus: () => {
        session.editor?.commands.focus()
      },
    }),
    [session, readOnlyReasonNow, loaded.prepared],
  )

  return (
    <div className={`ot-editor${editable ? '' : ' ot-editor--readonly'}`}>
      {readOnlyReason && (
        <p className="ot-editor__notice" role="note">
          {readOnlyReason}
        </p>
      )}
      {editor && editable && <Toolbar editor={editor} editorId={editorId} onOpenLink={openLink} />}
      {editor && editable && linkDialog && (
        <LinkDialog
          initialHref={linkDialog.href}
          hasLink={linkDialog.hasLink}
          onApply={applyLink}
          onRemove={removeLink}
          onCancel={closeLink}
        />
      )}
      <div className="ot-editor__body">
        <EditorContent editor={editor} className="ot-editor__content" />
        {editor && editable && <MentionMenu menu={session.menu} editor={editor} listId={`${id}-people`} />}
      </div>
      {/* Live regions in the document before their words, so that the words are read out. */}
      {editable && (
        <LiveRegion className="ot-editor__unknown-notice">
          {status.unknownNotice === null ? null : status.unknownNotice === 'kept' ? (
            'Unsupported content stays as it is: keys do not change it. To remove a block, use “Remove…” on it.'
          ) : (
            <>
              Unsupported block removed.{' '}
              <button
                type="button"
                className="ot-editor__notice-action"
                onClick={() => {
                  editor?.chain().focus().undo().run()
                  session.edited()
                }}
              >
                Undo
              </button>
            </>
          )}
        </LiveRegion>
      )}
      <LiveRegion className="ot-editor__count" label="Word count">
        {status.wordCount === null ? null : formatWordCount(status.wordCount)}
      </LiveRegion>
    </div>
  )
}
