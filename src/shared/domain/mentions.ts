import { sameId } from '../ids'

/**
 * The @mentions of a rich-text document (TipTap JSON): who they name, and the document with some of them
 * turned into plain text. Operately answers a check-in that mentions someone it no longer knows with a
 * 500, so such mentions must become words before the message is sent.
 */

export interface Mention {
  id: string
  /** The name the mention shows; null when the document does not say. */
  label: string | null
}

type Node = { type?: unknown; attrs?: unknown; content?: unknown; [key: string]: unknown }

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const mentionOf = (node: Node): Mention | null => {
  if (node.type !== 'mention' || !isNode(node.attrs)) return null
  const { id, label } = node.attrs
  if (typeof id !== 'string' || id === '') return null
  return { id, label: typeof label === 'string' && label.trim() !== '' ? label : null }
}

/** Every mention in the document, in document order (a person mentioned twice comes twice). */
export function mentionsIn(doc: unknown): Mention[] {
  const found: Mention[] = []
  const walk = (value: unknown, depth: number): void => {
    // A document this deep is not one a person wrote: stop rather than exhaust the stack.
    if (depth > 200 || !isNode(value)) return
    const mention = mentionOf(value)
    if (mention) found.push(mention)
    if (Array.isArray(value.content)) for (const child of value.content) walk(child, depth + 1)
  }
  walk(doc, 0)
  return found
}

/** The same document as JSON text, or the mentions of JSON text that is not a document: none. */
export function mentionsInText(text: string | null): Mention[] {
  if (text === null) return []
  try {
    return mentionsIn(JSON.parse(text))
  } catch {
    return []
  }
}

/** What a mention of nobody known becomes when it has no name of its own. */
export const NAMELESS_PERSON = 'someone no longer in Operately'

/**
 * The document with every mention of these people
 * (compared as the server reads ids: slug, short id or UUID) turned into their name as plain text, keeping
 * the mention's marks; with the names it turned into text, once each. Everything else, unknown node types included, is kept as it is.
 */
export function mentionsAsText(
  doc: unknown,
  personIds: readonly string[],
): { doc: unknown; names: string[] } {
  const names: string[] = []
  const rewrite = (value: unknown, depth: number): unknown => {
    if (depth > 200 || !isNode(value)) return value
    const mention = mentionOf(value)
    if (mention && personIds.some((id) => sameId(id, mention.id))) {
      const name = mention.label ?? NAMELESS_PERSON
      if (!names.includes(name)) names.push(name)
      return { type: 'text', text: name, ...(value.marks !== undefined ? { marks: value.marks } : {}) }
    }
    if (!Array.isArray(value.content)) return value
    return { ...value, content: value.content.map((child) => rewrite(child, depth + 1)) }
  }
  return { doc: rewrite(doc, 0), names }
}
