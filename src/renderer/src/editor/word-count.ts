import type { Node as PMNode } from '@tiptap/pm/model'
import { blockCache } from './block-caches'

// Chinese and Japanese are written without spaces: each character counts as a word there, as word
// processors count them. Everywhere else a word is a run of letters, digits and marks, joined by an
// apostrophe or hyphen ("don't", "well-known"). A regular expression rather than Intl.Segmenter, which
// takes minutes (not milliseconds) on a 1 MB document.
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}'
const WORD = new RegExp(
  `[${CJK}]|(?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+(?:['’-](?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+)*`,
  'gu',
)

/** Words in a piece of text. */
export function countWords(text: string): number {
  let count = 0
  WORD.lastIndex = 0
  while (WORD.exec(text) !== null) count++
  return count
}

const wordsByBlock = blockCache<PMNode, number>()

/** Words in one top-level block of an editor document, counted once per block object. */
export function blockWords(block: PMNode): number {
  let words = wordsByBlock.get(block)
  if (words === undefined) {
    words = countWords(block.textBetween(0, block.content.size, ' ', ' '))
    wordsByBlock.set(block, words)
  }
  return words
}

/**
 * Words in an editor document; unsupported placeholders do not count. Counted block by block, each
 * block once: ProseMirror keeps unedited blocks as the same objects, so while someone types only the
 * block they type in is counted again. No word spans two blocks, so the sum is the document's count.
 */
export function countDocumentWords(doc: PMNode): number {
  let total = 0
  doc.forEach((block) => {
    total += blockWords(block)
  })
  return total
}

const numbers = new Intl.NumberFormat('en')

export function formatWordCount(count: number): string {
  return `${numbers.format(count)} ${count === 1 ? 'word' : 'words'}`
}
