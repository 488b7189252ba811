/** Up to two initials for the avatar circle: first and last word, letters only ("Ada Lovelace" → "AL"). */
export function initials(fullName: string): string {
  const words = fullName
    .trim()
    .split(/\s+/)
    .map((word) => Array.from(word).find((char) => /\p{L}|\p{N}/u.test(char)))
    .filter((char): char is string => Boolean(char))
  if (words.length === 0) return '?'
  const first = words[0] ?? ''
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : ''
  return (first + last).toLocaleUpperCase()
}

/**
 * The server as a person would name it: the host for https ("app.operately.com"), the full origin when
 * the connection is plain http, so an unencrypted server is never dressed up as a secure one.
 */
export function displayServer(baseUrl: string): string {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    return baseUrl
  }
  return url.protocol === 'https:' ? url.host : url.origin
}

/** "Ada King Lovelace" → { head: "Ada King", last: "Lovelace" }; a one-word name is all `last`. */
export function splitLastWord(text: string): { head: string; last: string } {
  const trimmed = text.trim()
  const space = trimmed.search(/\s\S+$/)
  return space < 0
    ? { head: '', last: trimmed }
    : { head: trimmed.slice(0, space), last: trimmed.slice(space + 1) }
}
