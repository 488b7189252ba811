import { isMarkActive, objectIncludes } from '@tiptap/core'
import type { Mark, MarkType, Node as PMNode } from '@tiptap/pm/model'
import type { EditorState, Selection } from '@tiptap/pm/state'
import { DOCUMENT_CHUNK } from './operately-types'

export interface MarkQuestion {
  type: MarkType | undefined
  /** Attributes the mark must have (TipTap's `isActive('highlight', { highlight: 'textRed' })`). */
  attributes?: Record<string, unknown>
}

/**
 * Called for every node of a walked selection, with the part of it selected: other questions, same walk.
 * A caret (or a selection of several ranges) is not walked: there TipTap's own answers are cheap.
 */
export type SelectionVisitor = (node: PMNode, pos: number, span: number) => void

/** Whether marksActive walks this selection (and calls its visitor). */
export const walksSelection = (selection: Selection): boolean =>
  !selection.empty && selection.ranges.length === 1

/**
 * Whether each mark is active in the selection, by TipTap's `isMarkActive` rules, asked all at once:
 * a mark is active when the text (and the marked nodes) it covers, plus what carries a mark that excludes
 * it (code leaves no room for bold), spans everything selected, nodes whose content may not carry it left
 * out. One walk over the selection answers every question, and `visit` may ask its own on the way.
 *
 * A long document's chunk marks (extensions/document-chunks/) are left out: TipTap counts the span of
 * every marked block against each mark, so with them Bold shows unpressed, and Ctrl+B sets bold again,
 * over two bold paragraphs. Without them the answer is the one the same document gets without chunks.
 */
export function marksActive(
  state: EditorState,
  questions: readonly MarkQuestion[],
  visit?: SelectionVisitor,
): boolean[] {
  const { selection } = state
  if (!walksSelection(selection)) {
    // At a caret TipTap reads the marks there (never a block's): cheap, and its own answer.
    return questions.map(({ type, attributes }) => (type ? isMarkActive(state, type, attributes) : false))
  }
  const { from, to } = selection
  const tallies = questions.map(() => ({ selected: 0, covered: 0, excluded: 0 }))
  const types = questions.map((question) => question.type)
  /** Per inline-content node: the questions whose mark its content may not carry, its ancestors' too. */
  const barred = new Map<PMNode, ReadonlySet<number>>()

  state.doc.nodesBetween(from, to, (node, pos, parent) => {
    const span = Math.min(to, pos + node.nodeSize) - Math.max(from, pos)
    visit?.(node, pos, span)
    let skip = (parent && barred.get(parent)) || NONE
    if (node.inlineContent) {
      skip = barredIn(node, types, skip)
      barred.set(node, skip)
    }
    const marks = node.isText ? node.marks : withoutChunk(node.marks)
    if (!node.isText && marks.length === 0) return true
    questions.forEach(({ type, attributes = {} }, index) => {
      const tally = tallies[index]!
      if (!type || skip.has(index)) return
      tally.selected += span
      for (const mark of marks) {
        if (mark.type === type) {
          if (objectIncludes(mark.attrs, attributes, { strict: false })) tally.covered += span
        } else if (mark.type.excludes(type)) tally.excluded += span
      }
    })
    return true
  })

  return tallies.map(
    ({ selected, covered, excluded }) => selected > 0 && covered > 0 && covered + excluded >= selected,
  )
}

const withoutChunk = (marks: readonly Mark[]) => marks.filter((mark) => mark.type.name !== DOCUMENT_CHUNK)

const NONE: ReadonlySet<number> = new Set()

function barredIn(node: PMNode, types: ReadonlyArray<MarkType | undefined>, inherited: ReadonlySet<number>) {
  const barred = new Set(inherited)
  types.forEach((type, index) => {
    if (type && !node.type.allowsMarkType(type)) barred.add(index)
  })
  return barred.size === inherited.size ? inherited : barred
}
