import { describe, expect, it } from 'vitest'
import { applyTextEdit, textEdit } from './text-edit'

describe('textEdit', () => {
  it('keeps the common start and end, and applying it gives the new text back', () => {
    const cases: Array<[string, string]> = [
      ['hello world', 'hello, world'],
      ['hello world', 'hello'],
      ['', 'all new'],
      ['all gone', ''],
      ['same', 'same'],
      ['aaaa', 'aaaaa'],
      ['abcabc', 'abc'],
      ['x', 'y'],
    ]
    for (const [before, after] of cases) {
      const edit = textEdit(before, after)
      expect(applyTextEdit(before, edit), `${before} → ${after}`).toBe(after)
    }
    expect(textEdit('hello world', 'hello, world')).toEqual({ at: 5, remove: 0, insert: ',' })
    expect(textEdit('same', 'same')).toEqual({ at: 4, remove: 0, insert: '' })
  })

  it('sends a keystroke in a megabyte as a few characters', () => {
    const half = 'lorem ipsum '.repeat(45_000)
    const edit = textEdit(`${half}${half}`, `${half}Q${half}`)
    expect(edit.insert.length).toBeLessThanOrEqual(13)
    expect(applyTextEdit(`${half}${half}`, edit)).toBe(`${half}Q${half}`)
  })

  it('never splits a character made of two UTF-16 units', () => {
    // 😀 and 😃 share their first unit: the edit takes the whole character.
    const edit = textEdit('a😀b', 'a😃b')
    expect(edit).toEqual({ at: 1, remove: 2, insert: '😃' })
    // …and their last unit differs here: 🙂 (U+1F642) vs 😂 (U+1F602) share the high surrogate only.
    const tail = textEdit('x🙂', 'x😂')
    expect(tail.insert).toBe('😂')
    // A shared low surrogate at the end of the change is not split either: 𝐀 (U+1D400) vs 😀 (U+1F600).
    const low = textEdit('x\u{1D400}y', 'x\u{1F400}y')
    expect(low.insert.length % 2).toBe(0)
    // encodeURIComponent throws on half a character.
    for (const piece of [edit.insert, tail.insert, low.insert])
      expect(() => encodeURIComponent(piece)).not.toThrow()
  })
})
