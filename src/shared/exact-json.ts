// Exact JSON for rich-text documents, in main and in the renderer. Documents are read with lossless-json,
// so that a number JavaScript cannot hold as it was written (12345678901234567890, or a spelling such as
// 1.0e3 or 2.50 in content from a newer server) goes back to the server byte for byte. Such a number is a
// LosslessNumber inside the tree; every other number is a plain number.

import { isLosslessNumber, LosslessNumber, parse as parseLossless } from 'lossless-json'

export { isLosslessNumber, LosslessNumber }

export type JsonValue = null | boolean | number | string | LosslessNumber | JsonValue[] | JsonObject
export interface JsonObject {
  [key: string]: JsonValue
}

/** JSON as JSON.stringify and structured cloning carry it: no LosslessNumber inside. */
export type PlainJson = null | boolean | number | string | PlainJson[] | { [key: string]: PlainJson }

/**
 * A number spelling JSON.parse would not give back as it was: an exponent, a trailing zero after the
 * point, minus zero, a tiny fraction JavaScript writes with an exponent, or 16 or more digits. Text that
 * holds none (most documents) is parsed natively, several times faster; the test may fire on text inside
 * strings too, which only costs the slower, exact parse.
 */
const INEXACT_NUMBER = /\d[eE]|\d[\d.]{15}|\.\d*0(?!\d)|-0(?![.\d])|\.0{6}/

// Writing uses the native JSON.stringify (a 1 MB document in a few milliseconds, where a serialiser in
// JavaScript takes ten times longer, once a second while someone types): an exact number writes itself as
// a string holding a marker no document can contain (a fresh random one per run), and the marked strings
// are then replaced by the number's own spelling, which lossless-json checked when it read it.
const MARKER = `\u0000${globalThis.crypto.randomUUID().replaceAll('-', '')}:`
const ESCAPED_MARKER = JSON.stringify(MARKER).slice(1, -1)
const MARKED_NUMBER = new RegExp(`"${ESCAPED_MARKER.replace(/\\/g, '\\\\')}([-+0-9.eE]+)"`, 'g')

class ExactNumber extends LosslessNumber {
  toJSON(): string {
    return `${MARKER}${this.value}`
  }
}

/** Keeps a number as a plain number when that gives back its spelling exactly, else as a LosslessNumber. */
function exactNumber(text: string): number | LosslessNumber {
  const value = Number(text)
  return String(value) === text ? value : new ExactNumber(text)
}

/** Parses JSON text keeping every number's exact spelling. Throws SyntaxError on text that is not JSON. */
export function parseJson(text: string): JsonValue {
  if (!INEXACT_NUMBER.test(text)) return JSON.parse(text) as JsonValue
  return parseLossless(text, null, exactNumber) as JsonValue
}

/** JSON text of a value from parseJson (or built from such values), every number as it was read. */
export function stringifyJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null'
  return text.includes(ESCAPED_MARKER) ? text.replace(MARKED_NUMBER, '$1') : text
}

/** Two numbers, either of which may be a LosslessNumber: the same only when spelled the same. */
export function sameNumber(a: unknown, b: unknown): boolean {
  const text = (value: unknown) =>
    isLosslessNumber(value) ? value.value : typeof value === 'number' ? String(value) : null
  const first = text(a)
  return first !== null && first === text(b)
}

/**
 * A value ready to cross a process boundary (IPC, the harness, a file written by main) without losing an
 * exact number: the value itself when it holds none (the usual case, which stays readable as JSON), else
 * its exact JSON text. A LosslessNumber itself would arrive as an ordinary object.
 */
export function portableJson(value: unknown): { value: PlainJson } | { text: string } {
  const text = JSON.stringify(value) ?? 'null'
  if (!text.includes(ESCAPED_MARKER)) return { value: value as PlainJson }
  return { text: text.replace(MARKED_NUMBER, '$1') }
}
