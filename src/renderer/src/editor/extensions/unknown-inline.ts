import { Node } from '@tiptap/core'
import { parseJsonAttribute } from '../json'
import { UNKNOWN_INLINE } from '../operately-types'
import { unsupportedPreview } from '../unsupported-preview'
import { UNSUPPORTED_LABEL, UNSUPPORTED_TITLE } from './unknown-block'

/** The inline twin of UnknownBlock: an opaque chip inside a line of text, original JSON kept verbatim. */
export const UnknownInline = Node.create({
  name: UNKNOWN_INLINE,
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: true,

  addAttributes() {
    return { original: { default: null, rendered: false, parseHTML: () => null } }
  },

  parseHTML() {
    return [
      {
        tag: 'span[data-ot-unknown="inline"]',
        priority: 100,
        getAttrs: (element) => {
          const original = parseJsonAttribute(element.getAttribute('data-ot-original'))
          return original === undefined ? false : { original }
        },
      },
    ]
  },

  renderHTML({ node }) {
    const preview = unsupportedPreview(node.attrs.original)
    return [
      'span',
      {
        class: 'ot-unsupported ot-unsupported--inline',
        'data-ot-unknown': 'inline',
        'data-ot-original': JSON.stringify(node.attrs.original),
        title: preview ? `${UNSUPPORTED_TITLE} It reads: ${preview}` : UNSUPPORTED_TITLE,
      },
      UNSUPPORTED_LABEL,
    ]
  },

  renderText: () => '',
})
