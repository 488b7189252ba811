import type { Attributes } from '@tiptap/core'
import { parseJsonAttribute } from '../json'

/**
 * What UnknownBlock and UnknownInline share: the original JSON kept in one attribute (never rendered
 * as an attribute of its own), and read back from `data-ot-original` when the atom is pasted or dropped.
 */
export const originalAttribute = (): Attributes => ({
  original: { default: null, rendered: false, parseHTML: () => null },
})

export const parseOpaqueAtom = (tag: 'div' | 'span', kind: 'block' | 'inline') => [
  {
    tag: `${tag}[data-ot-unknown="${kind}"]`,
    priority: 100,
    getAttrs: (element: HTMLElement) => {
      const original = parseJsonAttribute(element.getAttribute('data-ot-original'))
      return original === undefined ? false : { original }
    },
  },
]
