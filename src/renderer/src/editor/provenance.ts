import { isPlainObject, type JsonObject, type JsonValue } from './json'

/**
 * What a known node or mark carried in the server document that TipTap's schema cannot hold: attributes
 * it does not know, keys next to `type`/`attrs`, which of its own attributes were written at all, and for
 * marks their original position. Stored in one attribute (PRESERVED_ATTR) and written back on save.
 * Absent (null) whenever the original was exactly what TipTap would write anyway, which is the usual case.
 */
export interface Provenance {
  /** The node or mark type in the server document; a node whose type the user changed keeps only extras. */
  type: string
  /** Known attribute keys the original wrote; null when it had no `attrs` key at all. */
  attrKeys: string[] | null
  /** Attributes the schema does not know, verbatim. */
  extraAttrs: JsonObject
  /** Keys beside type/attrs/content/marks/text that the schema does not know, verbatim. */
  extraKeys: JsonObject
  /** The original wrote `content: []` (an explicitly empty list). */
  emptyContent?: boolean
  /** The original wrote `marks: []`. */
  emptyMarks?: boolean
  /** Marks only: index in the original marks list, set when that order is not the schema's order. */
  markIndex?: number
  /** doc only: the original had no blocks; the editor's single empty paragraph is not part of it. */
  emptyDoc?: boolean
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

/** Accepts only a well-formed provenance record; anything else (e.g. hand-made clipboard markup) is null. */
export function readProvenance(value: unknown): Provenance | null {
  if (!isPlainObject(value)) return null
  const { type, attrKeys, extraAttrs, extraKeys, emptyContent, emptyMarks, markIndex, emptyDoc } = value
  if (typeof type !== 'string') return null
  if (attrKeys !== null && !isStringArray(attrKeys)) return null
  if (!isPlainObject(extraAttrs) || !isPlainObject(extraKeys)) return null
  if (emptyContent !== undefined && typeof emptyContent !== 'boolean') return null
  if (emptyMarks !== undefined && typeof emptyMarks !== 'boolean') return null
  if (emptyDoc !== undefined && typeof emptyDoc !== 'boolean') return null
  if (markIndex !== undefined && (typeof markIndex !== 'number' || !Number.isInteger(markIndex))) return null
  const result: Provenance = { type, attrKeys, extraAttrs, extraKeys }
  if (emptyContent) result.emptyContent = true
  if (emptyMarks) result.emptyMarks = true
  if (emptyDoc) result.emptyDoc = true
  if (markIndex !== undefined) result.markIndex = markIndex
  return result
}

export function provenanceToJson(provenance: Provenance): JsonValue {
  const json: JsonObject = {
    type: provenance.type,
    attrKeys: provenance.attrKeys,
    extraAttrs: provenance.extraAttrs,
    extraKeys: provenance.extraKeys,
  }
  if (provenance.emptyContent) json.emptyContent = true
  if (provenance.emptyMarks) json.emptyMarks = true
  if (provenance.emptyDoc) json.emptyDoc = true
  if (provenance.markIndex !== undefined) json.markIndex = provenance.markIndex
  return json
}
