import { Extension } from '@tiptap/core'
import { parseJsonAttribute, stringifyJson } from '../json'
import { OPERATELY_MARK_TYPES, OPERATELY_NODE_TYPES, PRESERVED_ATTR } from '../operately-types'
import { readProvenance } from '../provenance'

const DATA_ATTRIBUTE = 'data-ot-preserved'

/**
 * Gives every known node and mark one extra attribute holding its Provenance (what the schema cannot
 * express: unknown attributes, unknown keys, which defaults were really written). It is rendered into the
 * HTML as JSON so that cut and paste inside the editor carries it along; pastes from elsewhere have it
 * stripped first (clean-pasted-html.ts). It is not kept on split: the new half of a split paragraph is new.
 */
export const PreservedAttributes = Extension.create({
  name: 'preservedAttributes',

  addGlobalAttributes() {
    return [
      {
        types: [...OPERATELY_NODE_TYPES.filter((type) => type !== 'text'), ...OPERATELY_MARK_TYPES],
        attributes: {
          [PRESERVED_ATTR]: {
            default: null,
            keepOnSplit: false,
            parseHTML: (element) => readProvenance(parseJsonAttribute(element.getAttribute(DATA_ATTRIBUTE))),
            renderHTML: (attributes) => {
              const provenance: unknown = attributes[PRESERVED_ATTR]
              return provenance ? { [DATA_ATTRIBUTE]: stringifyJson(provenance) } : {}
            },
          },
        },
      },
    ]
  },
})
