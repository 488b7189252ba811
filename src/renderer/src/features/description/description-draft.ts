import { z } from 'zod'
import { portableJson, type PlainJson } from '@shared/exact-json'
import { parseJson, stringifyDocument, type ServerDoc } from '../../editor'

/**
 * A description draft as main keeps it on disk: the unsaved document, the server version it was based on
 * (so a later save is still checked against what the person actually saw), and the person's own version
 * kept aside when they chose "Take theirs" in a conflict.
 */

/** Keyed by the project's short id: slugs change when a project is renamed, the short id does not. */
export { descriptionDraftKey } from '@shared/contract/drafts'

export interface KeptCopy {
  doc: ServerDoc
  /** When the person set it aside (ISO). */
  keptAt: string
}

export interface DescriptionDraft {
  /** The unsaved document; null when there is no unsaved edit (only a kept copy). */
  doc: ServerDoc | null
  /** The server description the edit started from. */
  base: string | null
  keptCopy: KeptCopy | null
}

const isDocument = (value: unknown): value is ServerDoc =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  (value as { type?: unknown }).type === 'doc'

/** A document holding a number JavaScript cannot keep exactly travels as its exact JSON text. */
const documentTextSchema = z.string().transform((text, ctx) => {
  try {
    const value = parseJson(text)
    if (isDocument(value)) return value
  } catch {
    // Reported below: not a document.
  }
  ctx.addIssue({ code: 'custom', message: 'not a document' })
  return z.NEVER
})

const documentSchema = z
  .json()
  .refine(isDocument)
  .transform((value) => value as ServerDoc)

const storedSchema = z.object({
  v: z.literal(1),
  // The document itself, or (when it holds a number JavaScript cannot keep exactly) its exact JSON text.
  doc: documentSchema.nullable().optional(),
  docText: documentTextSchema.optional(),
  base: z.string().nullable(),
  keptCopy: z
    .object({ doc: documentSchema.optional(), docText: documentTextSchema.optional(), keptAt: z.string() })
    .nullable(),
})

/** The draft in a stored value; null when there is none or it is not one this app wrote. */
export function readDescriptionDraft(stored: unknown): DescriptionDraft | null {
  const parsed = storedSchema.safeParse(stored)
  if (!parsed.success) return null
  const { base, keptCopy: kept } = parsed.data
  const doc = parsed.data.docText ?? parsed.data.doc ?? null
  const keptDoc = kept ? (kept.docText ?? kept.doc ?? null) : null
  const keptCopy = kept && keptDoc ? { doc: keptDoc, keptAt: kept.keptAt } : null
  if (doc === null && keptCopy === null) return null
  return { doc, base, keptCopy }
}

/** The kept copy changes rarely: stored as a document when it can be, readable on disk. */
function storedDoc(doc: ServerDoc | null): { doc: PlainJson } | { docText: string } {
  if (doc === null) return { doc: null }
  const portable = portableJson(doc)
  return 'text' in portable ? { docText: portable.text } : { doc: portable.value }
}

/**
 * The edit in progress is written once a second while someone types: as its exact text, made block by
 * block (stringifyDocument), which crosses to main as one string instead of a megabyte of objects.
 */
function storedEdit(doc: ServerDoc | null): { doc: null } | { docText: string } {
  return doc === null ? { doc: null } : { docText: stringifyDocument(doc) }
}

/** What to store for a draft; null when there is nothing left to keep (the draft is cleared). */
export function toStoredDescriptionDraft(draft: DescriptionDraft): PlainJson | null {
  if (draft.doc === null && draft.keptCopy === null) return null
  return {
    v: 1,
    ...storedEdit(draft.doc),
    base: draft.base,
    keptCopy: draft.keptCopy ? { ...storedDoc(draft.keptCopy.doc), keptAt: draft.keptCopy.keptAt } : null,
  }
}
