/** What turns one text into another: the characters from `at` to `at + remove` become `insert`. */
export interface TextEdit {
  at: number
  remove: number
  insert: string
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff

/**
 * The one change between two texts that keeps their common start and end: a keystroke in a megabyte of
 * text comes out as the few characters around it. Never splits a character made of two UTF-16 units, so
 * each part is a well-formed string whatever carries it.
 */
export function textEdit(before: string, after: string): TextEdit {
  const shorter = Math.min(before.length, after.length)
  let start = 0
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--
  let end = 0
  while (
    end < shorter - start &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  )
    end++
  if (end > 0 && isLowSurrogate(before.charCodeAt(before.length - end))) end--
  return { at: start, remove: before.length - start - end, insert: after.slice(start, after.length - end) }
}

/** The text `edit` makes of `text`. */
export function applyTextEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.at) + edit.insert + text.slice(edit.at + edit.remove)
}
