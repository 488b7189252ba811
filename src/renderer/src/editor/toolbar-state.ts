import type { Editor } from '@tiptap/core'
import type { Node as PMNode } from '@tiptap/pm/model'
import { marksActive, walksSelection } from './mark-activity'
import { isHighlightColour, type HighlightColour } from './operately-types'

/** The marks and the blocks whose buttons show as pressed. */
const MARKS = ['bold', 'italic', 'underline', 'strike', 'code', 'highlight', 'link'] as const
const BLOCKS = ['bulletList', 'orderedList', 'blockquote', 'codeBlock'] as const

type ToolbarMark = (typeof MARKS)[number]
type ToolbarBlock = (typeof BLOCKS)[number]

export type ToolbarState = Record<ToolbarMark | ToolbarBlock, boolean> & {
  highlightColour: HighlightColour | null
  /** The heading level the selection starts in, 0 outside a heading. */
  heading: number
  /** Marks are not allowed inside a code block: their buttons say so instead of doing nothing. */
  marksAllowed: boolean
  canUndo: boolean
  canRedo: boolean
}

/**
 * What the toolbar shows for the editor's selection: exactly what TipTap's `isActive(name)`,
 * `getAttributes('highlight')` and `can().toggleBold()` answer for the same document without chunks
 * (toolbar-state.test.ts holds it to them).
 *
 * Why not call them: each walks the whole selection, twelve walks at every change of a selection. After
 * select all in a megabyte that was 80 ms per walk set, and React's store asks twice per change. Here one
 * walk answers every button (mark-activity.ts), and a long document's chunk marks are left out.
 */
export function toolbarState(editor: Editor): ToolbarState {
  const { state } = editor
  const { selection } = state
  const walked = walksSelection(selection)
  const spans = new Map<string, number>(BLOCKS.map((name) => [name, 0]))
  const first: { highlight?: Record<string, unknown> } = {}
  // isNodeActive: the nodes of a type span the selection; getMarkAttributes: the first highlight met.
  const visit = (node: PMNode, _pos: number, span: number) => {
    const blockSpan = node.isText ? undefined : spans.get(node.type.name)
    if (blockSpan !== undefined) spans.set(node.type.name, blockSpan + span)
    first.highlight ??= node.marks.find((mark) => mark.type.name === 'highlight')?.attrs
  }
  const active = marksActive(
    state,
    MARKS.map((name) => ({ type: state.schema.marks[name] })),
    visit,
  )
  const marks = named(MARKS, (name) => active[MARKS.indexOf(name)] === true)
  const blocks = named(BLOCKS, (name) =>
    walked ? (spans.get(name) ?? 0) >= selection.to - selection.from : editor.isActive(name),
  )
  const highlight: unknown = walked ? first.highlight?.highlight : editor.getAttributes('highlight').highlight
  const { $from } = selection
  return {
    ...marks,
    ...blocks,
    highlightColour: isHighlightColour(highlight) ? highlight : null,
    heading: $from.parent.type.name === 'heading' ? Number($from.parent.attrs.level) : 0,
    // toggleBold unsets where bold is active (always possible), else it sets: ask only that.
    marksAllowed: marks.bold || editor.can().setMark('bold'),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  }
}

const named = <T extends string>(names: readonly T[], value: (name: T) => boolean) =>
  Object.fromEntries(names.map((name) => [name, value(name)])) as Record<T, boolean>
