import type { Editor } from '@tiptap/core'
import { useEffect, useState } from 'react'
import { walksSelection } from './mark-activity'
import { toolbarState, type ToolbarState } from './toolbar-state'

/** The same editor state answers once (a re-render asks again). */
const answered = new WeakMap<object, ToolbarState>()
function toolbarStateOnce(editor: Editor): ToolbarState {
  let state = answered.get(editor.state)
  if (!state) {
    state = toolbarState(editor)
    answered.set(editor.state, state)
  }
  return state
}

const sameState = (a: ToolbarState, b: ToolbarState) =>
  (Object.keys(a) as Array<keyof ToolbarState>).every((key) => a[key] === b[key])

/**
 * The toolbar's state, following the editor.
 *
 * At a caret it follows at once (cheap: TipTap reads the marks there). Over a selection of text it follows
 * just after the browser has painted the selection: the answer walks every node selected (about 25 ms
 * after select all in a megabyte), and inside the key's own handling that walk delayed the selection on
 * screen. One frame later the buttons show what is pressed; a newer selection in between cancels the walk.
 * The component re-renders only when a button's state changes.
 */
export function useToolbarState(editor: Editor): ToolbarState {
  const [state, setState] = useState(() => toolbarStateOnce(editor))

  useEffect(() => {
    let frame: number | null = null
    let timer: ReturnType<typeof setTimeout> | null = null
    const cancel = () => {
      if (frame !== null) cancelAnimationFrame(frame)
      if (timer !== null) clearTimeout(timer)
      frame = timer = null
    }
    const show = () => {
      if (editor.isDestroyed) return
      const next = toolbarStateOnce(editor)
      setState((shown) => (sameState(shown, next) ? shown : next))
    }
    const follow = () => {
      cancel()
      if (!walksSelection(editor.state.selection)) {
        show()
        return
      }
      // The frame that paints the selection first, then the walk in a task of its own.
      frame = requestAnimationFrame(() => {
        frame = null
        timer = setTimeout(() => {
          timer = null
          show()
        }, 0)
      })
    }
    follow()
    editor.on('transaction', follow)
    return () => {
      cancel()
      editor.off('transaction', follow)
    }
  }, [editor])

  return state
}
