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

// Attributes this editor writes for its own atoms and preserved data. They are trusted only on elements
// this app itself put on the clipboard (clipboard-marker.ts): anything else could smuggle made-up
// mentions, files or hidden JSON into a document. data-pm-slice, ProseMirror's own marker, carries the
// pasted slice's context (node types and attributes): it is trusted only there too.
const INTERNAL_MARKERS = /^data-(?:ot-|type$|id$|label$|mention-suggestion-char$)/
const isInternal = (name: string) => INTERNAL_MARKERS.test(name) || name === 'data-pm-slice'

/** One element's internal markup: its tag and each internal attribute with its value, or null for none. */
function internalSignature(element: Element): string | null {
  const attributes = Array.from(element.attributes)
    .map((attribute) => [attribute.name.toLowerCase(), attribute.value] as const)
    .filter(([name]) => isInternal(name))
    .map(([name, value]) => `${name}=${value}`)
    .sort()
  return attributes.length === 0 ? null : JSON.stringify([element.localName, ...attributes])
}

/**
 * The internal markup in HTML this editor wrote (a copy or cut): each element's signature. A paste that
 * carries the copy's marker may keep exactly these, and nothing a page added beside them.
 */
export function internalSignatures(html: string): Set<string> {
  const document = new DOMParser().parseFromString(html, 'text/html')
  const found = new Set<string>()
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const signature = internalSignature(element)
    if (signature !== null) found.add(signature)
  }
  return found
}

/**
 * Cleans HTML pasted from web pages and word processors down to what the schema can hold, before
 * ProseMirror parses it: scripts, styles, frames, media and form controls are removed with their content;
 * event handlers, address attributes and links with schemes other than http/https/mailto are removed
 * while the text they wrapped stays; Word's list bullets and conditional comments are dropped. Elements
 * the schema does not know are left for ProseMirror's parser, which keeps their text. Mentions, files,
 * preserved data and the slice context survive only where `ownAtoms` (the signatures of the copy whose
 * marker the paste carried, clipboard-marker.ts) has that very element; anything else becomes its text.
 */
export function cleanPastedHtml(
  html: string,
  { ownAtoms = null }: { ownAtoms?: ReadonlySet<string> | null } = {},
): string {
  const document = new DOMParser().parseFromString(html, 'text/html')
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
    const signature = internalSignature(element)
    const ours = signature !== null && ownAtoms !== null && ownAtoms.has(signature)
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase()
      if (name.startsWith('on') || URL_ATTRIBUTES.includes(name) || (!ours && isInternal(name))) {
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
