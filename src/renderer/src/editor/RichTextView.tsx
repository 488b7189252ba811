import { getSchema } from '@tiptap/core'
import { DOMSerializer, type Schema } from '@tiptap/pm/model'
import { useMemo } from 'react'
import { prepareForEditor } from './loss-proof'
import { createOperatelyExtensions, operatelySchema } from './schema'

export interface RichTextViewProps {
  /** A server document: the parsed object or its JSON text. Anything else shows a plain message. */
  value: unknown
  /** See BlobOptions.resolveSrc. */
  resolveBlobSrc?: (src: string) => string | null
  className?: string
}

export const UNDISPLAYABLE_MESSAGE = 'This text could not be displayed'

const schemas = new WeakMap<(src: string) => string | null, Schema>()

function schemaFor(resolveBlobSrc: ((src: string) => string | null) | undefined): Schema {
  if (!resolveBlobSrc) return operatelySchema()
  let schema = schemas.get(resolveBlobSrc)
  if (!schema) {
    schema = getSchema(createOperatelyExtensions({ resolveBlobSrc }))
    schemas.set(resolveBlobSrc, schema)
  }
  return schema
}

/**
 * The document drawn to HTML by ProseMirror's serializer with the schema's own renderHTML rules, or null
 * when it cannot be drawn. Every piece of text goes through the DOM as text, and links with schemes other
 * than http, https and mailto lose their address (the Link extension's rule), so the markup is safe.
 */
export function renderDocumentHtml(
  value: unknown,
  resolveBlobSrc?: (src: string) => string | null,
): string | null {
  const prepared = prepareForEditor(value)
  if (!prepared.displayable) return null
  try {
    const schema = schemaFor(resolveBlobSrc)
    const doc = schema.nodeFromJSON(prepared.doc)
    // A detached document: nothing created here loads or runs before React puts the markup on screen.
    const scratch = document.implementation.createHTMLDocument('')
    const container = scratch.createElement('div')
    container.append(DOMSerializer.fromSchema(schema).serializeFragment(doc.content, { document: scratch }))
    return container.innerHTML
  } catch (error) {
    // The document passed every check and still could not be drawn: the caller shows the plain message
    // instead of a broken screen; the details go to the console for whoever investigates.
    console.error('RichTextView could not render a document', error)
    return null
  }
}

/**
 * A read-only rendering of any description or check-in message, with the same schema as the editor:
 * every known node and mark as Operately shows it, unknown content as "Unsupported content"
 * placeholders. No editor instance is created (cheap enough for a list of check-ins), and it never throws:
 * a value that is not a document shows "This text could not be displayed".
 */
export function RichTextView({ value, resolveBlobSrc, className }: RichTextViewProps) {
  const html = useMemo(() => renderDocumentHtml(value, resolveBlobSrc), [value, resolveBlobSrc])
  if (html === null) {
    return (
      <p className={['ot-view-error', className].filter(Boolean).join(' ')} role="note">
        {UNDISPLAYABLE_MESSAGE}
      </p>
    )
  }
  return (
    <div
      className={['ot-richtext', 'ot-view', className].filter(Boolean).join(' ')}
      // Markup produced by ProseMirror's serializer from a checked document (see renderDocumentHtml).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
