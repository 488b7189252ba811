import { Mark, markInputRule, markPasteRule } from '@tiptap/core'
import { isHighlightColour, type HighlightColour } from '../operately-types'

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    highlight: {
      setHighlight: (attributes: { highlight: HighlightColour }) => ReturnType
      toggleHighlight: (attributes: { highlight: HighlightColour }) => ReturnType
      unsetHighlight: () => ReturnType
    }
  }
}

/** Operately's default when highlighting from the keyboard (Mod-Shift-H or ==text==). */
export const DEFAULT_HIGHLIGHT: HighlightColour = 'textYellow'

// ==text== typed or pasted becomes highlighted, as in Operately's web editor.
const typedHighlight = /(?:^|\s)(==(?!\s+==)([^=]+)==(?!\s+==))$/
const pastedHighlight = /(?:^|\s)(==(?!\s+==)([^=]+)==(?!\s+==))/g

/**
 * Operately's colour highlight: one attribute, `highlight`, naming a colour. It is drawn with a class per
 * colour (editor.css decides the colours for light and dark themes); the value never becomes an inline
 * style, and a value this app does not know keeps only the neutral class.
 */
export const Highlight = Mark.create({
  name: 'highlight',

  addAttributes() {
    return {
      highlight: {
        default: null,
        parseHTML: (element) => {
          const value = element.getAttribute('data-highlight')
          return isHighlightColour(value) ? value : null
        },
        renderHTML: (attributes) => {
          const value: unknown = attributes.highlight
          if (!isHighlightColour(value)) return { class: 'ot-highlight' }
          return { class: `ot-highlight ot-highlight--${value}`, 'data-highlight': value }
        },
      },
    }
  },

  parseHTML() {
    // A <mark> without a colour (from a web page) becomes the usual yellow background.
    return [{ tag: 'mark', getAttrs: () => ({ highlight: 'bgYellow' }) }]
  },

  renderHTML({ HTMLAttributes }) {
    return ['mark', HTMLAttributes, 0]
  },

  addCommands() {
    return {
      setHighlight:
        (attributes) =>
        ({ commands }) =>
          commands.setMark(this.name, attributes),
      toggleHighlight:
        (attributes) =>
        ({ commands }) =>
          commands.toggleMark(this.name, attributes),
      unsetHighlight:
        () =>
        ({ commands }) =>
          commands.unsetMark(this.name),
    }
  },

  addKeyboardShortcuts() {
    return {
      'Mod-Shift-h': () => this.editor.commands.toggleHighlight({ highlight: DEFAULT_HIGHLIGHT }),
    }
  },

  addInputRules() {
    return [
      markInputRule({
        find: typedHighlight,
        type: this.type,
        getAttributes: { highlight: DEFAULT_HIGHLIGHT },
      }),
    ]
  },

  addPasteRules() {
    return [
      markPasteRule({
        find: pastedHighlight,
        type: this.type,
        getAttributes: { highlight: DEFAULT_HIGHLIGHT },
      }),
    ]
  },
})
