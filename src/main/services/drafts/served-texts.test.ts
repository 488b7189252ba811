import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../storage/sha256-hex'
import { createServedTexts } from './served-texts'

describe('served texts', () => {
  it('finds a text by its key and the SHA-256 of its UTF-8, and nothing else', () => {
    const served = createServedTexts()
    const text = '{"type":"doc","content":[{"type":"text","text":"Grüße, 東京 🚀"}]}'
    served.remember('description:abc', text)
    // The hash the renderer's crypto.subtle works out: over UTF-8, not UTF-16 code units.
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(served.find('description:abc', sha256Hex(text))).toBe(text)
    expect(served.find('description:abc', sha256Hex(`${text} `))).toBeNull()
    expect(served.find('description:other', sha256Hex(text))).toBeNull()
  })

  it('keeps only the newest text of a key: a draft edits what was opened last', () => {
    const served = createServedTexts()
    served.remember('description:abc', 'first')
    served.find('description:abc', sha256Hex('first'))
    served.remember('description:abc', 'second')
    expect(served.find('description:abc', sha256Hex('first'))).toBeNull()
    expect(served.find('description:abc', sha256Hex('second'))).toBe('second')
  })

  it('forgets the key served longest ago beyond the number it keeps', () => {
    const served = createServedTexts(2)
    served.remember('description:a', 'a')
    served.remember('description:b', 'b')
    served.remember('description:a', 'a again')
    served.remember('description:c', 'c')
    expect(served.find('description:b', sha256Hex('b'))).toBeNull()
    expect(served.find('description:a', sha256Hex('a again'))).toBe('a again')
    expect(served.find('description:c', sha256Hex('c'))).toBe('c')
  })
})
