import { internalSignatures } from './clean-pasted-html'

/**
 * Whether HTML on the clipboard was put there by this app, and which of its markup. ProseMirror marks its
 * own clipboard HTML with `data-pm-slice` and the editor then trusts the markup it finds there (mentions,
 * files, preserved data, the slice's context). Any web page can write that attribute, so it proves
 * nothing. What does: every copy or cut from one of our editors adds, beside the HTML, a value of our own
 * type drawn at random for that copy, and remembers the internal markup that copy wrote.
 *
 * A paste carrying one of those values may keep exactly that markup. A web page cannot guess the value;
 * one that was pasted into while our copy was on the clipboard could read it, and can then put back at
 * most the mentions and files our copy carried: a mention or file of its own still becomes plain text.
 */
export const clipboardMarkerType = 'application/x-operately-tray-clipboard'

/** Copies a paste may still come from: the clipboard, or a clipboard history (Windows' Win+V). */
const rememberedCopies = 10
const copies = new Map<string, ReadonlySet<string>>()

const randomMarker = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  )

export interface ClipboardLike {
  getData(type: string): string
  setData(type: string, value: string): void
}

/** Called after the editor wrote its HTML into a copy or cut: adds a fresh marker and remembers the copy. */
export function markAsOurs(data: ClipboardLike | null | undefined): void {
  if (!data) return
  const marker = randomMarker()
  copies.set(marker, internalSignatures(data.getData('text/html')))
  while (copies.size > rememberedCopies) copies.delete(copies.keys().next().value as string)
  data.setData(clipboardMarkerType, marker)
}

/** The internal markup a paste may keep: that of the copy whose marker it carries, or null (foreign). */
export function ownAtoms(data: ClipboardLike | null | undefined): ReadonlySet<string> | null {
  if (!data) return null
  try {
    return copies.get(data.getData(clipboardMarkerType)) ?? null
  } catch {
    return null
  }
}
