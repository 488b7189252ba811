import { getSchema, type Extensions, type NodeViewRenderer } from '@tiptap/core'
import { Fragment, type Mark, type Node as PMNode, type Schema } from '@tiptap/pm/model'
import { BlobNode } from './extensions/blob'
import { ChunkBlockquote, ChunkedDocument, ChunkListItem, DocumentChunk } from './extensions/document-chunks'
import { Highlight } from './extensions/highlight'
import { createMention, type MentionSuggestion } from './extensions/mention'
import { PreservedAttributes } from './extensions/preserved-attributes'
import { PreservedTextFields } from './extensions/preserved-text-fields'
import { StandardKit } from './extensions/standard-kit'
import { UnknownBlock } from './extensions/unknown-block'
import { UnknownInline } from './extensions/unknown-inline'
import { UnknownMark } from './extensions/unknown-mark'
import type { JsonValue } from './json'
import { PRESERVED_ATTR } from './operately-types'

export interface OperatelySchemaOptions {
  /** The "@" people search; only the editable editor has one. */
  mentionSuggestion?: MentionSuggestion
  /** See BlobOptions.resolveSrc. */
  resolveBlobSrc?: (src: string) => string | null
  /** How the editable editor shows an unsupported block (with its "Remove…"); the HTML of renderHTML otherwise. */
  unknownBlockView?: NodeViewRenderer
}

/**
 * The one place the document schema is declared: every node and mark Operately produces, plus the
 * internal types that carry unknown content through untouched. The editable editor, the read-only view
 * and the loss-proof loader all use this list, so they can never disagree about what a document holds.
 *
 * Order matters: it fixes the order TipTap writes a text's marks in, which must be Operately's
 * (link, bold, code, italic, strike, underline, highlight) for untouched documents to come back equal.
 */
export function createOperatelyExtensions(options: OperatelySchemaOptions = {}): Extensions {
  return [
    ChunkedDocument,
    StandardKit,
    ChunkBlockquote,
    ChunkListItem,
    Highlight,
    createMention(options.mentionSuggestion),
    options.resolveBlobSrc ? BlobNode.configure({ resolveSrc: options.resolveBlobSrc }) : BlobNode,
    options.unknownBlockView ? withNodeView(UnknownBlock, options.unknownBlockView) : UnknownBlock,
    UnknownInline,
    UnknownMark,
    PreservedTextFields,
    PreservedAttributes,
    DocumentChunk,
  ]
}

/**
 * A node with its view given to TipTap as the node's own (addNodeView), never through a plugin's props:
 * TipTap builds the view first and adds the plugins afterwards, and node views arriving with them make
 * ProseMirror draw the whole document a second time (a 1 MB description: about 120 ms more to open).
 */
function withNodeView(node: typeof UnknownBlock, view: NodeViewRenderer): typeof UnknownBlock {
  return node.extend({ addNodeView: () => view })
}

let sharedSchema: Schema | undefined

/** The ProseMirror schema built from the list above (no editor, no DOM needed). */
export function operatelySchema(): Schema {
  sharedSchema ??= getSchema(createOperatelyExtensions())
  return sharedSchema
}

const defaultsCache = new Map<string, ReadonlyMap<string, JsonValue>>()

/**
 * The attributes the schema gives a node or mark type, with their defaults, without the internal
 * PRESERVED_ATTR. These are what TipTap's getJSON writes for every node of that type.
 */
export function attributeDefaults(
  kind: 'node' | 'mark',
  typeName: string,
): ReadonlyMap<string, JsonValue> | null {
  const cacheKey = `${kind}:${typeName}`
  const cached = defaultsCache.get(cacheKey)
  if (cached) return cached
  const schema = operatelySchema()
  const type = kind === 'node' ? schema.nodes[typeName] : schema.marks[typeName]
  if (!type) return null
  const defaults = new Map<string, JsonValue>()
  for (const [name, attribute] of Object.entries(type.spec.attrs ?? {})) {
    if (name === PRESERVED_ATTR) continue
    defaults.set(name, (attribute.default ?? null) as JsonValue)
  }
  defaultsCache.set(cacheKey, defaults)
  return defaults
}

/**
 * `node` rebuilt in `schema`, another instance of the same schema (an editor builds its own from the same
 * extensions): node for node, with the same attributes and marks. Cheaper than a JSON round trip, which
 * makes and parses a second copy of a megabyte.
 */
export function copyToSchema(node: PMNode, schema: Schema): PMNode {
  const marks = new Map<Mark, Mark>()
  const copyMarks = (from: readonly Mark[]) =>
    from.map((mark) => {
      let copy = marks.get(mark)
      if (!copy) {
        copy = schema.marks[mark.type.name]!.create(mark.attrs)
        marks.set(mark, copy)
      }
      return copy
    })
  const copy = (from: PMNode): PMNode => {
    if (from.isText) return schema.text(from.text!, copyMarks(from.marks))
    const children: PMNode[] = []
    from.forEach((child) => children.push(copy(child)))
    return schema.nodes[from.type.name]!.create(
      from.attrs,
      Fragment.fromArray(children),
      copyMarks(from.marks),
    )
  }
  return copy(node)
}
