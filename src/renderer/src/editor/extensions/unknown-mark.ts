import { Mark } from '@tiptap/core'
import { isPlainObject, parseJsonAttribute, stringifyJson } from '../json'
import { UNKNOWN_MARK } from '../operately-types'

/**
 * A mark this editor does not know (a comment, a text colour from a newer server…), kept on its text with
 * the original JSON in `original`. `excludes: ''` lets several coexist on one piece of text; `index` is
 * the mark's place in the original list when that order differs from the schema's. Not inclusive, so
 * text typed at its edge does not inherit a formatting this app cannot show.
 */
export const UnknownMark = Mark.create({
  name: UNKNOWN_MARK,
  excludes: '',
  inclusive: false,

  addAttributes() {
    return {
      original: { default: null, rendered: false, parseHTML: () => null },
      index: { default: null, rendered: false, parseHTML: () => null },
    }
  },

  parseHTML() {
    return [
      {
        tag: 'span[data-ot-unknown-mark]',
        getAttrs: (element) => {
          const value = parseJsonAttribute(element.getAttribute('data-ot-unknown-mark'))
          if (!isPlainObject(value) || !('original' in value)) return false
          return { original: value.original, index: typeof value.index === 'number' ? value.index : null }
        },
      },
    ]
  },

  renderHTML({ mark }) {
    return [
      'span',
      {
        class: 'ot-unknown-mark',
        'data-ot-unknown-mark': stringifyJson({ original: mark.attrs.original, index: mark.attrs.index }),
      },
      0,
    ]
  },
})
