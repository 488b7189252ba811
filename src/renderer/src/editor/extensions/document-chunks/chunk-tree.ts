import { Fragment, type Node as PMNode } from '@tiptap/pm/model'
import { DOCUMENT_CHUNK } from '../../operately-types'
import { CHUNK_BLOCKS } from './nodes'

// Reading and making a document's chunks: what the editor's readers, the keeper and the loader share.

export const isChunked = (doc: PMNode): boolean => doc.firstChild?.type.name === DOCUMENT_CHUNK

/**
 * A document as the editor loads it: a long one in chunks, anything else as it is. The blocks are the same
 * objects; only the chunk wrappers are new. `doc` must be of the editor's schema.
 */
export function chunkedDocument(doc: PMNode, blocksPerChunk = CHUNK_BLOCKS): PMNode {
  const chunk = doc.type.schema.nodes[DOCUMENT_CHUNK]
  if (!chunk || doc.childCount <= blocksPerChunk || isChunked(doc)) return doc
  const blocks: PMNode[] = []
  doc.forEach((block) => blocks.push(block))
  const chunks: PMNode[] = []
  for (let start = 0; start < blocks.length; start += blocksPerChunk) {
    chunks.push(chunk.create(null, Fragment.fromArray(blocks.slice(start, start + blocksPerChunk))))
  }
  return doc.type.create(doc.attrs, Fragment.fromArray(chunks), doc.marks)
}

const flatViews = new WeakMap<PMNode, PMNode>()

/**
 * The editor's document with its blocks as one list (the same block objects, so everything remembered
 * per block still applies); an unchunked document is returned as it is. Made once per document state.
 */
export function flatDocument(doc: PMNode): PMNode {
  if (!isChunked(doc)) return doc
  let flat = flatViews.get(doc)
  if (!flat) {
    const blocks: PMNode[] = []
    doc.forEach((chunk) => chunk.forEach((block) => blocks.push(block)))
    flat = doc.type.create(doc.attrs, Fragment.fromArray(blocks), doc.marks)
    flatViews.set(doc, flat)
  }
  return flat
}

/**
 * `pos`, or where it stands among the blocks when it lies between two chunks (or before the first, after
 * the last): there only chunks may stand, and a block put there would come in a chunk of its own.
 */
export function amongBlocks(doc: PMNode, pos: number): number {
  if (!isChunked(doc) || doc.resolve(pos).depth > 0) return pos
  return pos === 0 ? 1 : pos - 1
}

/** flatDocument for the editor's JSON (TipTap getJSON): chunks replaced by their blocks. */
export function flattenChunks(content: readonly unknown[]): unknown[] {
  const isChunk = (node: unknown): node is { content?: unknown[] } =>
    typeof node === 'object' && node !== null && (node as { type?: unknown }).type === DOCUMENT_CHUNK
  if (!content.some(isChunk)) return content as unknown[]
  return content.flatMap((node) => (isChunk(node) ? (node.content ?? []) : [node]))
}

/**
 * The range to delete to remove the top-level block at [from, to] wherever the selection is: the block,
 * or its whole chunk when it is the chunk's only block. A chunk holds at least one block, so deleting its
 * last one alone would leave an empty paragraph in its place, which the same document without chunks
 * does not get.
 */
export function blockRemovalRange(doc: PMNode, from: number, to: number): { from: number; to: number } {
  const $from = doc.resolve(from)
  if (!isChunked(doc) || $from.depth !== 1 || $from.parent.childCount > 1 || doc.childCount === 1) {
    return { from, to }
  }
  return { from: $from.before(1), to: $from.after(1) }
}

/** Start positions of the document's chunks, and the end of the last one. */
export function chunkStarts(doc: PMNode): number[] {
  const starts: number[] = []
  doc.forEach((_chunk, offset) => starts.push(offset))
  starts.push(doc.content.size)
  return starts
}
