// Equality of document nodes that remembers what it proved. A 1 MB description is compared with its base
// version once a second while someone types; the editor's reports and the parsed base keep every
// unedited block as the same object (restoreEditorDocument, parseDocumentText), so once two blocks were
// found equal, the next comparison of the same pair costs one lookup instead of a walk.

import { isPlainObject, jsonEqual, type JsonValue } from './json'

// Pairs of node objects found equal, both ways round. Weak: a pair is forgotten with its objects.
const provenEqual = new WeakMap<object, WeakSet<object>>()

function remember(a: object, b: object): void {
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    let proven = provenEqual.get(from)
    if (!proven) provenEqual.set(from, (proven = new WeakSet()))
    proven.add(to)
  }
}

/** True when `a` and `b` were already found equal (as objects: no walk). */
export function knownEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  return typeof a === 'object' && a !== null && typeof b === 'object' && b !== null
    ? (provenEqual.get(a)?.has(b) ?? false)
    : false
}

/**
 * jsonEqual for document nodes (objects with a `type`) and lists of them, remembering every pair of node
 * objects it finds equal: each is walked once, later comparisons of the same pair are a lookup.
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
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  for (const key of keys) {
    if (!Object.hasOwn(b, key)) return false
    const equal = key === 'content' ? sameNodes(a[key], b[key]) : jsonEqual(a[key], b[key])
    if (!equal) return false
  }
  remember(a, b)
  return true
}
