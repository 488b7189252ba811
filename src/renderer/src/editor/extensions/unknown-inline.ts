import { stringifyJson } from '../json'
import { Node } from '@tiptap/core'
import { originalAttribute, parseOpaqueAtom } from './opaque-atom'
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

  addAttributes: originalAttribute,

  parseHTML: () => parseOpaqueAtom('span', 'inline'),

  renderHTML({ node }) {
    const preview = unsupportedPreview(node.attrs.original)
    return [
      'span',
      {
        class: 'ot-unsupported ot-unsupported--inline',
        'data-ot-unknown': 'inline',
        'data-ot-original': stringifyJson(node.attrs.original),
        title: preview ? `${UNSUPPORTED_TITLE} It reads: ${preview}` : UNSUPPORTED_TITLE,
      },
      UNSUPPORTED_LABEL,
    ]
  },

  renderText: () => '',
})
