import { Fragment, Slice, type Mark, type MarkType, type Node as PMNode } from '@tiptap/pm/model'
import type { EditorState, Transaction } from '@tiptap/pm/state'
import { DOCUMENT_CHUNK } from '../../operately-types'
import { CHUNK_BLOCKS } from './chunk-mark'

// Reading, making and keeping a document's chunks (see chunk-mark.ts): what the loader, the keeper and
// the copy share.

/** A chunk longer than this (blocks added inside it) is cut into chunks of `blocksPerChunk` again. */
const longest = (blocksPerChunk: number) => 2 * blocksPerChunk

const chunkType = (node: PMNode): MarkType | undefined => node.type.schema.marks[DOCUMENT_CHUNK]

const chunkOf = (node: PMNode): Mark | undefined =>
  node.marks.find((mark) => mark.type.name === DOCUMENT_CHUNK)

let lastChunkId = 0
/** An id no chunk has had in this page. */
const newChunkId = (): number => ++lastChunkId

/** `node` without its chunk mark (the same object when it has none). */
export function withoutChunk(node: PMNode): PMNode {
  const chunk = chunkOf(node)
  return chunk ? node.mark(chunk.removeFromSet(node.marks)) : node
}

/**
 * A document as the editor loads it: a long one with each block in its chunk, anything else as it is.
 * `doc` must be of the editor's schema.
 */
export function chunkedDocument(doc: PMNode, blocksPerChunk = CHUNK_BLOCKS): PMNode {
  const type = chunkType(doc)
  if (!type || doc.childCount <= blocksPerChunk) return doc
  const blocks: PMNode[] = []
  let chunk = type.create({ id: newChunkId() })
  doc.forEach((block, _offset, index) => {
    if (index > 0 && index % blocksPerChunk === 0) chunk = type.create({ id: newChunkId() })
    blocks.push(block.mark(chunk.addToSet(block.marks)))
  })
  return doc.copy(Fragment.fromArray(blocks))
}

/** A copied slice without chunks: what goes to the clipboard or is dragged holds only blocks. */
export function sliceWithoutChunks(slice: Slice): Slice {
  let found = false
  const strip = (fragment: Fragment): Fragment => {
    const children: PMNode[] = []
    fragment.forEach((node) => {
      const bare = withoutChunk(node)
      if (bare !== node) found = true
      children.push(node.isTextblock || node.isLeaf ? bare : bare.copy(strip(bare.content)))
    })
    return Fragment.fromArray(children)
  }
  const content = strip(slice.content)
  return found ? new Slice(content, slice.openStart, slice.openEnd) : slice
}

/**
 * A pasted or dropped slice whose blocks will sit at the top level of a document in chunks, with those
 * blocks in new chunks of `blocksPerChunk` already: left to the keeper, each pasted block would get its
 * chunk in a step of its own, and 200 pasted paragraphs made 200 steps, each copying the list of the
 * document's blocks, and again in every plugin that replays a change's steps (300 ms in a megabyte).
 * Anywhere else (inside a list, a quote, a block of another kind) the slice is left to the keeper.
 */
export function sliceInChunks(slice: Slice, state: EditorState, blocksPerChunk: number): Slice {
  const type = chunkType(state.doc)
  const { $from } = state.selection
  const chunked = state.doc.firstChild ? chunkOf(state.doc.firstChild) !== undefined : false
  // A few blocks join the chunk they land in (the keeper's few steps): chunks of their own would leave
  // ever more small chunks behind each paste.
  const few = slice.content.childCount < blocksPerChunk
  if (!type || !chunked || few || $from.depth > 1 || slice.openStart > 1) return slice
  let fits = true
  slice.content.forEach((node) => {
    if (!node.isBlock || !state.doc.type.contentMatch.matchType(node.type)) fits = false
  })
  if (!fits) return slice
  const blocks: PMNode[] = []
  let chunk = type.create({ id: newChunkId() })
  slice.content.forEach((node, _offset, index) => {
    if (index > 0 && index % blocksPerChunk === 0) chunk = type.create({ id: newChunkId() })
    blocks.push(node.mark(chunk.addToSet(node.marks)))
  })
  return new Slice(Fragment.fromArray(blocks), slice.openStart, slice.openEnd)
}

/**
 * Adds to `tr` what its document needs to be drawn in chunks again after an edit (`before`: the document
 * before it): blocks moved below the top level (into a list, a quote) leave their chunk; a block
 * without one (new, pasted, lifted out of a list) joins the chunk before it; a chunk grown past twice
 * `blocksPerChunk` is cut into chunks of `blocksPerChunk`. A document that never had chunks gets them
 * once it is long. Only marks change: every position stays where it was.
 */
export function keepChunks(tr: Transaction, before: PMNode, blocksPerChunk: number): void {
  const type = chunkType(tr.doc)
  if (!type || !Number.isFinite(blocksPerChunk)) return
  leaveNestedChunks(tr, before, type)
  const chunks: Array<Mark | undefined> = []
  const starts: number[] = []
  tr.doc.forEach((block, offset) => {
    chunks.push(chunkOf(block))
    starts.push(offset)
  })
  const first = chunks.find((chunk) => chunk !== undefined)
  if (first === undefined && chunks.length <= blocksPerChunk) return
  // One mark object per chunk: ProseMirror compares a block's marks with its chunk element's for every
  // block at every key, and the same object compares at once.
  const wanted = chunks.slice()
  let previous = first ?? type.create({ id: newChunkId() })
  for (let index = 0; index < wanted.length; index++) previous = wanted[index] ??= previous
  cutLongChunks(wanted as Mark[], blocksPerChunk, type)
  wanted.forEach((chunk, index) => {
    if (chunk !== chunks[index]) tr.addNodeMark(starts[index]!, chunk!)
  })
}

/** Cuts runs of one chunk longer than `longest` into runs of `blocksPerChunk`, each but the first a new chunk. */
function cutLongChunks(chunks: Mark[], blocksPerChunk: number, type: MarkType): void {
  let start = 0
  for (let index = 1; index <= chunks.length; index++) {
    if (index < chunks.length && chunks[index]!.eq(chunks[start]!)) continue
    if (index - start > longest(blocksPerChunk)) {
      for (let cut = start + blocksPerChunk; cut < index; cut += blocksPerChunk) {
        const chunk = type.create({ id: newChunkId() })
        for (let block = cut; block < Math.min(cut + blocksPerChunk, index); block++) chunks[block] = chunk
      }
    }
    start = index
  }
}

/** Takes the chunk off blocks below the top level, in the part of the document the edit changed. */
function leaveNestedChunks(tr: Transaction, before: PMNode, type: MarkType): void {
  const after = tr.doc
  const start = before.content.findDiffStart(after.content)
  if (start === null) return
  const end = before.content.findDiffEnd(after.content)?.b ?? after.content.size
  const nested: number[] = []
  after.nodesBetween(start, Math.max(start, end), (node, pos, parent) => {
    if (parent !== after && type.isInSet(node.marks)) nested.push(pos)
    return !node.isTextblock
  })
  for (const pos of nested) tr.removeNodeMark(pos, type)
}
