import { seededRandom, type Random } from './prng'
import type { Json } from './page-api'

/*
 * The documents the sessions run on: numbered top-level blocks of StarterKit's kinds only (so stock TipTap
 * holds them exactly as the app does), generated from a fixed seed. Most blocks are paragraphs long
 * enough to wrap in the 380-pixel popup; headings, lists, quotes, code blocks and rules are mixed in,
 * never within four blocks of the chunk boundaries the fixed sessions aim at (PLAIN_BOUNDARIES: "a few
 * characters into block 38 / 42" is always a paragraph's text) and never first or last (the document
 * starts and ends with a paragraph, as stock TipTap's trailing-paragraph rule wants).
 */

/** Chunk boundaries (multiples of 40) with only paragraphs within four blocks on either side. */
export const PLAIN_BOUNDARIES = [40, 2040] as const

export const DOCUMENT_SIZES = [41, 200, 5000] as const
export type DocumentSize = (typeof DOCUMENT_SIZES)[number]

/** The name a document is served under (/doc/<name>.json). */
export const documentName = (size: DocumentSize): string => `blocks-${size}`

const WORDS = [
  'plan',
  'review',
  'launch',
  'budget',
  'customers',
  'feedback',
  'quarter',
  'milestone',
  'design',
  'research',
  'support',
  'release',
  'metrics',
  'hiring',
  'onboarding',
  'pricing',
  'roadmap',
  'team',
  'deadline',
  'prototype',
  'contract',
  'partner',
  'office',
  'training',
  'survey',
  'dashboard',
  'sprint',
  'estimate',
  'risk',
  'scope',
  'vendor',
  'workshop',
  'analysis',
  'update',
  'draft',
  'decision',
] as const

const text = (value: string, marks?: string[]): Json =>
  marks
    ? { type: 'text', text: value, marks: marks.map((type) => ({ type })) }
    : { type: 'text', text: value }
const paragraphOf = (content: Json[]): Json => ({ type: 'paragraph', content })

function words(random: Random, min: number, max: number): string {
  return Array.from({ length: random.int(min, max) }, () => random.pick(WORDS)).join(' ')
}

/** A paragraph "Block N …" of 10–22 words, some with a bold or italic word in it. */
function numberedParagraph(index: number, random: Random): Json {
  const lead = `Block ${index} ${words(random, 4, 8)} `
  const tail = ` ${words(random, 5, 13)}.`
  if (index % 7 === 3) return paragraphOf([text(lead), text(random.pick(WORDS), ['bold']), text(tail)])
  if (index % 11 === 6) return paragraphOf([text(lead), text(random.pick(WORDS), ['italic']), text(tail)])
  return paragraphOf([text(`${lead.trimEnd()}${tail}`)])
}

function listItems(index: number, random: Random): Json[] {
  return Array.from({ length: random.int(2, 3) }, (_, item) => ({
    type: 'listItem',
    content: [paragraphOf([text(`Block ${index} item ${item + 1} ${words(random, 3, 9)}`)])],
  }))
}

function block(index: number, size: number, random: Random): Json {
  const special =
    index > 0 && index < size - 1 && PLAIN_BOUNDARIES.every((boundary) => Math.abs(index - boundary) > 4)
  if (special && index % 17 === 5) {
    return { type: 'heading', attrs: { level: 2 }, content: [text(`Block ${index} ${words(random, 2, 4)}`)] }
  }
  if (special && index % 23 === 11) return { type: 'bulletList', content: listItems(index, random) }
  if (special && index % 29 === 7) {
    return { type: 'orderedList', attrs: { start: 1 }, content: listItems(index, random) }
  }
  if (special && index % 31 === 13) {
    return { type: 'blockquote', content: [numberedParagraph(index, random)] }
  }
  if (special && index % 37 === 19) {
    return {
      type: 'codeBlock',
      attrs: { language: null },
      content: [text(`Block ${index} code\nconst total = ${index} * 2`)],
    }
  }
  if (special && index % 41 === 25) return { type: 'horizontalRule' }
  return numberedParagraph(index, random)
}

/** The document of `size` numbered top-level blocks (the same every time). */
export function numberedDocument(size: number): Json {
  const random = seededRandom(0x5eed + size)
  return { type: 'doc', content: Array.from({ length: size }, (_, index) => block(index, size, random)) }
}

export function allDocuments(): Record<string, Json> {
  return Object.fromEntries(DOCUMENT_SIZES.map((size) => [documentName(size), numberedDocument(size)]))
}
