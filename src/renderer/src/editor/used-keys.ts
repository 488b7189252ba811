/**
 * ProseMirror calls preventDefault on every Escape in an editor, so `defaultPrevented` cannot tell the
 * popup whether the editor really used the key (to close the @-mention list, say). The editor's own
 * handlers record the keys they used here; the popup hides on an Escape only when nothing did.
 */
const used = new WeakSet<Event>()

export function markKeyUsed(event: Event): void {
  used.add(event)
}

export function wasKeyUsed(event: Event): boolean {
  return used.has(event)
}
