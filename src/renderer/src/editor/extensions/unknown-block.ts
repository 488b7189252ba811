import { stringifyJson } from '../json'
import { Node } from '@tiptap/core'
import { originalAttribute, parseOpaqueAtom } from './opaque-atom'
import { UNKNOWN_BLOCK } from '../operately-types'
import { unsupportedPreview } from '../unsupported-preview'

export const UNSUPPORTED_LABEL = 'Unsupported content'
export const UNSUPPORTED_TITLE =
  'Made with a newer version of Operately (or in a layout this app cannot edit). It is kept exactly as it is: keys never change it; you can move it, or remove it with “Remove…”.'

/**
 * A block this editor does not know (a table, a task list, anything a newer server writes), held as one
 * opaque atom: its original JSON sits in `original` and goes back to the server unchanged. It can be
 * selected, dragged, cut and pasted, or deleted as a unit, never edited inside.
 */
export const UnknownBlock = Node.create({
  name: UNKNOWN_BLOCK,
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,

  addAttributes: originalAttribute,

  parseHTML: () => parseOpaqueAtom('div', 'block'),

  renderHTML({ node }) {
    const preview = unsupportedPreview(node.attrs.original)
    return [
      'div',
      {
        class: 'ot-unsupported ot-unsupported--block',
        'data-ot-unknown': 'block',
        'data-ot-original': stringifyJson(node.attrs.original),
        title: UNSUPPORTED_TITLE,
      },
      ['span', { class: 'ot-unsupported__label' }, UNSUPPORTED_LABEL],
      ...(preview ? [['span', { class: 'ot-unsupported__preview' }, preview]] : []),
    ]
  },

  // Not counted as words and not copied as text: the placeholder is not the content.
  renderText: () => '',
})
