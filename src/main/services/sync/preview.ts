/**
 * The words of a rich-text document (JSON of a TipTap doc) as plain text, for the Sync view: enough to
 * recognise what waits and to copy it, not a rendering. Text that is not a document is shown as it is.
 */

const blockTypes = new Set([
  'paragraph',
  'heading',
  'blockquote',
  'listItem',
  'codeBlock',
  'bulletList',
  'orderedList',
  'horizontalRule',
])

function collect(node: unknown, out: string[]): void {
  if (typeof node !== 'object' || node === null) return
  const { type, text, attrs, content } = node as {
    type?: unknown
    text?: unknown
    attrs?: { label?: unknown; id?: unknown }
    content?: unknown
  }
  if (typeof text === 'string') out.push(text)
  else if (type === 'mention') out.push(`@${String(attrs?.label ?? attrs?.id ?? '')}`)
  else if (type === 'hardBreak') out.push('\n')
  if (Array.isArray(content)) for (const child of content) collect(child, out)
  if (typeof type === 'string' && blockTypes.has(type)) out.push('\n')
}

export function plainText(document: string, max = 500): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(document)
  } catch {
    return document.slice(0, max)
  }
  const out: string[] = []
  collect(parsed, out)
  return out
    .join('')
    .replace(/\n{2,}/g, '\n')
    .trim()
    .slice(0, max)
}
