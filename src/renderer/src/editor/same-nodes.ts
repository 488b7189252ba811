// Equality of document nodes that remembers what it proved. A 1 MB description is compared with its base
// version once a second while someone types; the editor's reports and the parsed base keep every
// unedited block as the same object (restoreEditorDocument, parseDocumentText), so once two blocks were
// found equal, the next comparison of the same pair costs one lookup instead of a walk.

import { isPlainObject, jsonEqual, type JsonValue } from './json'
import { blockCache } from './block-caches'

// For each node object, the one it was last found equal to (both ways round). Only the nodes a caller
// compares are remembered (top-level blocks), never the nodes inside them: a 1 MB description has some
// 5,000 blocks but tens of thousands of text nodes, and a table that size would outlive every editor
// (a WeakMap's table keeps its largest size). Weak: a pair is forgotten with its objects.
const provenEqual = blockCache<object, object>()

/** True when `a` and `b` were already found equal (as objects: no walk). */
export function knownEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  return typeof a === 'object' && a !== null && typeof b === 'object' && b !== null
    ? provenEqual.get(a) === b || provenEqual.get(b) === a
    : false
}

/**
 * jsonEqual for document nodes (objects with a `type`) and lists of them, remembering each pair of node
 * objects it finds equal (the nodes given, or the items of the lists given): each pair is walked once,
 * later comparisons of the same pair are a lookup.
 */
export function sameNodes(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!sameNodes(a[i], b[i])) return false
    return true
  }
  if (!isPlainObject(a) || !isPlainObject(b) || typeof a.type !== 'string') return jsonEqual(a, b)
  if (knownEqual(a, b)) return true
  if (!jsonEqual(a, b)) return false
  provenEqual.set(a, b)
  provenEqual.set(b, a)
  return true
}
