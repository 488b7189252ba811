// JSON helpers shared by the loss-proof loader, the normaliser and the tests. Documents are read and
// written exactly (@shared/exact-json): a number JavaScript cannot hold as it was spelled stays a
// LosslessNumber inside the tree.

import {
  isLosslessNumber,
  parseJson,
  sameNumber,
  stringifyJson,
  type JsonObject,
  type JsonValue,
} from '@shared/exact-json'

export {
  isLosslessNumber,
  parseJson,
  stringifyJson,
  type JsonObject,
  type JsonValue,
} from '@shared/exact-json'
import { blockCache } from './block-caches'

/** A document as the server stores it: `{"type":"doc", ...}`, any further keys kept as they came. */
export type ServerDoc = JsonObject & { type: 'doc' }

// Texts parsed lately, each holding its parse weakly: the description an editor opened is parsed once
// for the editor and for every later comparison with it (the page compares each report with it), and the
// blocks of that one parse are what comparisons remember as proven equal (same-nodes.ts). The text is
// held through its parse (a WeakMap), so a megabyte of text goes in the very collection that takes its
// parse, not a task later when the finalization callback drops the entry.
const parsedTexts = new Set<WeakRef<object>>()
const textOfParse = new WeakMap<object, string>()
const forget = new FinalizationRegistry<WeakRef<object>>((entry) => parsedTexts.delete(entry))

/**
 * parseJson for document text, giving the same object for the same text for as long as that object is
 * in use anywhere. Treat the result as read-only. Throws SyntaxError on text that is not JSON.
 */
export function parseDocumentText(text: string): JsonValue {
  for (const entry of parsedTexts) {
    const value = entry.deref()
    if (!value) {
      parsedTexts.delete(entry)
      continue
    }
    if (textOfParse.get(value) === text) return value as JsonValue
  }
  const value = parseJson(text)
  if (typeof value === 'object' && value !== null) {
    const entry = new WeakRef(value)
    parsedTexts.add(entry)
    textOfParse.set(value, text)
    forget.register(value, entry)
  }
  return value
}

export function isPlainObject(value: unknown): value is JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** Deep equality for JSON values; object key order does not matter, array order does. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (isLosslessNumber(a) || isLosslessNumber(b)) return sameNumber(a, b)
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false
    return true
  }
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false
    const aKeys = Object.keys(a)
    if (aKeys.length !== Object.keys(b).length) return false
    for (const key of aKeys) {
      if (!Object.hasOwn(b, key) || !jsonEqual(a[key], b[key])) return false
    }
    return true
  }
  return false
}

const blockTexts = blockCache<object, string>()

/** Exact JSON text of one block, made once per block object (see stringifyDocument). */
export function blockText(block: JsonValue): string {
  if (typeof block !== 'object' || block === null) return stringifyJson(block)
  let text = blockTexts.get(block)
  if (text === undefined) {
    text = stringifyJson(block)
    blockTexts.set(block, text)
  }
  return text
}

/**
 * Exact JSON text of a document (stringifyJson), block by block: the text of each top-level block is
 * remembered, and the editor's reports keep unedited blocks as the same objects, so writing the draft of a
 * 1 MB document after a keystroke turns only the edited block into text. `content` comes last.
 */
export function stringifyDocument(doc: ServerDoc): string {
  const { content, ...rest } = doc
  if (!Array.isArray(content)) return stringifyJson(doc)
  const head = stringifyJson(rest)
  return `${head.slice(0, -1)},"content":[${content.map(blockText).join(',')}]}`
}

/** A deep copy, so that what we hand out never shares objects with what we were given. */
export function cloneJson<T extends JsonValue>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => cloneJson(item)) as T
  if (isPlainObject(value)) {
    const copy: JsonObject = {}
    for (const [key, item] of Object.entries(value)) copy[key] = cloneJson(item)
    return copy as T
  }
  return value
}

/** JSON text with object keys sorted, so two documents that differ only in key order give the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`
  if (isPlainObject(value)) {
    const keys = Object.keys(value).sort()
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`
  }
  return stringifyJson(value)
}

/** Parses JSON text found in an HTML attribute (our own clipboard markup); anything else is not ours. */
export function parseJsonAttribute(text: string | null): JsonValue | undefined {
  if (text === null) return undefined
  try {
    return parseJson(text)
  } catch {
    // Not markup this editor wrote (a hand-made or damaged attribute): treat it as absent.
    return undefined
  }
}
