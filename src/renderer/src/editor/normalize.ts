// Dirty tracking: are two server documents the same for the person reading them? Compared on a
// normalised form, so that what TipTap adds or reshuffles on its own never shows as "unsaved changes":
// default attribute values written or not, object key order, `content: []` / `marks: []`, how a line is
// split into text runs, the order of marks, trailing empty paragraphs and the different empty documents.

import {
  canonicalJson,
  isPlainObject,
  jsonEqual,
  parseDocumentText,
  type JsonObject,
  type JsonValue,
} from './json'
import {
  isOperatelyMarkType,
  isOperatelyNodeType,
  OPERATELY_MARK_TYPES,
  PRESERVED_ATTR,
} from './operately-types'
import { sameNodes } from './same-nodes'
import { attributeDefaults } from './schema'
import { blockCache } from './block-caches'

const EMPTY_DOC: JsonObject = { type: 'doc' }

// Text is parsed once for as long as its parse is in use (parseDocumentText): the description an edit is
// based on is compared again with every reported change, and must not be parsed from its megabyte of text
// each time; its blocks are then the very objects the editor's load check proved equal to what the editor
// holds.
function parse(value: unknown): JsonValue {
  if (value === null || value === undefined) return EMPTY_DOC
  if (typeof value !== 'string') return value as JsonValue
  if (value.trim() === '') return EMPTY_DOC
  try {
    return parseDocumentText(value)
  } catch {
    // Unreadable text is only ever the same as the identical text.
    return { unreadable: value }
  }
}

// Normalised forms, remembered per node object: parsed texts and the editor's reports
// (restoreEditorDocument) keep every unedited block as the same object, so a block is normalised once.
const normalisedNodes = blockCache<JsonObject, JsonValue>()

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
 * document last loaded from or saved to the server.
 *
 * Compared block by block: a block proven equal before (same-nodes.ts) costs a lookup, and only blocks
 * that differ as they stand are normalised. So comparing an edited 1 MB document with its base, once a
 * second while someone types, looks at the blocks they typed in, as long as the documents compared are the
 * editor's reports and parsed texts (see parse and restoreEditorDocument).
 */
export function isSameDocument(a: unknown, b: unknown): boolean {
  const first = parse(a)
  const second = parse(b)
  if (first === second) return true
  const blocksA = topLevelBlocks(first)
  const blocksB = topLevelBlocks(second)
  if (!blocksA || !blocksB) {
    // Not a document of blocks (text straight under the document, not a document at all): as a whole.
    return sameNodes(first, second) || sameNodes(normaliseNode(first), normaliseNode(second))
  }
  if (!jsonEqual(normaliseNode(shellOf(first as JsonObject)), normaliseNode(shellOf(second as JsonObject))))
    return false
  const countA = withoutTrailingEmpty(blocksA)
  const countB = withoutTrailingEmpty(blocksB)
  if (countA !== countB) return false
  for (let i = 0; i < countA; i++) {
    const blockA = blocksA[i]!
    const blockB = blocksB[i]!
    if (!sameNodes(blockA, blockB) && !sameNodes(normaliseNode(blockA), normaliseNode(blockB))) return false
  }
  return true
}

/** The blocks of a document; null when it is not a document whose content is a list of element nodes. */
function topLevelBlocks(value: JsonValue): JsonValue[] | null {
  if (!isPlainObject(value) || value.type !== 'doc') return null
  const { content } = value
  if (content === undefined) return []
  if (!Array.isArray(content)) return null
  // Text right under the document is merged with its neighbours by normalising: compared as a whole.
  return content.every((block) => isPlainObject(block) && block.type !== 'text') ? content : null
}

/** A document without its content, to compare what surrounds the blocks. */
function shellOf(doc: JsonObject): JsonObject {
  const { content: _content, ...shell } = doc
  return shell
}

/** How many blocks count: a trailing empty paragraph is what Enter at the end leaves, and no change. */
function withoutTrailingEmpty(blocks: JsonValue[]): number {
  let count = blocks.length
  while (count > 0 && isEmptyParagraph(normaliseNode(blocks[count - 1]!))) count--
  return count
}
