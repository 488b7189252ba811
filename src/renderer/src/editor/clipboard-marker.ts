/**
 * Whether HTML on the clipboard was put there by this app, in this session. ProseMirror marks its own
 * clipboard HTML with `data-pm-slice` and the editor then trusts the markup it finds there (mentions,
 * files, preserved data, the slice's context). Any web page can write that attribute, so it proves
 * nothing; what proves it is this: every copy or cut from one of our editors adds, beside the HTML, a
 * value of our own type that only this page knows, drawn at random when the page loads.
 *
 * A page that never saw our clipboard cannot guess it. (One that was pasted into while our content was
 * on the clipboard could learn it, for as long as this popup page lives; the worst it could then do is
 * what a copy from our own editor can do.)
 */
export const clipboardMarkerType = 'application/x-operately-tray-clipboard'

const sessionMarker = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('')

export interface ClipboardLike {
  getData(type: string): string
  setData(type: string, value: string): void
}

export function markAsOurs(data: ClipboardLike | null | undefined): void {
  data?.setData(clipboardMarkerType, sessionMarker)
}

export function isOurs(data: ClipboardLike | null | undefined): boolean {
  if (!data) return false
  try {
    return data.getData(clipboardMarkerType) === sessionMarker
  } catch {
    return false
  }
}
