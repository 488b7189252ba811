// Loss-proof loading and saving. TipTap, given a node type its schema does not know, silently replaces the
// whole document with an empty paragraph (operately-api.md §5), and it drops attributes, keys and marks it
// does not know. So nothing from the server reaches TipTap as it is: prepareForEditor turns it into
// something the schema can hold without loss, and restoreFromEditor turns the editor's JSON back into
// exactly what the server gave us, plus the user's edits. Pure functions: no DOM, no editor instance.

import type { JSONContent } from '@tiptap/core'
import {
  Fragment,
  type ContentMatch,
  type Mark,
  type MarkType,
  type Node as PMNode,
  type NodeType,
  type Schema,
} from '@tiptap/pm/model'
import {
  cloneJson,
  isLosslessNumber,
  isPlainObject,
  jsonEqual,
  parseDocumentText,
  type JsonObject,
  type JsonValue,
  type ServerDoc,
} from './json'
import {
  DOCUMENT_CHUNK,
  isOperatelyMarkType,
  isOperatelyNodeType,
  PRESERVED_ATTR,
  PRESERVED_TEXT_FIELDS,
  UNKNOWN_BLOCK,
  UNKNOWN_INLINE,
  UNKNOWN_MARK,
} from './operately-types'
import { provenanceToJson, readProvenance, type Provenance } from './provenance'
import { sameNodes } from './same-nodes'
import { attributeDefaults, operatelySchema } from './schema'
import { blockCache } from './block-caches'

export interface PreparedDocument {
  /**
   * The document as a ProseMirror node of the schema it was prepared with (prepareForEditor's `schema`):
   * an editor with that schema takes it as it is, without a second conversion.
   */
  readonly node: PMNode
  /** The same document as TipTap JSON (made when first asked for). */
  readonly doc: JSONContent
  /**
   * Why the editor must open read-only, in words for the person reading it; null when it can be edited.
   * Set when part of the document cannot be kept exactly as it is through an edit, or cannot be read.
   */
  readonly readOnlyReason: string | null
  /** The server document as parsed; null when there was none yet (a project without a description). */
  readonly original: ServerDoc | null
  /** How many "Unsupported content" placeholders the document shows (counted when first asked for). */
  readonly unsupportedCount: number
  /** False when nothing can be shown at all (not JSON, not a document): show a plain message instead. */
  readonly displayable: boolean
}

/** A prepared document whose JSON and placeholder count are worked out only when someone asks. */
function prepared(
  node: PMNode,
  fields: Pick<PreparedDocument, 'readOnlyReason' | 'original' | 'displayable'>,
  knownJson?: JSONContent,
): PreparedDocument {
  let json = knownJson
  let unsupported: number | undefined
  return {
    node,
    ...fields,
    get doc() {
      json ??= node.toJSON() as JSONContent
      return json
    },
    get unsupportedCount() {
      unsupported ??= countUnsupported(node)
      return unsupported
    },
  }
}

/** The editor's empty document; also what a project without any description starts from. */
export const EMPTY_EDITOR_DOC: JSONContent = { type: 'doc', content: [{ type: 'paragraph' }] }

const EDIT_IN_OPERATELY = 'You can still edit it in Operately’s web app.'

/** Why a document whose untouched round trip does not give back the original can only be read. */
export const LOAD_PROBLEM = `This text contains details this app cannot keep exactly as they are, so it can only be read here. ${EDIT_IN_OPERATELY}`

// Plain words for the parts of a document, used in read-only reasons.
const NODE_WORDS: Record<string, string> = {
  doc: 'a whole document',
  paragraph: 'a paragraph',
  text: 'text',
  heading: 'a heading',
  blockquote: 'a quote',
  bulletList: 'a bulleted list',
  orderedList: 'a numbered list',
  listItem: 'a list item',
  codeBlock: 'a code block',
  hardBreak: 'a line break',
  horizontalRule: 'a divider line',
  mention: 'a mention',
  blob: 'an attached file',
}
const MARK_WORDS: Record<string, string> = {
  link: 'a link',
  bold: 'bold',
  code: 'code formatting',
  italic: 'italics',
  strike: 'strikethrough',
  underline: 'underlining',
  highlight: 'a highlight',
}

function nodeWords(typeName: string): string {
  return NODE_WORDS[typeName] ?? 'content of an unknown kind'
}

interface Context {
  schema: Schema
  /** Problems that make the document read-only, in plain words, first found first. */
  problems: string[]
}

function addProblem(context: Context, problem: string): void {
  if (!context.problems.includes(problem)) context.problems.push(problem)
}

/** `null` means: this node cannot be itself at this place; the caller keeps it as an opaque atom. */
type Converted = PMNode | null

// ---------------------------------------------------------------------------------------------------
// Loading

type ParsedInput =
  { kind: 'none' } | { kind: 'unreadable'; reason: string } | { kind: 'value'; value: unknown }

function parseInput(serverDoc: unknown): ParsedInput {
  // A project that never had a description has none (null, or an empty string on the wire): there is
  // nothing to lose, so it opens as an empty, editable document.
  if (serverDoc === null || serverDoc === undefined) return { kind: 'none' }
  if (typeof serverDoc !== 'string') return { kind: 'value', value: serverDoc }
  if (serverDoc.trim() === '') return { kind: 'none' }
  try {
    // The same parse the page compares its reports with (normalize.ts), so both see the same blocks.
    return { kind: 'value', value: parseDocumentText(serverDoc) }
  } catch {
    return {
      kind: 'unreadable',
      reason: `This text is damaged (it is not valid JSON), so it cannot be shown or edited here. ${EDIT_IN_OPERATELY}`,
    }
  }
}

/** The editor's empty document, prepared (its JSON is EMPTY_EDITOR_DOC itself, as written). */
function preparedEmpty(
  schema: Schema,
  fields: Pick<PreparedDocument, 'readOnlyReason' | 'original' | 'displayable'>,
): PreparedDocument {
  return prepared(schema.nodeFromJSON(EMPTY_EDITOR_DOC), fields, EMPTY_EDITOR_DOC)
}

function unreadable(schema: Schema, reason: string, original: ServerDoc | null = null): PreparedDocument {
  return preparedEmpty(schema, { readOnlyReason: reason, original, displayable: false })
}

/**
 * Turns a server document (the parsed object or its JSON text) into a document TipTap can load without
 * losing anything: unknown nodes become opaque atoms, unknown marks preserved marks, unknown attributes
 * and keys preserved attributes. See PreparedDocument for what comes back.
 *
 * `schema` is the schema of the editor that will take `node` (TipTap builds its own from the extensions);
 * by default the shared one (operatelySchema).
 *
 * `verifyRoundTrip: false` leaves out the last checks (the tree is valid for the schema, and restoring the
 * untouched document gives back the original): RichTextEditor runs them on what the editor actually
 * holds, block by block, after the document is on screen (checkLoadedDocument), and two passes over a
 * megabyte before the first paint would be one too many.
 */
export function prepareForEditor(
  serverDoc: unknown,
  options: { verifyRoundTrip?: boolean; schema?: Schema } = {},
): PreparedDocument {
  const verifyRoundTrip = options.verifyRoundTrip ?? true
  const schema = options.schema ?? operatelySchema()
  const input = parseInput(serverDoc)
  if (input.kind === 'none') {
    return preparedEmpty(schema, { readOnlyReason: null, original: null, displayable: true })
  }
  if (input.kind === 'unreadable') return unreadable(schema, input.reason)

  const value = input.value
  if (!isPlainObject(value) || value.type !== 'doc') {
    return unreadable(
      schema,
      `This text is not in a format this app understands, so it cannot be shown or edited here. ${EDIT_IN_OPERATELY}`,
    )
  }
  const original = value as ServerDoc
  const context: Context = { schema, problems: [] }

  try {
    const doc = convertElement(original, context.schema.nodes.doc as NodeType, context)
    if (!doc) {
      return unreadable(
        schema,
        `This text is damaged (${context.problems[0] ?? 'its structure is broken'}), so it cannot be shown or edited here. ${EDIT_IN_OPERATELY}`,
        original,
      )
    }
    if (verifyRoundTrip) doc.check()
    let readOnlyReason: string | null = null
    let json: JSONContent | undefined
    if (context.problems.length > 0) {
      const more = context.problems.length - 1
      const extra = more > 0 ? ` (and ${more} more place${more === 1 ? '' : 's'} like it)` : ''
      readOnlyReason = `This text can only be read here, so that nothing in it is lost: ${context.problems[0]}${extra}. ${EDIT_IN_OPERATELY}`
    } else if (verifyRoundTrip) {
      // Last line of defence: whatever the reason, if saving the untouched document would not give back
      // what the server holds, nobody may edit it here. (The JSON made for it is the prepared `doc` too.)
      json = doc.toJSON() as JSONContent
      if (roundTripProblem(original, restoreFromEditor(json)) !== null) readOnlyReason = LOAD_PROBLEM
    }
    return prepared(doc, { readOnlyReason, original, displayable: true }, json)
  } catch (error) {
    // A document nested thousands of levels deep, or one ProseMirror rejects in a way we did not foresee.
    const detail = error instanceof Error ? ` (${error.message})` : ''
    return unreadable(
      schema,
      `This text could not be prepared for editing${detail}. ${EDIT_IN_OPERATELY}`,
      original,
    )
  }
}

function countUnsupported(doc: PMNode): number {
  let count = 0
  doc.descendants((node) => {
    if (node.type.name === UNKNOWN_BLOCK || node.type.name === UNKNOWN_INLINE) count++
    return !node.isAtom
  })
  return count
}

/** A node the schema cannot hold at this place, kept whole as an opaque atom. */
function opaque(json: unknown, inline: boolean, context: Context): PMNode {
  const type = context.schema.nodes[inline ? UNKNOWN_INLINE : UNKNOWN_BLOCK] as NodeType
  return type.create({ original: cloneJson((json ?? null) as JsonValue) })
}

function convertNode(json: unknown, context: Context): Converted {
  if (!isPlainObject(json) || typeof json.type !== 'string') {
    addProblem(context, 'part of it is damaged (a piece without a type)')
    return null
  }
  // Unknown types (including our own internal names, should a server ever use them) are kept opaque.
  if (!isOperatelyNodeType(json.type)) return null
  if (json.type === 'text') return convertText(json, context)
  if (json.type === 'doc') {
    addProblem(context, 'it has a document inside the document')
    return null
  }
  return convertElement(json, context.schema.nodes[json.type] as NodeType, context)
}

/** Splits an `attrs` object into the attributes the schema knows and the ones it does not. */
function splitAttributes(
  kind: 'node' | 'mark',
  typeName: string,
  attrs: JsonObject | undefined,
): { known: Record<string, JsonValue>; present: string[]; extra: JsonObject; canonical: boolean } {
  const defaults = attributeDefaults(kind, typeName) ?? new Map<string, JsonValue>()
  const known: Record<string, JsonValue> = {}
  const present: string[] = []
  const extra: JsonObject = {}
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (defaults.has(name)) {
      known[name] = cloneJson(value)
      present.push(name)
    } else {
      extra[name] = cloneJson(value)
    }
  }
  // "Canonical" = exactly what TipTap's getJSON would write: all the type's attributes, or no `attrs`
  // key at all for a type without attributes. Anything else needs a Provenance to come back the same.
  const canonical =
    Object.keys(extra).length === 0 &&
    (attrs === undefined ? defaults.size === 0 : defaults.size > 0 && present.length === defaults.size)
  return { known, present, extra, canonical }
}

/**
 * Whether a value holds a number JavaScript cannot keep as it was written (json.ts). Unknown attributes
 * and unknown content carry such numbers through untouched; an attribute TipTap itself reads (a heading's
 * level, a list's start) cannot, so its document opens read-only.
 */
function holdsExactNumber(value: unknown): boolean {
  if (isLosslessNumber(value)) return true
  if (Array.isArray(value)) return value.some(holdsExactNumber)
  return isPlainObject(value) && Object.values(value).some(holdsExactNumber)
}

const NODE_KEYS = new Set(['type', 'attrs', 'content', 'marks'])

function convertElement(json: JsonObject, type: NodeType, context: Context): Converted {
  const { attrs, content, marks } = json
  const typeName = type.name
  if (attrs !== undefined && !isPlainObject(attrs)) {
    addProblem(context, `part of it is damaged (${nodeWords(typeName)} with unreadable settings)`)
    return null
  }
  if (content !== undefined && (!Array.isArray(content) || type.isLeaf)) {
    addProblem(context, `part of it is damaged (${nodeWords(typeName)} with unreadable contents)`)
    return null
  }
  if (marks !== undefined && !Array.isArray(marks)) {
    addProblem(context, `part of it is damaged (${nodeWords(typeName)} with unreadable formatting)`)
    return null
  }

  const split = splitAttributes('node', typeName, attrs)
  if (holdsExactNumber(split.known)) {
    addProblem(context, `it has ${nodeWords(typeName)} with a number this app cannot keep exactly`)
    return null
  }
  const extraKeys: JsonObject = {}
  for (const [key, value] of Object.entries(json)) if (!NODE_KEYS.has(key)) extraKeys[key] = cloneJson(value)

  const children: PMNode[] = []
  const emptyDoc = typeName === 'doc' && (content === undefined || content.length === 0)
  if (emptyDoc) {
    // The editor needs one paragraph to put the cursor in; it is not part of the original.
    children.push((context.schema.nodes.paragraph as NodeType).create())
  } else {
    let match = type.contentMatch
    for (const childJson of content ?? []) {
      const converted = convertNode(childJson, context)
      let child = converted ?? opaque(childJson, type.inlineContent, context)
      let next = fits(match, type, child)
      if (!next && converted) {
        // A node we know, but at a place the schema forbids (a paragraph straight inside a list, text
        // straight inside the document, bold inside a code block): it could only be kept opaque, and the
        // person could not see or edit it as what it is.
        addProblem(context, misplacedProblem(converted, type, match))
        child = opaque(childJson, type.inlineContent, context)
        next = fits(match, type, child)
      }
      if (!next) return null
      match = next
      children.push(child)
    }
    if (!match.validEnd) {
      addProblem(context, `it has ${nodeWords(typeName)} that is missing what must be inside it`)
      return null
    }
  }

  const convertedMarks = convertMarks(marks ?? [], context)
  if (!convertedMarks) return null

  const provenance: Provenance = {
    type: typeName,
    attrKeys: attrs === undefined ? null : split.present,
    extraAttrs: split.extra,
    extraKeys,
  }
  if (Array.isArray(content) && content.length === 0) provenance.emptyContent = true
  if (Array.isArray(marks) && marks.length === 0) provenance.emptyMarks = true
  if (emptyDoc) provenance.emptyDoc = true
  const needsProvenance =
    !split.canonical ||
    Object.keys(extraKeys).length > 0 ||
    provenance.emptyContent === true ||
    provenance.emptyMarks === true ||
    provenance.emptyDoc === true

  return type.create(
    { ...split.known, [PRESERVED_ATTR]: needsProvenance ? provenanceToJson(provenance) : null },
    Fragment.fromArray(children),
    convertedMarks,
  )
}

function fits(match: ContentMatch, parent: NodeType, child: PMNode) {
  const next = match.matchType(child.type)
  if (!next || !parent.allowsMarks(child.marks)) return null
  return next
}

function misplacedProblem(child: PMNode, parent: NodeType, match: ContentMatch): string {
  if (match.matchType(child.type)) {
    const mark = child.marks.find((candidate) => !parent.allowsMarkType(candidate.type))
    const words = mark ? (MARK_WORDS[mark.type.name] ?? 'formatting') : 'formatting'
    return `it has ${words} inside ${nodeWords(parent.name)}, where it is not allowed`
  }
  if (parent.name === 'doc' && child.isInline) return 'it has text outside of any paragraph'
  return `it has ${nodeWords(child.type.name)} placed directly inside ${nodeWords(parent.name)}`
}

function convertText(json: JsonObject, context: Context): Converted {
  const { text, marks } = json
  if (typeof text !== 'string') {
    addProblem(context, 'part of it is damaged (text without any words)')
    return null
  }
  if (text === '') {
    addProblem(context, 'it has an empty piece of text, which this editor cannot hold')
    return null
  }
  if (marks !== undefined && !Array.isArray(marks)) {
    addProblem(context, 'part of it is damaged (text with unreadable formatting)')
    return null
  }
  const converted = convertMarks(marks ?? [], context)
  if (!converted) return null

  // Text nodes cannot carry attributes: whatever else the text had rides along in an invisible mark.
  const fields: JsonObject = {}
  for (const [key, value] of Object.entries(json)) {
    if (key !== 'type' && key !== 'text' && key !== 'marks') fields[key] = cloneJson(value)
  }
  if (Array.isArray(marks) && marks.length === 0) fields.marks = []
  const all =
    Object.keys(fields).length > 0
      ? [...converted, (context.schema.marks[PRESERVED_TEXT_FIELDS] as MarkType).create({ fields })]
      : converted
  return context.schema.text(text, all)
}

const MARK_KEYS = new Set(['type', 'attrs'])

const markRanks = new WeakMap<Schema, ReadonlyMap<string, number>>()

/** A mark type's place in the schema, which is the order ProseMirror keeps a node's marks in. */
function markRank(schema: Schema, name: string): number {
  let ranks = markRanks.get(schema)
  if (!ranks) {
    ranks = new Map(Object.keys(schema.marks).map((markName, index) => [markName, index]))
    markRanks.set(schema, ranks)
  }
  return ranks.get(name) ?? Number.MAX_SAFE_INTEGER
}

/** Marks in the schema's order, or null (with a problem noted) when they cannot all be kept. */
function convertMarks(list: JsonValue[], context: Context): readonly Mark[] | null {
  const schema = context.schema
  const prepared: Array<{ type: MarkType; attrs: Record<string, JsonValue>; provenance: Provenance | null }> =
    []
  for (const json of list) {
    if (!isPlainObject(json) || typeof json.type !== 'string') {
      addProblem(context, 'part of it is damaged (formatting without a type)')
      return null
    }
    if (!isOperatelyMarkType(json.type)) {
      prepared.push({
        type: schema.marks[UNKNOWN_MARK] as MarkType,
        attrs: { original: cloneJson(json), index: null },
        provenance: null,
      })
      continue
    }
    if (json.attrs !== undefined && !isPlainObject(json.attrs)) {
      addProblem(
        context,
        `part of it is damaged (${MARK_WORDS[json.type] ?? 'formatting'} with unreadable settings)`,
      )
      return null
    }
    const split = splitAttributes('mark', json.type, json.attrs)
    if (holdsExactNumber(split.known)) {
      addProblem(
        context,
        `it has ${MARK_WORDS[json.type] ?? 'formatting'} with a number this app cannot keep exactly`,
      )
      return null
    }
    const extraKeys: JsonObject = {}
    for (const [key, value] of Object.entries(json))
      if (!MARK_KEYS.has(key)) extraKeys[key] = cloneJson(value)
    const needsProvenance = !split.canonical || Object.keys(extraKeys).length > 0
    prepared.push({
      type: schema.marks[json.type] as MarkType,
      attrs: split.known,
      provenance: needsProvenance
        ? {
            type: json.type,
            attrKeys: json.attrs === undefined ? null : split.present,
            extraAttrs: split.extra,
            extraKeys,
          }
        : null,
    })
  }

  // ProseMirror keeps marks in schema order. When the document had them in another order (or had
  // unknown marks, whose place the schema cannot know), each mark remembers its original position.
  const ranks = prepared.map((item) => markRank(schema, item.type.name))
  const inSchemaOrder = ranks.every((rank, i) => i === 0 || (ranks[i - 1] as number) <= rank)
  const needsIndex = !inSchemaOrder
  const marks = prepared.map((item, index) => {
    if (item.type.name === UNKNOWN_MARK) {
      return item.type.create({ ...item.attrs, index: needsIndex ? index : null })
    }
    let provenance = item.provenance
    if (needsIndex) {
      provenance = provenance ?? { type: item.type.name, attrKeys: null, extraAttrs: {}, extraKeys: {} }
      if (!provenance.attrKeys && item.provenance === null) {
        // It was canonical apart from its position: record that every attribute was written.
        provenance.attrKeys = [...(attributeDefaults('mark', item.type.name)?.keys() ?? [])]
        if (provenance.attrKeys.length === 0) provenance.attrKeys = null
      }
      provenance.markIndex = index
    }
    return item.type.create({
      ...item.attrs,
      [PRESERVED_ATTR]: provenance ? provenanceToJson(provenance) : null,
    })
  })

  let set: readonly Mark[] = []
  for (const mark of marks) set = mark.addToSet(set)
  if (set.length !== marks.length) {
    addProblem(
      context,
      'it has text with formatting that cannot be combined (for example code that is also bold)',
    )
    return null
  }
  return set
}

// ---------------------------------------------------------------------------------------------------
// Saving

/**
 * The editor's JSON (TipTap getJSON) back into a server document: opaque atoms become their original
 * JSON, preserved marks, attributes and keys are written back, and attributes the original did not write
 * are left out again when they still hold their default. An untouched document comes back equal to what
 * prepareForEditor was given.
 */
export function restoreFromEditor(editorJson: unknown): ServerDoc {
  if (!isPlainObject(editorJson) || editorJson.type !== 'doc') {
    throw new Error('restoreFromEditor needs the editor’s document (an object with type "doc").')
  }
  return restoreNode(editorJson) as ServerDoc
}

const restoredBlocks = blockCache<PMNode, JsonValue>()

/** One top-level block of the editor's document as server JSON, restored once per block object. */
export function restoredBlock(block: PMNode): JsonValue {
  let json = restoredBlocks.get(block)
  if (json === undefined) {
    json = restoreNode(block.toJSON() as JsonValue)
    restoredBlocks.set(block, json)
  }
  return json
}

/**
 * restoreFromEditor for the editor's document itself, block by block: ProseMirror keeps every block that
 * was not edited as the same object, so each block is turned into JSON and restored once, and a report
 * while someone types in a 1 MB document costs only the blocks they touched. The result shares those
 * blocks' JSON between calls: treat it as read-only (as everything handed out by onChange).
 */
export function restoreEditorDocument(doc: PMNode): ServerDoc {
  const children: JsonValue[] = []
  doc.forEach((child) => children.push(restoredBlock(child)))
  const shell: JsonObject = { type: 'doc' }
  if (Object.keys(doc.attrs).length > 0) shell.attrs = doc.attrs as JsonObject
  return restoreNode(shell, children) as ServerDoc
}

function attrsOf(json: JsonObject): JsonObject {
  return isPlainObject(json.attrs) ? json.attrs : {}
}

function restoreNode(json: JsonValue, restoredChildren?: JsonValue[]): JsonValue {
  if (!isPlainObject(json) || typeof json.type !== 'string') {
    throw new Error('The editor produced a node without a type; this is a bug in the editor module.')
  }
  const type = json.type
  if (type === UNKNOWN_BLOCK || type === UNKNOWN_INLINE) return cloneJson(attrsOf(json).original ?? null)
  if (type === 'text') return restoreText(json)
  if (!isOperatelyNodeType(type)) {
    throw new Error(`The editor produced a node of type "${type}", which it should not know; this is a bug.`)
  }

  const provenance = readProvenance(attrsOf(json)[PRESERVED_ATTR])
  const out: JsonObject = { type }
  const attrs = restoreAttributes('node', type, attrsOf(json), provenance)
  if (attrs) out.attrs = attrs

  let children =
    restoredChildren ?? (Array.isArray(json.content) ? json.content.map((child) => restoreNode(child)) : [])
  if (
    type === 'doc' &&
    provenance?.emptyDoc &&
    children.length === 1 &&
    jsonEqual(children[0], { type: 'paragraph' })
  ) {
    children = []
  }
  if (children.length > 0) out.content = children
  else if (provenance?.emptyContent) out.content = []

  const marks = Array.isArray(json.marks) ? restoreMarks(json.marks) : []
  if (marks.length > 0) out.marks = marks
  else if (provenance?.emptyMarks) out.marks = []

  applyExtraKeys(out, provenance)
  return out
}

function applyExtraKeys(out: JsonObject, provenance: Provenance | null): void {
  if (!provenance) return
  for (const [key, value] of Object.entries(provenance.extraKeys)) {
    if (!Object.hasOwn(out, key)) out[key] = cloneJson(value)
  }
}

function restoreAttributes(
  kind: 'node' | 'mark',
  typeName: string,
  attrs: JsonObject,
  provenance: Provenance | null,
): JsonObject | undefined {
  const defaults = attributeDefaults(kind, typeName) ?? new Map<string, JsonValue>()
  const sameType = provenance !== null && provenance.type === typeName
  const out: JsonObject = {}
  for (const [name, fallback] of defaults) {
    const value = Object.hasOwn(attrs, name) ? (attrs[name] as JsonValue) : fallback
    // A node the user created (or turned into another type) is written the way TipTap writes it, as
    // Operately's own editor does. A node from the server gets back exactly the keys it had, plus any
    // attribute the user changed away from its default.
    if (!sameType || provenance.attrKeys?.includes(name) || !jsonEqual(value, fallback))
      out[name] = cloneJson(value)
  }
  if (provenance) {
    for (const [name, value] of Object.entries(provenance.extraAttrs)) {
      if (!defaults.has(name)) out[name] = cloneJson(value)
    }
  }
  const hasAttrsKey = sameType
    ? provenance.attrKeys !== null || Object.keys(out).length > 0
    : Object.keys(out).length > 0
  return hasAttrsKey ? out : undefined
}

function restoreText(json: JsonObject): JsonObject {
  const out: JsonObject = { type: 'text', text: typeof json.text === 'string' ? json.text : '' }
  let fields: JsonObject | null = null
  const marks: JsonValue[] = []
  for (const mark of Array.isArray(json.marks) ? json.marks : []) {
    if (isPlainObject(mark) && mark.type === PRESERVED_TEXT_FIELDS) {
      const value = attrsOf(mark).fields
      if (isPlainObject(value)) fields = value
    } else {
      marks.push(mark)
    }
  }
  const restored = restoreMarks(marks)
  if (restored.length > 0) out.marks = restored
  for (const [key, value] of Object.entries(fields ?? {})) {
    if (key === 'marks') {
      if (!out.marks) out.marks = cloneJson(value)
    } else if (!Object.hasOwn(out, key)) {
      out[key] = cloneJson(value)
    }
  }
  return out
}

/** Whether a mark's JSON is the editor's own chunk of a long document (extensions/document-chunks/). */
const isChunkMark = (json: JsonValue): boolean => isPlainObject(json) && json.type === DOCUMENT_CHUNK

function restoreMarks(list: JsonValue[]): JsonValue[] {
  // A block's chunk is how the editor draws it, never part of the document.
  const items = list
    .filter((json) => !isChunkMark(json))
    .map((json): { json: JsonValue; index: number | null } => {
      if (!isPlainObject(json) || typeof json.type !== 'string') {
        throw new Error('The editor produced formatting without a type; this is a bug in the editor module.')
      }
      if (json.type === UNKNOWN_MARK) {
        const attrs = attrsOf(json)
        return {
          json: cloneJson(attrs.original ?? null),
          index: typeof attrs.index === 'number' ? attrs.index : null,
        }
      }
      const provenance = readProvenance(attrsOf(json)[PRESERVED_ATTR])
      const out: JsonObject = { type: json.type }
      const attrs = restoreAttributes('mark', json.type, attrsOf(json), provenance)
      if (attrs) out.attrs = attrs
      applyExtraKeys(out, provenance)
      return { json: out, index: provenance?.type === json.type ? (provenance.markIndex ?? null) : null }
    })
  if (items.every((item) => item.index === null)) return items.map((item) => item.json)
  // Marks that remember their original place go back there; marks the user added follow them.
  const placed = items
    .filter((item) => item.index !== null)
    .sort((a, b) => (a.index as number) - (b.index as number))
  const added = items.filter((item) => item.index === null)
  return [...placed, ...added].map((item) => item.json)
}

// ---------------------------------------------------------------------------------------------------
// Guards

/** Merges neighbouring text nodes that differ only in their words, as ProseMirror does on load. */
function mergeTextRuns(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map((item) => mergeTextRuns(item))
  if (!isPlainObject(value)) return value
  const out: JsonObject = {}
  for (const [key, item] of Object.entries(value)) out[key] = mergeTextRuns(item)
  if (Array.isArray(out.content)) {
    const merged: JsonValue[] = []
    for (const child of out.content) {
      const previous = merged[merged.length - 1]
      if (isTextNode(previous) && isTextNode(child) && sameExceptText(previous, child)) {
        merged[merged.length - 1] = { ...previous, text: `${previous.text as string}${child.text as string}` }
      } else {
        merged.push(child)
      }
    }
    out.content = merged
  }
  return out
}

function isTextNode(value: JsonValue | undefined): value is JsonObject {
  return isPlainObject(value) && value.type === 'text' && typeof value.text === 'string'
}

function sameExceptText(a: JsonObject, b: JsonObject): boolean {
  const { text: _a, ...restA } = a
  const { text: _b, ...restB } = b
  return jsonEqual(restA, restB)
}

function firstDifference(a: JsonValue, b: JsonValue, path: string): string | null {
  if (jsonEqual(a, b)) return null
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const found = firstDifference(a[i] ?? null, b[i] ?? null, `${path}[${i}]`)
      if (found) return found
    }
  } else if (isPlainObject(a) && isPlainObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key] ?? null, b[key] ?? null, `${path}.${key}`)
      if (found) return found
      if (Object.hasOwn(a, key) !== Object.hasOwn(b, key)) return `${path}.${key} is present on one side only`
    }
  }
  return `${path} differs`
}

/**
 * Null when `restored` holds exactly what `original` holds (key order and the split of a line into text
 * runs aside), otherwise where they first differ. `original` null stands for "no document yet", which
 * matches the editor's empty document.
 */
export function roundTripProblem(original: ServerDoc | null, restored: ServerDoc): string | null {
  const expected: JsonValue = original ?? (restoreFromEditor(EMPTY_EDITOR_DOC) as JsonValue)
  // The usual case, equal as they stand, needs no copies (this runs on every load, 1 MB documents too).
  if (jsonEqual(expected, restored)) return null
  return firstDifference(mergeTextRuns(expected), mergeTextRuns(restored), 'doc')
}

/**
 * The load check of an editor's document, one top-level block per step, for running in idle time after
 * the document is on screen: every block is valid for the schema, and restoring the untouched document
 * gives back `original` (roundTripProblem). Yields each block once it is checked; returns null, or where
 * the restored document first differs. Blocks found equal are remembered as such (same-nodes.ts), so the
 * page's first comparison of an edit with its base need not walk them again, and each block's restored
 * JSON is kept for restoreEditorDocument.
 */
export function* checkLoadedDocument(
  original: ServerDoc | null,
  editorDoc: PMNode,
): Generator<PMNode, string | null> {
  const loaded = editorDoc
  const expected = (original ?? restoreFromEditor(EMPTY_EDITOR_DOC)) as JsonObject
  const expectedBlocks = Array.isArray(expected.content) ? expected.content : []
  let differs = false
  for (let index = 0; index < loaded.childCount; index++) {
    const block = loaded.child(index)
    try {
      block.check()
    } catch (error) {
      return `doc.content[${index}] is not valid here (${error instanceof Error ? error.message : String(error)})`
    }
    const restored = restoredBlock(block)
    const before = expectedBlocks[index]
    if (before === undefined || !sameNodes(before, restored)) {
      // Equal apart from how a line is split into text runs is equal too: found by the whole check below.
      const problem =
        before === undefined
          ? null
          : firstDifference(mergeTextRuns(before), mergeTextRuns(restored), `doc.content[${index}]`)
      if (problem) return problem
      differs = true
    }
    yield block
  }
  // The blocks may stand where they are (the document's own content rule: Node.check for the document
  // without walking every block again).
  if (!loaded.type.validContent(loaded.content)) {
    return 'doc.content is not valid here (it holds something a document may not hold at its top level)'
  }
  // The document around its blocks (its own attributes and keys, how many blocks, an empty document), and
  // anything the blocks alone could not settle: cheap now, every block's restored JSON is known.
  const restored = restoreEditorDocument(loaded)
  const sameShape =
    !differs &&
    Array.isArray(restored.content) &&
    restored.content.length === expectedBlocks.length &&
    Array.isArray(expected.content) &&
    jsonEqual({ ...expected, content: null }, { ...restored, content: null })
  return sameShape ? null : roundTripProblem(original, restored)
}

const INTERNAL_TYPES = new Set([
  UNKNOWN_BLOCK,
  UNKNOWN_INLINE,
  UNKNOWN_MARK,
  PRESERVED_TEXT_FIELDS,
  DOCUMENT_CHUNK,
])

function findInternalLeak(value: JsonValue): string | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findInternalLeak(item)
      if (found) return found
    }
    return null
  }
  if (!isPlainObject(value)) return null
  if (typeof value.type === 'string' && INTERNAL_TYPES.has(value.type)) return value.type
  if (isPlainObject(value.attrs) && Object.hasOwn(value.attrs, PRESERVED_ATTR) && value.type !== undefined) {
    return PRESERVED_ATTR
  }
  return findInternalLeak(value.content ?? null) ?? findInternalLeak(value.marks ?? null)
}

/**
 * The last check before a document is sent to the server. Throws, with a message a person can act on,
 * when saving `edited` in place of `original` could lose content nobody chose to delete:
 * - the original opened read-only (parts of it cannot survive an edit here);
 * - `edited` is the editor's raw JSON rather than restoreFromEditor's output (placeholders would be
 *   saved instead of the content they stand for);
 * - `edited` is not a document this app could open again without loss.
 * What the user deleted on purpose is not second-guessed: the editor only changes the document through
 * the user's own edits, and RichTextEditor checks on load that the untouched document comes back equal.
 */
export function assertSafeToSave(original: unknown, edited: unknown): asserts edited is ServerDoc {
  const before = prepareForEditor(original)
  if (before.readOnlyReason) throw new Error(`This text was not saved. ${before.readOnlyReason}`)
  if (!isPlainObject(edited) || edited.type !== 'doc') {
    throw new Error(
      'This text was not saved because the edited version is not a document. Nothing was changed.',
    )
  }
  // Operately-looking data that happens to reuse our internal names is fine in `original` (it is then
  // unknown content kept verbatim); it is only a leak when it was not already there.
  const leak = findInternalLeak(edited)
  if (leak && findInternalLeak(before.original ?? null) !== leak) {
    throw new Error(
      'This text was not saved because it still contains editor placeholders instead of the content they stand for. Nothing was changed.',
    )
  }
  const after = prepareForEditor(edited)
  if (after.readOnlyReason) throw new Error(`This text was not saved. ${after.readOnlyReason}`)
}
