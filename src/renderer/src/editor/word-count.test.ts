import { describe, expect, it } from 'vitest'
import { countWords, formatWordCount } from './word-count'

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['Hello world', 2],
    ['  Hello,   world!  ', 2],
    ["don't stop well-known things", 4],
    ['Ship v2 by Q3 2026', 5],
    ['@Ashe Hart will review', 4],
    ['Andøya café naïve', 3],
    ['打ち上げ準備', 6],
    ['Launch 打ち上げ today', 6],
    ['مرحبا بالعالم', 2],
    ['— • …', 0],
  ])('%j has %i words', (text, count) => {
    expect(countWords(text)).toBe(count)
  })

  it('counts a megabyte of text (Intl.Segmenter would take minutes here)', () => {
    const text = 'launch site range safety telemetry, payload adapter. '.repeat(20_000)
    expect(countWords(text)).toBe(140_000)
  })
})

describe('formatWordCount', () => {
  it.each([
    [0, '0 words'],
    [1, '1 word'],
    [12345, '12,345 words'],
  ])('%i → %s', (count, text) => {
    expect(formatWordCount(count)).toBe(text)
  })
})
