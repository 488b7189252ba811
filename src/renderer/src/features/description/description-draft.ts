import { z } from 'zod'
import type { JsonValue, ServerDoc } from '../../editor'

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

const documentSchema = z
  .json()
  .refine(isDocument)
  .transform((value) => value as ServerDoc)

const storedSchema = z.object({
  v: z.literal(1),
  doc: documentSchema.nullable(),
  base: z.string().nullable(),
  keptCopy: z.object({ doc: documentSchema, keptAt: z.string() }).nullable(),
})

/** The draft in a stored value; null when there is none or it is not one this app wrote. */
export function readDescriptionDraft(stored: unknown): DescriptionDraft | null {
  const parsed = storedSchema.safeParse(stored)
  if (!parsed.success) return null
  const { doc, base, keptCopy } = parsed.data
  if (doc === null && keptCopy === null) return null
  return { doc, base, keptCopy }
}

/** What to store for a draft; null when there is nothing left to keep (the draft is cleared). */
export function toStoredDescriptionDraft(draft: DescriptionDraft): JsonValue | null {
  if (draft.doc === null && draft.keptCopy === null) return null
  return {
    v: 1,
    doc: draft.doc,
    base: draft.base,
    keptCopy: draft.keptCopy ? { doc: draft.keptCopy.doc, keptAt: draft.keptCopy.keptAt } : null,
  }
}
