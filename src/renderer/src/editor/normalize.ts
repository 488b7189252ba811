// Dirty tracking: are two server documents the same for the person reading them? Compared on a
// normalised form, so that what TipTap adds or reshuffles on its own never shows as "unsaved changes":
// default attribute values written or not, object key order, `content: []` / `marks: []`, how a line is
// split into text runs, the order of marks, trailing empty paragraphs and the different empty documents.

import { canonicalJson, isPlainObject, jsonEqual, parseJson, type JsonObject, type JsonValue } from './json'
import {
  isOperatelyMarkType,
  isOperatelyNodeType,
  OPERATELY_MARK_TYPES,
  PRESERVED_ATTR,
} from './operately-types'
import { attributeDefaults } from './schema'

const EMPTY_DOC: JsonObject = { type: 'doc' }

// The last few texts parsed: the description an edit is based on is compared again with every reported
// change, and must not be parsed from its megabyte of text each time.
const parsedTexts = new Map<string, JsonValue>()
const PARSED_TEXTS_KEPT = 4

function parse(value: unknown): JsonValue {
  if (value === null || value === undefined) return EMPTY_DOC
  if (typeof value !== 'string') return value as JsonValue
  const known = parsedTexts.get(value)
  if (known !== undefined) return known
  let parsed: JsonValue
  if (value.trim() === '') parsed = EMPTY_DOC
  else {
    try {
      parsed = parseJson(value)
    } catch {
      // Unreadable text is only ever the same as the identical text.
      parsed = { unreadable: value }
    }
  }
  if (parsedTexts.size >= PARSED_TEXTS_KEPT) parsedTexts.delete(parsedTexts.keys().next().value as string)
  parsedTexts.set(value, parsed)
  return parsed
}

// Normalised forms and proven equalities, remembered per node object. Parsed texts (above) and the
// editor's reports (restoreEditorDocument) keep every unedited block as the same object, so comparing a
// 1 MB document after a keystroke walks the list of blocks and looks again only at the edited one.
const normalisedNodes = new WeakMap<JsonObject, JsonValue>()
const provenEqual = new WeakMap<object, WeakSet<object>>()

/** jsonEqual that remembers which node objects it found equal, and compares node lists with that. */
function sameNodes(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameNodes(item, b[i]))
  }
  if (!isPlainObject(a) || !isPlainObject(b) || typeof a.type !== 'string') return jsonEqual(a, b)
  if (provenEqual.get(a)?.has(b)) return true
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  for (const key of keys) {
    if (!Object.hasOwn(b, key)) return false
    const equal = key === 'content' ? sameNodes(a[key], b[key]) : jsonEqual(a[key], b[key])
    if (!equal) return false
  }
  let proven = provenEqual.get(a)
  if (!proven) provenEqual.set(a, (proven = new WeakSet()))
  proven.add(b)
  return true
}

function normaliseAttrs(
  kind: 'node' | 'mark',
  type: string,
  attrs: JsonValue | undefined,
): JsonObject | null {
  if (!isPlainObject(attrs)) return null
  const defaults = attributeDefaults(kind, type)
  const out: JsonObject = {}
  for (const [name, value] of Object.entries(attrs)) {
    if (name === PRESERVED_ATTR) continue
    const fallback = defaults?.get(name)
    if (defaults?.has(name) && jsonEqual(value, fallback ?? null)) continue
    out[name] = value
  }
  return Object.keys(out).length > 0 ? out : null
}

function markRank(mark: JsonValue): number {
  const type = isPlainObject(mark) && typeof mark.type === 'string' ? mark.type : ''
  const index = (OPERATELY_MARK_TYPES as readonly string[]).indexOf(type)
  return index === -1 ? OPERATELY_MARK_TYPES.length : index
}

function normaliseMark(mark: JsonValue): JsonValue {
  if (!isPlainObject(mark) || typeof mark.type !== 'string' || !isOperatelyMarkType(mark.type)) return mark
  const { attrs, ...rest } = mark
  const normalAttrs = normaliseAttrs('mark', mark.type, attrs)
  return normalAttrs ? { ...rest, attrs: normalAttrs } : rest
}

function normaliseMarks(marks: JsonValue[]): JsonValue[] {
  return marks
    .map((mark) => normaliseMark(mark))
    .sort((a, b) => markRank(a) - markRank(b) || canonicalJson(a).localeCompare(canonicalJson(b)))
}

function isEmptyParagraph(node: JsonValue | undefined): boolean {
  return jsonEqual(node, { type: 'paragraph' })
}

function normaliseNode(node: JsonValue): JsonValue {
  if (!isPlainObject(node) || typeof node.type !== 'string' || !isOperatelyNodeType(node.type)) return node
  const known = normalisedNodes.get(node)
  if (known !== undefined) return known
  const normalised = normaliseNewNode(node, node.type)
  normalisedNodes.set(node, normalised)
  return normalised
}

function normaliseNewNode(node: JsonObject, type: string): JsonValue {
  const { attrs, content, marks, ...rest } = node
  const out: JsonObject = { ...rest }
  const normalAttrs = type === 'text' ? null : normaliseAttrs('node', type, attrs)
  if (normalAttrs) out.attrs = normalAttrs
  else if (type === 'text' && attrs !== undefined) out.attrs = attrs

  if (Array.isArray(marks) && marks.length > 0) out.marks = normaliseMarks(marks)

  if (Array.isArray(content)) {
    const children: JsonValue[] = []
    for (const child of content.map((item) => normaliseNode(item))) {
      const previous = children[children.length - 1]
      if (isText(previous) && isText(child) && sameExceptText(previous, child)) {
        children[children.length - 1] = {
          ...previous,
          text: `${previous.text as string}${child.text as string}`,
        }
      } else {
        children.push(child)
      }
    }
    if (type === 'doc') {
      // A trailing empty paragraph is what the editor leaves after Enter at the end; it is no change.
      while (children.length > 0 && isEmptyParagraph(children[children.length - 1])) children.pop()
    }
    if (children.length > 0) out.content = children
  } else if (content !== undefined) {
    out.content = content
  }
  return out
}

function isText(value: JsonValue | undefined): value is JsonObject {
  return isPlainObject(value) && value.type === 'text' && typeof value.text === 'string'
}

function sameExceptText(a: JsonObject, b: JsonObject): boolean {
  const { text: _a, ...restA } = a
  const { text: _b, ...restB } = b
  return jsonEqual(restA, restB)
}

/** The normalised form of a server document (object or JSON text), for comparing and for tests. */
export function normalizeDocument(doc: unknown): JsonValue {
  return normaliseNode(parse(doc))
}

/**
 * True when two server documents (objects or JSON text; null for "none yet") hold the same content.
 * Use it to decide whether there are unsaved changes: restoreFromEditor(editor JSON) against the
 * document last loaded from or saved to the server. Cost: one walk over both documents the first time (a
 * few tens of milliseconds for 1 MB); after that only what changed, as long as the documents compared
 * are the editor's reports and texts compared before (see parse and restoreEditorDocument).
 */
export function isSameDocument(a: unknown, b: unknown): boolean {
  const first = parse(a)
  const second = parse(b)
  // Identical documents (the common case right after loading or saving) need no normalising at all.
  if (sameNodes(first, second)) return true
  return sameNodes(normaliseNode(first), normaliseNode(second))
}
