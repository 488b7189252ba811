import type { Person, RichDoc } from './types'
import { slugId } from './ids'

/**
 * Builders for the TipTap documents of the seed, and the walk the server does over submitted
 * documents to find mentions (every mentioned id must be a real person).
 */

export type Node = Record<string, unknown>
export type Mark = { type: string; attrs?: Record<string, unknown> }

export const doc = (...content: Node[]): RichDoc => ({ type: 'doc', content })
export const text = (value: string, ...marks: Mark[]): Node =>
  marks.length > 0 ? { type: 'text', text: value, marks } : { type: 'text', text: value }
export const paragraph = (...content: Node[]): Node =>
  content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' }
export const heading = (level: number, ...content: Node[]): Node => ({
  type: 'heading',
  attrs: { level },
  content,
})
export const bulletList = (...items: Node[][]): Node => ({
  type: 'bulletList',
  content: items.map((content) => ({ type: 'listItem', content: [paragraph(...content)] })),
})
export const orderedList = (start: number, ...items: Node[][]): Node => ({
  type: 'orderedList',
  attrs: { start, type: null },
  content: items.map((content) => ({ type: 'listItem', content: [paragraph(...content)] })),
})
export const codeBlock = (language: string | null, code: string): Node => ({
  type: 'codeBlock',
  attrs: { language },
  content: [text(code)],
})
export const blockquote = (...content: Node[]): Node => ({ type: 'blockquote', content })
export const hardBreak = (): Node => ({ type: 'hardBreak' })
export const horizontalRule = (): Node => ({ type: 'horizontalRule' })
export const mention = (person: Person): Node => ({
  type: 'mention',
  attrs: { id: slugId(person.fullName, person.id), label: person.fullName, mentionSuggestionChar: '@' },
})
export const blob = (attrs: {
  id: string
  src: string
  alt: string
  title: string
  filetype: string
  filesize: number
}): Node => ({ type: 'blob', attrs: { ...attrs, status: 'uploaded', progress: 100 } })

export const bold: Mark = { type: 'bold' }
export const italic: Mark = { type: 'italic' }
export const strike: Mark = { type: 'strike' }
export const code: Mark = { type: 'code' }
export const underline: Mark = { type: 'underline' }
export const highlight = (value: string): Mark => ({ type: 'highlight', attrs: { highlight: value } })
export const link = (href: string): Mark => ({
  type: 'link',
  attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow', class: null, title: null },
})

/** Ids of every `mention` node, in document order. */
export function mentionIds(value: unknown): string[] {
  const found: string[] = []
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk)
      return
    }
    if (typeof node !== 'object' || node === null) return
    const n = node as Record<string, unknown>
    if (n.type === 'mention') {
      const attrs = n.attrs as Record<string, unknown> | undefined
      found.push(typeof attrs?.id === 'string' ? attrs.id : '')
    }
    walk(n.content)
  }
  walk(value)
  return found
}
