import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion'
import type { MentionNodeAttrs } from '@tiptap/extension-mention'
import type { MentionPerson, MentionSuggestion } from './extensions/mention'
import { markKeyUsed } from './used-keys'

export const MAX_MENTION_RESULTS = 8

export interface MentionMenuState {
  open: boolean
  query: string
  people: MentionPerson[]
  loading: boolean
  /** Why the people search failed, in plain words; null when it did not. */
  error: string | null
  activeIndex: number
}

const CLOSED: MentionMenuState = {
  open: false,
  query: '',
  people: [],
  loading: false,
  error: null,
  activeIndex: 0,
}

/** What the "@" people search needs from RichTextEditor: the search itself. */
export type MentionSearch = (query: string) => Promise<MentionPerson[]>

/**
 * The state behind the "@" people list, shared by TipTap's suggestion plugin (which reports the query and
 * keys) and the MentionMenu component (which draws the listbox). A tiny external store, read with
 * useSyncExternalStore, so typing in the editor does not re-render anything while the list is closed.
 */
export interface MentionMenu {
  suggestion: MentionSuggestion
  getState(): MentionMenuState
  subscribe(listener: () => void): () => void
  /** Inserts the person at `index` as a mention node and closes the list. */
  choose(index: number): void
  setActive(index: number): void
  /** Positions the list element under the "@" text; returns the clean-up. */
  attach(element: HTMLElement): () => void
}

function describeError(error: unknown): string {
  const detail = error instanceof Error && error.message ? error.message : 'the search did not answer'
  return `Could not search for people: ${detail}`
}

export function createMentionMenu(getSearch: () => MentionSearch): MentionMenu {
  let state: MentionMenuState = CLOSED
  let current: SuggestionProps<MentionPerson, MentionNodeAttrs> | null = null
  const listeners = new Set<() => void>()

  const set = (next: Partial<MentionMenuState>): void => {
    state = { ...state, ...next }
    if (state.activeIndex >= state.people.length) state = { ...state, activeIndex: 0 }
    for (const listener of listeners) listener()
  }

  const show = (props: SuggestionProps<MentionPerson, MentionNodeAttrs>): void => {
    current = props
    const loading = props.loading
    // A new search clears the last failure; a finished one keeps whatever items() reported.
    set({ open: true, query: props.query, people: props.items, loading, ...(loading ? { error: null } : {}) })
  }

  const choose = (index: number): void => {
    const person = state.people[index]
    if (!current || !person) return
    current.command({ id: person.id, label: person.label })
  }

  const onKeyDown = ({ event }: SuggestionKeyDownProps): boolean => {
    // The suggestion plugin uses every Escape while an @-query is active (it dismisses the query).
    if (event.key === 'Escape') markKeyUsed(event)
    if (!state.open) return false
    const count = state.people.length
    switch (event.key) {
      case 'ArrowDown':
        if (count > 0) set({ activeIndex: (state.activeIndex + 1) % count })
        return true
      case 'ArrowUp':
        if (count > 0) set({ activeIndex: (state.activeIndex - 1 + count) % count })
        return true
      case 'Enter':
      case 'Tab':
        if (count === 0) return false
        choose(state.activeIndex)
        return true
      case 'Escape':
        // The suggestion plugin closes itself after this; onExit resets the list.
        set(CLOSED)
        return true
      default:
        return false
    }
  }

  const suggestion: MentionSuggestion = {
    char: '@',
    // People are looked up a moment after the typing pauses, not on every keystroke.
    debounce: 150,
    items: async ({ query, signal }) => {
      try {
        const people = await getSearch()(query)
        return people.slice(0, MAX_MENTION_RESULTS)
      } catch (error) {
        if (!signal.aborted) set({ error: describeError(error), loading: false })
        // Rethrown so TipTap's suggestion plugin also sees the failure and stops showing "loading".
        throw error
      }
    },
    render: () => ({
      onStart: show,
      onUpdate: show,
      onKeyDown,
      onExit: () => {
        current = null
        set(CLOSED)
      },
    }),
  }

  return {
    suggestion,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    choose,
    setActive: (index) => set({ activeIndex: index }),
    attach(element) {
      if (!current) return () => undefined
      return current.mount(element, {
        // Layout observers exist in Chromium; test DOMs without them simply skip live re-positioning.
        autoUpdate: {
          elementResize: typeof ResizeObserver !== 'undefined',
          layoutShift: typeof IntersectionObserver !== 'undefined',
        },
      })
    },
  }
}
