import { StarterKit } from '@tiptap/starter-kit'
import { isAllowedLinkHref } from '../link-validation'

/**
 * TipTap's own nodes and marks as Operately uses them: paragraph, heading 1–6, blockquote, bullet and
 * ordered lists, code block, hard break, horizontal rule; bold, italic, strike, code, underline, link;
 * plus undo/redo, list keys, drop and gap cursors, and TipTap's Markdown input rules.
 */
export const StandardKit = StarterKit.configure({
  // The document, list item and quote are schema.ts's: their blocks may carry a long document's chunk
  // (extensions/document-chunks/).
  document: false,
  listItem: false,
  blockquote: false,
  // TrailingNode appends an empty paragraph to any document that ends in a list, quote or code block,
  // which would change a document the user never touched. The gap cursor and the code block's
  // exit-on-arrow-down already let people write below such a block.
  trailingNode: false,
  heading: { levels: [1, 2, 3, 4, 5, 6] },
  dropcursor: { class: 'ot-dropcursor', color: false },
  link: {
    openOnClick: false,
    autolink: true,
    linkOnPaste: true,
    defaultProtocol: 'https',
    // Only http, https and mailto links are created, pasted or drawn as clickable (link-validation.ts).
    // A stored link with another scheme is kept in the document but drawn without its address.
    isAllowedUri: (url) => isAllowedLinkHref(url),
  },
})
