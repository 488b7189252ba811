import { isAllowedLinkHref } from './link-validation'

// Elements whose content is never text a person meant to paste (code, styling, embedded documents,
// media this app cannot upload, form controls). They go, content and all.
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'template',
  'link',
  'meta',
  'base',
  'title',
  'head',
  'svg',
  'math',
  'canvas',
  'video',
  'audio',
  'source',
  'track',
  'img',
  'picture',
  'input',
  'button',
  'select',
  'textarea',
  'datalist',
  'map',
  'xml',
])

// Attributes that hold addresses. Only a link's href survives, and only with an allowed scheme.
const URL_ATTRIBUTES = [
  'src',
  'srcset',
  'action',
  'formaction',
  'xlink:href',
  'background',
  'poster',
  'ping',
  'lowsrc',
]

// Attributes this editor writes for its own atoms and preserved data. They are trusted only in HTML this
// app put on the clipboard in this session (clipboard-marker.ts): anything else could smuggle made-up
// mentions, files or hidden JSON into a document. data-pm-slice, ProseMirror's own marker, carries the
// pasted slice's context (node types and attributes): it is trusted only there too.
const INTERNAL_MARKERS = /^data-(?:ot-|type$|id$|label$|mention-suggestion-char$)/

/**
 * Cleans HTML pasted from web pages and word processors down to what the schema can hold, before
 * ProseMirror parses it: scripts, styles, frames, media and form controls are removed with their content;
 * event handlers, address attributes and links with schemes other than http/https/mailto are removed
 * while the text they wrapped stays; Word's list bullets and conditional comments are dropped. Elements
 * the schema does not know are left for ProseMirror's parser, which keeps their text. Mentions, files
 * and preserved data survive only with `fromThisApp` (the paste carried this session's marker); from
 * anywhere else they become their text.
 */
export function cleanPastedHtml(
  html: string,
  { fromThisApp = false }: { fromThisApp?: boolean } = {},
): string {
  const document = new DOMParser().parseFromString(html, 'text/html')
  const fromEditor = fromThisApp && html.includes('data-pm-slice')
  const root = document.body

  const comments = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT)
  const toRemove: Node[] = []
  while (comments.nextNode()) toRemove.push(comments.currentNode)
  for (const comment of toRemove) comment.parentNode?.removeChild(comment)

  for (const element of Array.from(root.querySelectorAll('*'))) {
    if (!element.isConnected) continue
    const tag = element.localName
    const style = element.getAttribute('style') ?? ''
    if (DROP_WITH_CONTENT.has(tag) || /mso-list\s*:\s*ignore/i.test(style)) {
      element.remove()
      continue
    }
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase()
      if (
        name.startsWith('on') ||
        URL_ATTRIBUTES.includes(name) ||
        (!fromEditor && (INTERNAL_MARKERS.test(name) || name === 'data-pm-slice'))
      ) {
        element.removeAttribute(attribute.name)
      }
    }
    if (
      element.hasAttribute('href') &&
      !(tag === 'a' && isAllowedLinkHref(element.getAttribute('href')?.trim()))
    ) {
      element.removeAttribute('href')
    }
  }
  return root.innerHTML
}
