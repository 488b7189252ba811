import { Mark } from '@tiptap/core'
import { isPlainObject, parseJsonAttribute, stringifyJson } from '../json'
import { PRESERVED_TEXT_FIELDS } from '../operately-types'

/**
 * ProseMirror text nodes cannot carry attributes, so a text node that came with keys TipTap would drop
 * (an `id`, an explicit `"marks": []`) carries them in this invisible mark instead; saving puts them
 * back on the text. Not inclusive: new text typed at its edge is new.
 */
export const PreservedTextFields = Mark.create({
  name: PRESERVED_TEXT_FIELDS,
  inclusive: false,

  addAttributes() {
    return { fields: { default: null, rendered: false, parseHTML: () => null } }
  },

  parseHTML() {
    return [
      {
        tag: 'span[data-ot-text-fields]',
        getAttrs: (element) => {
          const fields = parseJsonAttribute(element.getAttribute('data-ot-text-fields'))
          return isPlainObject(fields) ? { fields } : false
        },
      },
    ]
  },

  renderHTML({ mark }) {
    return ['span', { 'data-ot-text-fields': stringifyJson(mark.attrs.fields) }, 0]
  },
})
