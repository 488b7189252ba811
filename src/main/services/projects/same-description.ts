import { isLosslessNumber, parseJson, sameNumber } from '@shared/exact-json'

/**
 * Whether two descriptions (JSON text of TipTap documents, or null for "none") say the same thing, the
 * way the conflict check needs it: compared as parsed JSON, because the server re-encodes documents and
 * does not keep key order (operately-api.md §5). "No description" and the empty document forms
 * (`{"type":"doc"}`, `content: []`, one empty paragraph) are the same: replacing one with another loses
 * nothing. Text that is not JSON only equals the identical text.
 */
export function sameDescription(a: string | null, b: string | null): boolean {
  if (a === b) return true
  const first = parse(a)
  const second = parse(b)
  if (first.kind === 'text' || second.kind === 'text') return false
  if (isBlank(first.value) && isBlank(second.value)) return true
  return jsonEqual(first.value, second.value)
}

type Parsed = { kind: 'json'; value: unknown } | { kind: 'text' }

function parse(description: string | null): Parsed {
  if (description === null) return { kind: 'json', value: null }
  try {
    // Exactly: two documents that differ only in the 17th digit of a number are not the same.
    return { kind: 'json', value: parseJson(description) }
  } catch {
    return { kind: 'text' }
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** null, a document without content, or a document of empty paragraphs only. */
function isBlank(value: unknown): boolean {
  if (value === null) return true
  if (
    !isObject(value) ||
    value['type'] !== 'doc' ||
    Object.keys(value).some((k) => k !== 'type' && k !== 'content')
  )
    return false
  const content = value['content']
  if (content === undefined) return true
  return Array.isArray(content) && content.every(isEmptyParagraph)
}

function isEmptyParagraph(node: unknown): boolean {
  if (!isObject(node) || node['type'] !== 'paragraph') return false
  if (Object.keys(node).some((k) => k !== 'type' && k !== 'content')) return false
  const content = node['content']
  return content === undefined || (Array.isArray(content) && content.length === 0)
}

/** Deep equality of parsed JSON; object key order does not matter, array order does. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (isLosslessNumber(a) || isLosslessNumber(b)) return sameNumber(a, b)
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]))
  }
  if (isObject(a)) {
    if (!isObject(b)) return false
    const keys = Object.keys(a)
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]))
    )
  }
  return false
}
