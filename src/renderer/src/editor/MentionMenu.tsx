import type { Editor } from '@tiptap/core'
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react'
import { LiveRegion } from '../ui/LiveRegion'
import type { MentionMenu as MentionMenuModel } from './mention-suggestion'

export interface MentionMenuProps {
  menu: MentionMenuModel
  editor: Editor
  listId: string
}

/**
 * The list of people under an "@": a listbox whose active option the editing surface points at with
 * aria-activedescendant, so screen readers follow the arrow keys while focus stays in the text.
 */
export function MentionMenu({ menu, editor, listId }: MentionMenuProps) {
  const state = useSyncExternalStore(menu.subscribe, menu.getState, menu.getState)
  const popup = useRef<HTMLDivElement>(null)
  const hasPeople = state.open && state.people.length > 0

  useLayoutEffect(() => {
    if (!state.open || !popup.current) return
    return menu.attach(popup.current)
  }, [state.open, menu])

  useEffect(() => {
    if (editor.isDestroyed) return
    const surface = editor.view.dom
    if (hasPeople) {
      surface.setAttribute('aria-controls', listId)
      surface.setAttribute('aria-activedescendant', `${listId}-${state.activeIndex}`)
    } else {
      surface.removeAttribute('aria-controls')
      surface.removeAttribute('aria-activedescendant')
    }
  }, [editor, hasPeople, listId, state.activeIndex])

  let message: string | null = null
  if (state.open && !hasPeople) {
    if (state.loading) message = 'Searching…'
    else if (state.error) message = state.error
    else message = state.query ? `No one matches “${state.query}”.` : 'Type a name to mention someone.'
  }

  // The menu's words ("Searching…", "No one matches…") are read from a region that is in the document
  // before the "@" is typed: the popup itself comes and goes, and a region born with its words is not
  // read out. The popup shows the same words to the eye only.
  return (
    <>
      <LiveRegion className="visually-hidden" label="Mention search">
        {message}
      </LiveRegion>
      {state.open ? (
        <div ref={popup} className="ot-mention-menu">
          {hasPeople ? (
            <ul className="ot-mention-menu__list" role="listbox" id={listId} aria-label="People to mention">
              {state.people.map((person, index) => (
                <li
                  key={person.id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === state.activeIndex}
                  className="ot-mention-menu__option"
                  // Keep focus (and the half-typed "@na") in the editor while clicking a person.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => menu.setActive(index)}
                  onClick={() => menu.choose(index)}
                >
                  {person.label}
                </li>
              ))}
            </ul>
          ) : (
            <p
              className={`ot-mention-menu__message${state.error ? ' ot-mention-menu__message--error' : ''}`}
              aria-hidden="true"
            >
              {message}
            </p>
          )}
        </div>
      ) : null}
    </>
  )
}
