import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { behindReason } from '@shared/domain/sync-states'
import type { SyncView } from '@shared/domain/sync'
import type { SessionState } from '@shared/session'
import { useNavigation } from '../../app/navigation'
import type { BridgeError } from '../../bridge/bridge-error'
import { searchMentionable } from '../../bridge/people'
import { readProject, useSaveDescription, type ProjectView } from '../../bridge/projects'
import { useDiscardSyncItem, useSyncPick } from '../../bridge/sync'
import {
  assertSafeToSave,
  isSameDocument,
  RichTextEditor,
  RichTextView,
  stringifyJson,
  type RichTextEditorHandle,
  type ServerDoc,
} from '../../editor'
import { Button } from '../../ui/Button'
import { Freshness } from '../../ui/Freshness'
import { LiveRegion } from '../../ui/LiveRegion'
import { syncedAtText } from '../../ui/freshness'
import { ErrorAlert } from '../../ui/Notice'
import { CheckIcon, LockIcon } from '../../ui/icons'
import { showBlobsAsFiles } from './blob-display'
import { ConflictPanel } from './ConflictPanel'
import type { DescriptionDraft } from './description-draft'
import { useDraftPersistence } from './draft-persistence'
import type { LeftWithChanges } from './left-with-changes'
import {
  draftOf,
  editReducer,
  hasUnsentChanges,
  initialEditState,
  type EditAction,
  type EditState,
  type QueuedSave,
} from './edit-state'
import { PageTop } from './PageTop'
import { keptAtLabel, statusLabel } from './project-display'
import { entryNews, listedEntry, type SeenEntry } from './queued-entry-watch'

type SignedIn = Extract<SessionState, { status: 'signed_in' }>

export interface DescriptionEditingProps {
  session: SignedIn
  /** The project as main answered it: with how fresh it is, and a save of it still in the outbox. */
  detail: ProjectView
  draftKey: `description:${string}`
  /** The draft value as read from disk, so an unchanged draft is not written again. */
  storedDraft: unknown
  draft: DescriptionDraft | null
  draftSavedAt: string | null
  /** The draft could not be read: say so, the text on screen is the server's. */
  draftProblem: string | null
  onBack: () => void
  onLeftWithDraft: (left: LeftWithChanges) => void
}

const isSaveShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's'

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err))

/** The queued save's entry as the outbox view lists it (module-level, as useSyncPick asks). */
const listedInView = (view: SyncView, entryId: string | null) => listedEntry(view.items, entryId)

/**
 * The description editor page: the project's description in the loss-proof editor, saved only when the
 * person asks (Save or Ctrl/Cmd+S), never over a newer version on the server without their say, and kept
 * as a draft on disk within a second of every change until the server has confirmed it. A save Operately
 * cannot take now waits in the outbox ("Queued"); the page opens on it, and follows it while open.
 */
export function DescriptionEditing(props: DescriptionEditingProps) {
  const { session, detail, draftKey, onBack, onLeftWithDraft } = props
  const [state, setState] = useState<EditState>(() =>
    initialEditState(detail.description, props.draft, props.draftSavedAt, detail.queued),
  )
  // The reducer runs outside React's render: the editor reports its last change while unmounting, and
  // that change must still become the draft.
  const stateRef = useRef(state)
  const {
    persist,
    error: draftError,
    kept: draftKept,
    whenWritten,
  } = useDraftPersistence(draftKey, props.storedDraft, {
    text: detail.description,
    sha256: detail.descriptionSha256,
  })
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
  // The description changed again while the conflict panel was open: "Keep mine" sent nothing.
  const [changedAgain, setChangedAgain] = useState(false)
  const discardQueued = useDiscardSyncItem()
  const { navigate } = useNavigation()
  const [now] = useState(() => new Date())
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
    // Reading the document reports any pending change first, so the check below is current.
    const doc = conflict ? conflict.mine : editor.current?.getDocument()
    const current = stateRef.current
    if (!doc || (!conflict && !hasUnsentChanges(current))) return
    try {
      assertSafeToSave(current.editor.value, doc)
    } catch (err) {
      dispatch({ type: 'failed', message: messageOf(err) })
      return
    }
    // "Keep mine" is chosen with the server's version in view: that version is what it replaces.
    const base = conflict && overwrite ? conflict.theirs : current.base
    dispatch({ type: 'saveStarted', overwrite })
    try {
      const result = await saveDescription.mutateAsync({
        projectId: detail.id,
        description: stringifyJson(doc),
        baseDescription: base,
        overwrite,
      })
      switch (result.outcome) {
        case 'saved':
          setChangedAgain(false)
          dispatch({ type: 'saved', sent: doc, description: result.description, at: result.savedAt })
          break
        case 'conflict':
          // "Keep mine" meets a version newer than the one shown: the panel comes back with it, and says so.
          setChangedAgain(Boolean(conflict && overwrite))
          dispatch({ type: 'conflicted', mine: doc, theirs: result.serverDescription })
          break
        case 'queued':
          setChangedAgain(false)
          dispatch({
            type: 'queued',
            sent: doc,
            base,
            entryId: result.entryId,
            at: result.queuedAt,
            reason: result.reason,
          })
          break
      }
    } catch (err) {
      dispatch({ type: 'failed', message: messageOf(err) })
    }
  }

  /**
   * "Take theirs": a version of mine waiting in the outbox is discarded there first (it must never be sent
   * over theirs); mine is then kept aside on this computer, to restore.
   */
  const takeTheirs = async () => {
    const queued = stateRef.current.queued
    if (queued) {
      try {
        await discardQueued.mutateAsync(queued.entryId)
      } catch (err) {
        // Already gone from the outbox (sent or discarded meanwhile): nothing there to remove.
        if ((err as BridgeError).kind !== 'not_found') {
          dispatch({ type: 'failed', message: messageOf(err) })
          return
        }
      }
    }
    dispatch({ type: 'tookTheirs', at: new Date().toISOString() })
  }

  // Follows a save waiting in the outbox while the page is open, through the Sync view's polled list. Only
  // that entry is picked from the list, so the page (and its editor) renders again only when it changes.
  const queuedEntryId = state.queued?.entryId ?? null
  const listed = useSyncPick(listedInView, queuedEntryId).data
  const seenEntry = useRef<SeenEntry | null>(null)
  const recheck = useCallback(
    async (entryId: string) => {
      let view: ProjectView
      try {
        view = await readProject(detail.id)
      } catch (err) {
        // The notice keeps saying the save waits, which is still true as far as the page knows.
        console.warn('Could not read the project again to follow its queued save', err)
        return
      }
      const queued = stateRef.current.queued
      if (!queued || queued.entryId !== entryId) return
      if (view.queued?.entryId === entryId) {
        if (view.queued.conflict) {
          dispatch({ type: 'queueConflicted', theirs: view.queued.conflict.serverDescription })
        } else {
          dispatch({ type: 'queueBehind', reason: behindReason(view.queued.behind) })
        }
        return
      }
      dispatch(
        view.description !== null && isSameDocument(view.description, queued.doc)
          ? { type: 'queueDelivered', description: view.description, at: view.fetchedAt }
          : { type: 'queueLeft' },
      )
    },
    [detail.id, dispatch],
  )
  useEffect(() => {
    if (!listed) return
    const queued: QueuedSave | null = state.queued
    const expected = queued ? { id: queued.entryId, state: queued.state, behind: queued.behind } : null
    const { news, seen } = entryNews(seenEntry.current, expected, listed)
    seenEntry.current = seen
    if (queued && news.kind !== 'none') void recheck(queued.entryId)
  }, [listed, state.queued, recheck])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isSaveShortcut(event)) return
    event.preventDefault()
    // During a conflict only the person's choice may save (and "Keep mine" must be chosen, not typed).
    if (!stateRef.current.conflict) void save(false)
  }

  const leave = () => {
    editor.current?.flush()
    const unsent = hasUnsentChanges(stateRef.current)
    onBack()
    // Said on the list only once the last draft write is done, as it went: never "kept" on a failure.
    if (unsent) void whenWritten().then((kept) => onLeftWithDraft({ projectName: detail.name, kept }))
  }
  const openSync = () => {
    editor.current?.flush()
    navigate({ section: 'sync' })
  }
  // The weekly check-in beside the description: what is typed here stays in its draft meanwhile.
  const openCheckIn = () => {
    editor.current?.flush()
    navigate({ section: 'projects', projectId: detail.id, checkIn: true })
  }

  const meta = [detail.spaceName, statusLabel(detail.status)].filter(Boolean).join(' · ')
  const saving = state.save.state === 'saving'
  const restoredLabel = state.restoredAt ? keptAtLabel(state.restoredAt) : null
  const keptLabel = state.keptCopy ? keptAtLabel(state.keptCopy.keptAt) : null

  return (
    <div className="description" onKeyDown={onKeyDown}>
      <PageTop onBack={leave} webUrl={detail.webUrl} onCheckIn={openCheckIn} />
      <header className="description__header">
        <h1 id={headingId} ref={heading} tabIndex={-1} className="screen-title">
          {detail.name || 'Untitled project'}
        </h1>
        {meta ? <p className="description__meta">{meta}</p> : null}
        <Freshness read={detail} className="description__freshness" />
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
      {/* In the document before a draft write fails, so that the failure is read out. */}
      <LiveRegion role="alert" className="description__notice description__notice--warning">
        {draftError
          ? `Your changes could not be kept as a draft on this computer: ${draftError} Save them before closing.`
          : null}
      </LiveRegion>
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

      {state.queued?.fromEarlier && !state.conflict ? (
        <QueuedNotice queued={state.queued} now={now} onOpenSync={openSync} />
      ) : null}

      {state.conflict ? (
        <ConflictPanel
          key={changedAgain ? state.conflict.theirs : 'first'}
          changedAgain={changedAgain}
          mine={state.conflict.mine}
          theirs={state.conflict.theirs}
          queued={state.queued !== null}
          saving={saving}
          takingTheirs={discardQueued.isPending}
          error={state.save.state === 'failed' ? state.save.message : null}
          onKeepMine={() => void save(true)}
          onTakeTheirs={() => void takeTheirs()}
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
              <SaveState state={state} draftKept={draftKept} />
              <Button
                busy={saving}
                busyLabel="Saving…"
                disabled={!hasUnsentChanges(state)}
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

/**
 * A save of this description waits in the outbox: since when, why it has not gone yet, and the way to the
 * Sync view, where it can be retried or discarded.
 */
function QueuedNotice({
  queued,
  now,
  onOpenSync,
}: {
  queued: QueuedSave
  now: Date
  onOpenSync: () => void
}) {
  return (
    <div className="queued-note description__queued" role="status">
      <span>Waiting to be sent since {syncedAtText(queued.queuedAt, now)}.</span>
      <button type="button" className="queued-note__action" onClick={onOpenSync}>
        Open Sync
      </button>
      {queued.lastError ? <span className="queued-note__detail">{queued.lastError}</span> : null}
    </div>
  )
}

/**
 * Where the text stands: saved on the server, waiting in the outbox, only kept as a draft, or not saved
 * because of an error. "Kept as a draft" is said only once a draft write has landed, never after one
 * failed.
 */
function SaveState({ state, draftKept }: { state: EditState; draftKept: boolean }) {
  const failed = state.save.state === 'failed' ? state.save.message : null
  return (
    <div className="description__state">
      <ErrorAlert title={failed ? 'Not saved' : undefined} message={failed ?? undefined} />
      <p className="description__status" role="status">
        {state.save.state === 'saving' ? null : hasUnsentChanges(state) ? (
          draftKept ? (
            'Your changes are kept as a draft'
          ) : (
            'Your changes are not saved anywhere yet'
          )
        ) : state.queued ? (
          'Queued · will be sent when Operately can be reached'
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
