/**
 * Whether a check-in message says nothing: no visible text, no mention, no image or file, no rule.
 * Empty paragraphs, headings, list items and line breaks alone do not count as saying something.
 */

// Nodes that only hold other nodes: empty, they show nothing.
const CONTAINERS = new Set([
  'doc',
  'paragraph',
  'heading',
  'blockquote',
  'bulletList',
  'orderedList',
  'listItem',
  'codeBlock',
  'hardBreak',
])

export function isEmptyMessage(doc: unknown): boolean {
  const visit = (node: unknown): boolean => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return true
    const { type, text, content } = node as { type?: unknown; text?: unknown; content?: unknown }
    if (typeof text === 'string') return text.trim() === ''
    if (Array.isArray(content) && content.length > 0) return content.every(visit)
    // A leaf that is not a bare container (mention, blob, rule, something from a newer editor) says something.
    return typeof type === 'string' && CONTAINERS.has(type)
  }
  if (typeof doc === 'string') {
    try {
      return visit(JSON.parse(doc))
    } catch {
      return doc.trim() === ''
    }
  }
  return doc === null || doc === undefined || visit(doc)
}

/**
 * Operately's own check-in form marks the message as required and sends nothing without one; the app
 * holds the same rule, in the form and for every check-in handed to main (the contract), before anything
 * is queued.
 */
export const MESSAGE_REQUIRED =
  'Write a message: Operately takes a check-in only with one. Nothing was sent; what you chose is still here.'
