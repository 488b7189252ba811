import { isSameDocument, type ServerDoc } from '../../editor'
import type { DescriptionDraft, KeptCopy } from './description-draft'

/**
 * What the description page knows about the edit in progress, as a pure reducer: which server version the
 * edit is based on (what a save is checked against), what the editor holds, whether that differs from the
 * server (unsaved changes), a conflict being resolved, and the person's own version kept aside after
 * "Take theirs". The page keeps the draft on disk in step with `draftOf(state)`.
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

/** The document the editor holds now. */
export function currentDocument(state: EditState): ServerDoc | string | null {
  return state.latest ?? state.editor.value
}

/**
 * How the page opens: on the server's description, or on a draft left from an earlier visit when it still
 * holds an edit (it differs both from the version it started from and from what the server has now).
 */
export function initialEditState(
  serverDescription: string | null,
  draft: DescriptionDraft | null,
  draftSavedAt: string | null,
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
    save: { state: 'idle' },
  }
  const doc = draft?.doc ?? null
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
      const next = { ...state, ...editor, base: action.description, conflict: null }
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
    case 'draftDiscarded':
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
    const parsed: unknown = JSON.parse(value)
    return typeof parsed === 'object' && parsed !== null && (parsed as { type?: unknown }).type === 'doc'
      ? (parsed as ServerDoc)
      : null
  } catch {
    // Not a document: there is no edit of it to keep.
    return null
  }
}
