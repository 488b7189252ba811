import { Node } from '@tiptap/core'
import type { DOMOutputSpec } from '@tiptap/pm/model'
import { formatFileSize } from '../file-size'
import { isPlainObject, parseJsonAttribute, type JsonObject, stringifyJson } from '../json'

export interface BlobOptions {
  /**
   * Turns a blob's stored `src` into an address this window may load, or null when it cannot be shown
   * (the image then appears as a file chip). Defaults to using `src` as it is.
   */
  resolveSrc: (src: string) => string | null
}

// Operately's blob attributes and their defaults (turboui/src/RichEditor/Blob), so that a document
// without a key means the same thing here as there.
const BLOB_DEFAULTS = {
  src: null,
  alt: null,
  title: null,
  id: null,
  status: 'uploading',
  filetype: null,
  filesize: null,
  progress: 0,
} as const

const IMAGE_NAME = /\.(?:png|jpe?g|gif|webp|avif|bmp|svg)$/i

export function blobFileName(attrs: Record<string, unknown>): string {
  for (const key of ['title', 'alt'] as const) {
    const value = attrs[key]
    if (typeof value === 'string' && value.trim() !== '') return value
  }
  const src = attrs.src
  if (typeof src === 'string') {
    const last = src.split(/[?#]/)[0]?.split('/').pop()
    if (last) return decodeURIComponentSafely(last)
  }
  return 'Attached file'
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    // A name with a stray "%" is shown as it is written.
    return text
  }
}

export function isImageBlob(attrs: Record<string, unknown>): boolean {
  const filetype = attrs.filetype
  if (typeof filetype === 'string' && filetype !== '') return filetype.toLowerCase().startsWith('image/')
  return IMAGE_NAME.test(blobFileName(attrs))
}

function blobAttrsFromJson(value: JsonObject): Record<string, unknown> {
  const attrs: Record<string, unknown> = {}
  for (const key of Object.keys(BLOB_DEFAULTS)) if (Object.hasOwn(value, key)) attrs[key] = value[key]
  return attrs
}

/**
 * Operately's `blob`: an uploaded file inside a line of text. Images show inline as <img> with their alt
 * text; other files as a chip "report.pdf · 1.2 MB". This app never uploads, replaces or edits a blob:
 * its attributes travel as they came (also through cut and paste, as JSON in `data-ot-blob`).
 */
export const BlobNode = Node.create<BlobOptions>({
  name: 'blob',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: true,

  addOptions() {
    return { resolveSrc: (src) => src }
  },

  addAttributes() {
    const attributes: Record<string, { default: unknown; rendered: false; parseHTML: () => null }> = {}
    for (const [key, value] of Object.entries(BLOB_DEFAULTS)) {
      attributes[key] = { default: value, rendered: false, parseHTML: () => null }
    }
    return attributes
  },

  parseHTML() {
    return [
      {
        tag: 'span[data-type="blob"][data-ot-blob]',
        priority: 100,
        getAttrs: (element) => {
          const value = parseJsonAttribute(element.getAttribute('data-ot-blob'))
          return isPlainObject(value) ? blobAttrsFromJson(value) : false
        },
      },
    ]
  },

  renderHTML({ node, HTMLAttributes }) {
    const attrs = node.attrs
    const name = blobFileName(attrs)
    const uploading = attrs.status === 'uploading'
    const base = {
      ...HTMLAttributes,
      'data-type': 'blob',
      'data-ot-blob': stringifyJson(attrs),
    }
    const src = typeof attrs.src === 'string' && attrs.src !== '' ? this.options.resolveSrc(attrs.src) : null

    if (isImageBlob(attrs) && src !== null) {
      const alt = typeof attrs.alt === 'string' ? attrs.alt : name
      return [
        'span',
        { ...base, class: `ot-blob ot-blob--image${uploading ? ' ot-blob--uploading' : ''}` },
        [
          'img',
          { src, alt, title: typeof attrs.title === 'string' ? attrs.title : null, draggable: 'false' },
        ],
      ]
    }

    const size = formatFileSize(attrs.filesize)
    const children: DOMOutputSpec[] = [['span', { class: 'ot-blob__name' }, name]]
    if (size) children.push(['span', { class: 'ot-blob__size' }, ` · ${size}`])
    if (uploading) children.push(['span', { class: 'ot-blob__status' }, ' (not finished uploading)'])
    return ['span', { ...base, class: 'ot-blob ot-blob--file', title: name }, ...children]
  },

  renderText({ node }) {
    return blobFileName(node.attrs)
  },
})
