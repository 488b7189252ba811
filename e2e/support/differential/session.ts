import type { DocumentSize } from './documents'
import type { Aim, Step, View } from './steps'

/** A named list of steps on one of the generated documents. */
export interface Session {
  name: string
  size: DocumentSize
  steps: Step[]
}

export const at = (block: number, offset: number): Aim => ({ block, offset })

/** Scrolled so `block` (its first character) sits at `fraction` of the surface's height. */
export const view = (block: number, fraction: number): View => ({ at: at(block, 0), fraction })

/**
 * The chunk boundary the fixed sessions of a document work at (the first block of a chunk of 40): the
 * only one of the 41-block document, and one in the middle of the long ones (none at the start, where a
 * document opens). The blocks around it are paragraphs (documents.ts).
 */
export function boundaryOf(size: DocumentSize): number {
  return size === 5000 ? 2040 : 40
}

/** The block `distance` blocks after `block`, kept inside the document. */
export const within = (size: DocumentSize, block: number): number => Math.max(0, Math.min(size - 1, block))
