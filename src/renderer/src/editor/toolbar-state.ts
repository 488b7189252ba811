import type { Editor } from '@tiptap/core'
import type { MarkType, Node as PMNode } from '@tiptap/pm/model'
import type { EditorState } from '@tiptap/pm/state'
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
 * `getAttributes('highlight')` and `can().toggleBold()` answer (toolbar-state.test.ts holds it to them).
 *
 * Why not call them: each walks the whole selection, twelve walks at every change of a selection. After
 * select all in a megabyte that was 80 ms per walk set, and React's store asks twice per change. Here the
 * walk over a selection is done once, applying TipTap's rules for every name at the same time.
 */
export function toolbarState(editor: Editor): ToolbarState {
  const { state } = editor
  const { selection } = state
  const around =
    selection.empty || selection.ranges.length !== 1 ? tiptapAnswers(editor) : walkedAnswers(state)
  const bold = around.marks.bold
  return {
    ...around.marks,
    ...around.blocks,
    highlightColour: isHighlightColour(around.highlight) ? around.highlight : null,
    heading: selection.$from.parent.type.name === 'heading' ? Number(selection.$from.parent.attrs.level) : 0,
    // toggleBold unsets where bold is active (always possible), else it sets: ask only that.
    marksAllowed: bold || editor.can().setMark('bold'),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  }
}

interface Answers {
  marks: Record<ToolbarMark, boolean>
  blocks: Record<ToolbarBlock, boolean>
  highlight: unknown
}

const named = <T extends string>(names: readonly T[], value: (name: T) => boolean) =>
  Object.fromEntries(names.map((name) => [name, value(name)])) as Record<T, boolean>

/** At a caret TipTap's answers read the marks and nodes there: cheap, so they are asked directly. */
function tiptapAnswers(editor: Editor): Answers {
  return {
    marks: named(MARKS, (name) => editor.isActive(name)),
    blocks: named(BLOCKS, (name) => editor.isActive(name)),
    highlight: editor.getAttributes('highlight').highlight,
  }
}

/**
 * TipTap's rules over one selected range, for every name in one walk:
 * - a mark is active when the text (and the marked nodes) it covers, plus what carries a mark that
 *   excludes it (code leaves no room for bold), spans the whole selected text, nodes whose content may
 *   not carry it left out (isMarkActive);
 * - a block is active when the nodes of its type span the selection (isNodeActive);
 * - the highlight's attributes are the first highlight mark met (getMarkAttributes).
 */
function walkedAnswers(state: EditorState): Answers {
  const { from, to } = state.selection
  const tallies = MARKS.map((name) => ({
    name,
    type: state.schema.marks[name],
    selected: 0,
    covered: 0,
    excluded: 0,
  }))
  const types = tallies.map((tally) => tally.type)
  const spans = new Map<string, number>(BLOCKS.map((name) => [name, 0]))
  /** Per inline-content node: the marks (by index) its content may not carry, its ancestors' included. */
  const barred = new Map<PMNode, ReadonlySet<number>>()
  const first: { highlight?: Record<string, unknown> } = {}

  state.doc.nodesBetween(from, to, (node, pos, parent) => {
    const span = Math.min(to, pos + node.nodeSize) - Math.max(from, pos)
    const blockSpan = node.isText ? undefined : spans.get(node.type.name)
    if (blockSpan !== undefined) spans.set(node.type.name, blockSpan + span)
    first.highlight ??= node.marks.find((mark) => mark.type.name === 'highlight')?.attrs

    let skip = (parent && barred.get(parent)) || NONE
    if (node.inlineContent) {
      skip = barredIn(node, types, skip)
      barred.set(node, skip)
    }
    if (!node.isText && node.marks.length === 0) return true
    tallies.forEach((tally, index) => {
      if (!tally.type || skip.has(index)) return
      tally.selected += span
      for (const mark of node.marks) {
        if (mark.type === tally.type) tally.covered += span
        else if (mark.type.excludes(tally.type)) tally.excluded += span
      }
    })
    return true
  })

  const active = new Set(
    tallies
      .filter(
        (tally) =>
          tally.selected > 0 && tally.covered > 0 && tally.covered + tally.excluded >= tally.selected,
      )
      .map((tally) => tally.name),
  )
  return {
    marks: named(MARKS, (name) => active.has(name)),
    blocks: named(BLOCKS, (name) => (spans.get(name) ?? 0) >= to - from),
    highlight: first.highlight?.highlight,
  }
}

const NONE: ReadonlySet<number> = new Set()

function barredIn(node: PMNode, types: ReadonlyArray<MarkType | undefined>, inherited: ReadonlySet<number>) {
  const barred = new Set(inherited)
  types.forEach((type, index) => {
    if (type && !node.type.allowsMarkType(type)) barred.add(index)
  })
  return barred.size === inherited.size ? inherited : barred
}
