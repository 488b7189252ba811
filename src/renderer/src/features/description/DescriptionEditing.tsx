import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { ProjectDetail } from '@shared/domain/projects'
import type { SessionState } from '@shared/session'
import { searchMentionable } from '../../bridge/people'
import { useSaveDescription } from '../../bridge/projects'
import {
  assertSafeToSave,
  RichTextEditor,
  RichTextView,
  type RichTextEditorHandle,
  type ServerDoc,
} from '../../editor'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { CheckIcon, LockIcon } from '../../ui/icons'
import { showBlobsAsFiles } from './blob-display'
import { ConflictPanel } from './ConflictPanel'
import type { DescriptionDraft } from './description-draft'
import { useDraftPersistence } from './draft-persistence'
import { draftOf, editReducer, initialEditState, type EditAction, type EditState } from './edit-state'
import { PageTop } from './PageTop'
import { keptAtLabel, statusLabel } from './project-display'

type SignedIn = Extract<SessionState, { status: 'signed_in' }>

export interface DescriptionEditingProps {
  session: SignedIn
  detail: ProjectDetail
  draftKey: `description:${string}`
  /** The draft value as read from disk, so an unchanged draft is not written again. */
  storedDraft: unknown
  draft: DescriptionDraft | null
  draftSavedAt: string | null
  /** The draft could not be read: say so, the text on screen is the server's. */
  draftProblem: string | null
  onBack: () => void
  onLeftWithDraft: (projectName: string) => void
}

const isSaveShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's'

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err))

/**
 * The description editor page: the project's description in the loss-proof editor, saved only when the
 * person asks (Save or Ctrl/Cmd+S), never over a newer version on the server without their say, and kept
 * as a draft on disk within a second of every change until the server has confirmed it.
 */
export function DescriptionEditing(props: DescriptionEditingProps) {
  const { session, detail, draftKey, onBack, onLeftWithDraft } = props
  const [state, setState] = useState<EditState>(() =>
    initialEditState(detail.description, props.draft, props.draftSavedAt),
  )
  // The reducer runs outside React's render: the editor reports its last change while unmounting, and
  // that change must still become the draft.
  const stateRef = useRef(state)
  const { persist, error: draftError } = useDraftPersistence(draftKey, props.storedDraft)
  const dispatch = useCallback(
    (action: EditAction) => {
      const next = editReducer(stateRef.current, action)
      stateRef.current = next
      setState(next)
      persist(draftOf(next))
    },
    [persist],
  )
  // A draft that held nothing worth restoring (already on the server) is cleaned up now.
  useEffect(() => persist(draftOf(stateRef.current)), [persist])

  const editor = useRef<RichTextEditorHandle>(null)
  const saveDescription = useSaveDescription()
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)

  const readOnlyReason = !session.canWrite
    ? 'This API token can only read, so changes cannot be saved from here. To edit, sign in again with a token that may make changes (Account → API tokens in Operately).'
    : !detail.canEdit
      ? 'You can view this project but may not edit its description. Ask its champion or an admin of its space for edit access.'
      : null
  const editable = readOnlyReason === null

  useEffect(() => {
    if (!editable) heading.current?.focus()
  }, [editable])

  const onChange = useCallback((doc: ServerDoc) => dispatch({ type: 'changed', doc }), [dispatch])
  const mentionSearch = useCallback(
    (query: string) => searchMentionable(query, [session.person.id]),
    [session.person.id],
  )

  const save = async (overwrite: boolean) => {
    if (!editable || stateRef.current.save.state === 'saving') return
    const conflict = stateRef.current.conflict
    // Reading the document reports any pending change first, so the dirty check below is current.
    const doc = conflict ? conflict.mine : editor.current?.getDocument()
    const current = stateRef.current
    if (!doc || (!conflict && !current.dirty)) return
    try {
      assertSafeToSave(current.editor.value, doc)
    } catch (err) {
      dispatch({ type: 'failed', message: messageOf(err) })
      return
    }
    dispatch({ type: 'saveStarted', overwrite })
    try {
      const result = await saveDescription.mutateAsync({
        projectId: detail.id,
        description: JSON.stringify(doc),
        baseDescription: current.base,
        overwrite,
      })
      if (result.outcome === 'saved') {
        dispatch({ type: 'saved', sent: doc, description: result.description, at: result.savedAt })
      } else {
        dispatch({ type: 'conflicted', mine: doc, theirs: result.serverDescription })
      }
    } catch (err) {
      dispatch({ type: 'failed', message: messageOf(err) })
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isSaveShortcut(event)) return
    event.preventDefault()
    // During a conflict only the person's choice may save (and "Keep mine" must be chosen, not typed).
    if (!stateRef.current.conflict) void save(false)
  }

  const leave = () => {
    editor.current?.flush()
    if (stateRef.current.dirty) onLeftWithDraft(detail.name)
    onBack()
  }

  const meta = [detail.spaceName, statusLabel(detail.status)].filter(Boolean).join(' · ')
  const saving = state.save.state === 'saving'
  const restoredLabel = state.restoredAt ? keptAtLabel(state.restoredAt) : null
  const keptLabel = state.keptCopy ? keptAtLabel(state.keptCopy.keptAt) : null

  return (
    <div className="description" onKeyDown={onKeyDown}>
      <PageTop onBack={leave} webUrl={detail.webUrl} />
      <header className="description__header">
        <h1 id={headingId} ref={heading} tabIndex={-1} className="screen-title">
          {detail.name || 'Untitled project'}
        </h1>
        {meta ? <p className="description__meta">{meta}</p> : null}
      </header>

      {readOnlyReason ? (
        <p className="description__notice description__notice--readonly" role="note">
          <LockIcon className="description__notice-icon" />
          <span>{readOnlyReason}</span>
        </p>
      ) : null}
      {props.draftProblem ? (
        <p className="description__notice description__notice--warning" role="note">
          Your saved draft could not be read: {props.draftProblem}
        </p>
      ) : null}
      {draftError ? (
        <p className="description__notice description__notice--warning" role="alert">
          Your changes could not be kept as a draft on this computer: {draftError} Save them before closing.
        </p>
      ) : null}
      {editable && state.restoredAt !== null && !state.conflict ? (
        <div className="description__notice" role="status">
          <span>Restored your unsaved draft{restoredLabel ? ` from ${restoredLabel}` : ''}.</span>
          <button
            type="button"
            className="description__notice-action"
            onClick={() => dispatch({ type: 'draftDiscarded', serverDescription: detail.description })}
          >
            Discard draft
          </button>
        </div>
      ) : null}
      {editable && state.keptCopy && !state.conflict ? (
        <KeptCopyNotice
          keptAt={keptLabel}
          onRestore={() => dispatch({ type: 'keptCopyRestored' })}
          onDiscard={() => dispatch({ type: 'keptCopyDismissed' })}
        />
      ) : null}

      {state.conflict ? (
        <ConflictPanel
          mine={state.conflict.mine}
          theirs={state.conflict.theirs}
          saving={saving}
          error={state.save.state === 'failed' ? state.save.message : null}
          onKeepMine={() => void save(true)}
          onTakeTheirs={() => dispatch({ type: 'tookTheirs', at: new Date().toISOString() })}
          onMerge={() => dispatch({ type: 'mergeStarted' })}
        />
      ) : (
        <>
          <RichTextEditor
            key={state.editor.generation}
            ref={editor}
            value={state.editor.value}
            onChange={onChange}
            mentionSearch={mentionSearch}
            label="Project description"
            placeholder="Describe the project: its goal, plan and people. Type @ to mention someone."
            readOnly={!editable}
            autoFocus={editable}
            resolveBlobSrc={showBlobsAsFiles}
          />
          {state.reference ? (
            <section className="description__merge" aria-label="In Operately now (for reference)">
              <h2 className="description__section-title">In Operately now (for reference)</h2>
              <RichTextView
                value={state.reference.description ?? { type: 'doc', content: [{ type: 'paragraph' }] }}
                resolveBlobSrc={showBlobsAsFiles}
                className="description__reference"
              />
            </section>
          ) : null}
          {editable ? (
            <footer className="description__footer">
              <SaveState state={state} />
              <Button
                busy={saving}
                busyLabel="Saving…"
                disabled={!state.dirty}
                aria-keyshortcuts="Control+S Meta+S"
                title="Save (Ctrl+S)"
                onClick={() => void save(false)}
              >
                Save
              </Button>
            </footer>
          ) : null}
        </>
      )}
    </div>
  )
}

/** The person's own version, set aside by "Take theirs": restore it, or (asked twice) let it go. */
function KeptCopyNotice({
  keptAt,
  onRestore,
  onDiscard,
}: {
  keptAt: string | null
  onRestore: () => void
  onDiscard: () => void
}) {
  const [confirming, setConfirming] = useState(false)
  return (
    <div className="description__notice" role="status">
      {confirming ? (
        <>
          <span>Discard your version for good?</span>
          <button type="button" className="description__notice-action" onClick={onDiscard}>
            Discard
          </button>
          <button
            type="button"
            className="description__notice-action description__notice-action--quiet"
            onClick={() => setConfirming(false)}
          >
            Keep it
          </button>
        </>
      ) : (
        <>
          <span>Your version was kept:</span>
          <button
            type="button"
            className="description__notice-action"
            title={keptAt ? `Set aside at ${keptAt}` : undefined}
            onClick={onRestore}
          >
            Restore it
          </button>
          <button
            type="button"
            className="description__notice-action description__notice-action--quiet"
            onClick={() => setConfirming(true)}
          >
            Discard…
          </button>
        </>
      )}
    </div>
  )
}

/** Where the text stands: saved on the server, only kept as a draft, or not saved because of an error. */
function SaveState({ state }: { state: EditState }) {
  const failed = state.save.state === 'failed' ? state.save.message : null
  return (
    <div className="description__state">
      <ErrorAlert title={failed ? 'Not saved' : undefined} message={failed ?? undefined} />
      <p className="description__status" role="status">
        {state.save.state === 'saving' ? null : state.dirty ? (
          'Your changes are kept as a draft'
        ) : state.save.state === 'saved' ? (
          <>
            <CheckIcon className="description__status-icon" />
            Saved
          </>
        ) : null}
      </p>
    </div>
  )
}
