import { behindReason } from '@shared/domain/sync-states'
import type { QueuedDescription } from '@shared/domain/sync'
import { isSameDocument, parseJson, type ServerDoc } from '../../editor'
import type { DescriptionDraft, KeptCopy } from './description-draft'

/**
 * What the description page knows about the edit in progress, as a pure reducer: which server version the
 * edit is based on (what a save is checked against), what the editor holds, whether that differs from the
 * server (unsaved changes), a save waiting in the outbox because Operately could not be reached, a
 * conflict being resolved, and the person's own version kept aside after "Take theirs". The page keeps
 * the draft on disk in step with `draftOf(state)`.
 */

export type SaveStatus =
  | { state: 'idle' }
  | { state: 'saving'; overwrite: boolean }
  | { state: 'saved'; at: string }
  | { state: 'failed'; message: string }

export interface Conflict {
  /** The person's version, as it was when the save found the conflict. */
  mine: ServerDoc
  /** The server's description now (null: it has none). */
  theirs: string | null
}

/** A save of this description waiting in the outbox on this computer (sent once Operately can be reached). */
export interface QueuedSave {
  entryId: string
  /** The text waiting to be sent. */
  doc: ServerDoc | string
  queuedAt: string
  /** Why it has not been sent yet, in plain words; null when that is not known. */
  lastError: string | null
  /** The entry's state when last known here: a change to `conflict` after that is news to show. */
  state: QueuedDescription['state']
  /** An earlier save of this description waits for the person, so this one waits too (`lastError` says so). */
  behind: boolean
  /**
   * The page opened with this save already waiting (queued on an earlier visit): a notice at the top says
   * since when. A save queued during this visit is said by the status next to Save.
   */
  fromEarlier: boolean
}

export interface EditState {
  /** The server description the edit is based on. */
  base: string | null
  /** What the editor was last loaded with; a new generation mounts a fresh editor on it. */
  editor: { value: ServerDoc | string | null; generation: number }
  /** The last document the editor reported; null while it still holds `editor.value`. */
  latest: ServerDoc | null
  /** The editor holds something other than `base`. */
  dirty: boolean
  /** When the draft restored on opening was kept; null when nothing was restored. */
  restoredAt: string | null
  keptCopy: KeptCopy | null
  /** The server's version, shown read-only beside a merged edit; null otherwise. */
  reference: { description: string | null } | null
  conflict: Conflict | null
  /** The save waiting in the outbox, if any. Until the server confirms it, `dirty` stays true (the draft stays). */
  queued: QueuedSave | null
  save: SaveStatus
}

export type EditAction =
  | { type: 'changed'; doc: ServerDoc }
  | { type: 'saveStarted'; overwrite: boolean }
  | { type: 'saved'; sent: ServerDoc; description: string; at: string }
  | { type: 'conflicted'; mine: ServerDoc; theirs: string | null }
  | { type: 'failed'; message: string }
  | { type: 'tookTheirs'; at: string }
  | { type: 'mergeStarted' }
  | { type: 'keptCopyRestored' }
  | { type: 'keptCopyDismissed' }
  | { type: 'draftDiscarded'; serverDescription: string | null }
  /** The save could not reach Operately and waits in the outbox; `base` is what it will be checked against. */
  | {
      type: 'queued'
      sent: ServerDoc
      base: string | null
      entryId: string
      at: string
      reason: string
    }
  /** The waiting save reached the server (seen while the page is open). */
  | { type: 'queueDelivered'; description: string; at: string }
  /** Before sending the waiting save, main found the server's description changed meanwhile. */
  | { type: 'queueConflicted'; theirs: string | null }
  /** The waiting save left the outbox without reaching the server (discarded from the Sync view). */
  | { type: 'queueLeft' }
  /**
   * An earlier save of this description began waiting for the person (`reason` says why this one waits
   * too), or stopped (null): the lane goes in order.
   */
  | { type: 'queueBehind'; reason: string | null }

/** The document the editor holds now. */
export function currentDocument(state: EditState): ServerDoc | string | null {
  return state.latest ?? state.editor.value
}

/**
 * How the page opens: on the server's description, or on a draft left from an earlier visit when it still
 * holds an edit (it differs both from the version it started from and from what the server has now). With
 * a save of this project still in the outbox, on that save's text (or a draft typed on after it), based on
 * what the save will be checked against; and with its conflict when main found one.
 */
export function initialEditState(
  serverDescription: string | null,
  draft: DescriptionDraft | null,
  draftSavedAt: string | null,
  queued: QueuedDescription | null = null,
): EditState {
  const base: EditState = {
    base: serverDescription,
    editor: { value: serverDescription, generation: 0 },
    latest: null,
    dirty: false,
    restoredAt: null,
    keptCopy: draft?.keptCopy ?? null,
    reference: null,
    conflict: null,
    queued: null,
    save: { state: 'idle' },
  }
  const doc = draft?.doc ?? null
  if (queued) return openOnQueued(base, queued, draft, draftSavedAt)
  if (!draft || doc === null) return base
  if (isSameDocument(doc, draft.base) || isSameDocument(doc, serverDescription)) return base
  return {
    ...base,
    base: draft.base,
    editor: { value: doc, generation: 0 },
    dirty: true,
    restoredAt: draftSavedAt,
  }
}

function openOnQueued(
  plain: EditState,
  queued: QueuedDescription,
  draft: DescriptionDraft | null,
  draftSavedAt: string | null,
): EditState {
  const typed = draft?.doc ?? null
  // A draft typed on after the save was queued holds more than the outbox: it is what the editor shows.
  const draftHoldsMore =
    draft !== null &&
    typed !== null &&
    !isSameDocument(typed, queued.description) &&
    !isSameDocument(typed, draft.base) &&
    !isSameDocument(typed, plain.base)
  const value: ServerDoc | string = draftHoldsMore ? typed : queued.description
  const base = draftHoldsMore ? draft.base : queued.base
  const mine = queued.conflict ? asDocument(value) : null
  return {
    ...plain,
    base,
    editor: { value, generation: 0 },
    dirty: !isSameDocument(value, base),
    restoredAt: draftHoldsMore ? draftSavedAt : null,
    // Shown beside the server's version; a text that is no document cannot be, and stays in the editor.
    conflict: queued.conflict && mine ? { mine, theirs: queued.conflict.serverDescription } : null,
    queued: {
      entryId: queued.entryId,
      doc: queued.description,
      queuedAt: queued.queuedAt,
      lastError: behindReason(queued.behind) ?? queued.lastError?.message ?? null,
      state: queued.state,
      behind: queued.behind !== null,
      fromEarlier: true,
    },
  }
}

/**
 * Whether the editor holds something not yet handed over: different from what waits in the outbox when a
 * save waits there, else from the server's version. Saving is offered only then.
 */
export function hasUnsentChanges(state: EditState): boolean {
  return state.queued ? !isSameDocument(currentDocument(state), state.queued.doc) : state.dirty
}

const reload = (state: EditState, value: ServerDoc | string | null) => ({
  editor: { value, generation: state.editor.generation + 1 },
  latest: null,
})

export function editReducer(state: EditState, action: EditAction): EditState {
  switch (action.type) {
    case 'changed': {
      const dirty = !isSameDocument(action.doc, state.base)
      const save = state.save.state === 'saved' && dirty ? { state: 'idle' as const } : state.save
      return { ...state, latest: action.doc, dirty, save }
    }
    case 'saveStarted':
      return { ...state, save: { state: 'saving', overwrite: action.overwrite } }
    case 'saved': {
      // "Keep mine" is saved from the conflict view, while no editor is shown: open one on what was sent.
      const editor = state.conflict ? reload(state, action.sent) : {}
      const next = { ...state, ...editor, base: action.description, conflict: null, queued: null }
      return {
        ...next,
        // Typing may have gone on while the save was on its way.
        dirty: !isSameDocument(currentDocument(next), action.description),
        restoredAt: null,
        reference: null,
        save: { state: 'saved', at: action.at },
      }
    }
    case 'conflicted':
      return {
        ...state,
        latest: action.mine,
        conflict: { mine: action.mine, theirs: action.theirs },
        save: { state: 'idle' },
      }
    case 'failed':
      return { ...state, save: { state: 'failed', message: action.message } }
    case 'tookTheirs': {
      if (!state.conflict) return state
      const { mine, theirs } = state.conflict
      return {
        ...state,
        ...reload(state, theirs),
        base: theirs,
        dirty: false,
        conflict: null,
        keptCopy: { doc: mine, keptAt: action.at },
        restoredAt: null,
        reference: null,
        // A save of mine that waited in the outbox was discarded by the page before this.
        queued: null,
        save: { state: 'idle' },
      }
    }
    case 'mergeStarted': {
      if (!state.conflict) return state
      const { mine, theirs } = state.conflict
      return {
        ...state,
        editor: { value: mine, generation: state.editor.generation + 1 },
        latest: mine,
        base: theirs,
        dirty: !isSameDocument(mine, theirs),
        conflict: null,
        reference: { description: theirs },
        save: { state: 'idle' },
      }
    }
    case 'keptCopyRestored': {
      if (!state.keptCopy) return state
      const { doc } = state.keptCopy
      return {
        ...state,
        editor: { value: doc, generation: state.editor.generation + 1 },
        latest: doc,
        dirty: !isSameDocument(doc, state.base),
        keptCopy: null,
        save: { state: 'idle' },
      }
    }
    case 'keptCopyDismissed':
      return { ...state, keptCopy: null }
    case 'draftDiscarded': {
      // With a save in the outbox, "discard draft" drops only what was typed after it.
      if (state.queued) {
        const { doc } = state.queued
        return {
          ...state,
          ...reload(state, doc),
          dirty: !isSameDocument(doc, state.base),
          restoredAt: null,
          save: { state: 'idle' },
        }
      }
      return {
        ...state,
        ...reload(state, action.serverDescription),
        base: action.serverDescription,
        dirty: false,
        restoredAt: null,
        reference: null,
        save: { state: 'idle' },
      }
    }
    case 'queued': {
      // "Keep mine" can be queued too, from the conflict view: open an editor on what was handed over.
      const editor = state.conflict ? reload(state, action.sent) : {}
      const next: EditState = {
        ...state,
        ...editor,
        base: action.base,
        conflict: null,
        reference: null,
        restoredAt: null,
        queued: {
          entryId: action.entryId,
          doc: action.sent,
          queuedAt: action.at,
          lastError: action.reason || null,
          state: 'pending',
          behind: false,
          fromEarlier: state.queued?.fromEarlier ?? false,
        },
        save: { state: 'idle' },
      }
      // Not on the server yet: the text stays unsaved against the base, and so stays a draft on disk.
      return { ...next, dirty: !isSameDocument(currentDocument(next), action.base) }
    }
    case 'queueDelivered': {
      if (!state.queued) return state
      const next = { ...state, base: action.description, queued: null }
      return {
        ...next,
        dirty: !isSameDocument(currentDocument(next), action.description),
        restoredAt: null,
        save: { state: 'saved', at: action.at },
      }
    }
    case 'queueConflicted': {
      if (!state.queued || state.conflict) return state
      // Mine is everything typed: what waited in the outbox and anything typed after it.
      const mine = asDocument(currentDocument(state)) ?? asDocument(state.queued.doc)
      if (!mine) return state
      return {
        ...state,
        latest: mine,
        conflict: { mine, theirs: action.theirs },
        queued: { ...state.queued, state: 'conflict' },
        save: { state: 'idle' },
      }
    }
    case 'queueLeft':
      return state.queued ? { ...state, queued: null } : state
    case 'queueBehind': {
      if (!state.queued || state.queued.behind === (action.reason !== null)) return state
      return {
        ...state,
        queued: { ...state.queued, behind: action.reason !== null, lastError: action.reason },
      }
    }
  }
}

/** The draft to keep on disk for this state: the unsaved edit (if any) and the kept copy (if any). */
export function draftOf(state: EditState): DescriptionDraft {
  return {
    doc: state.dirty ? asDocument(currentDocument(state)) : null,
    base: state.base,
    keptCopy: state.keptCopy,
  }
}

function asDocument(value: ServerDoc | string | null): ServerDoc | null {
  if (typeof value !== 'string') return value
  try {
    const parsed: unknown = parseJson(value)
    return typeof parsed === 'object' && parsed !== null && (parsed as { type?: unknown }).type === 'doc'
      ? (parsed as ServerDoc)
      : null
  } catch {
    // Not a document: there is no edit of it to keep.
    return null
  }
}
