import { describe, expect, it } from 'vitest'
import { blockCache, forgetBlockCaches } from './block-caches'

describe('blockCache', () => {
  it('remembers per block object until the caches are started afresh', () => {
    const words = blockCache<object, number>()
    const texts = blockCache<object, string>()
    const block = {}
    words.set(block, 3)
    texts.set(block, 'three')
    expect(words.get(block)).toBe(3)
    expect(words.get({})).toBeUndefined()
    forgetBlockCaches()
    expect(words.get(block)).toBeUndefined()
    expect(texts.get(block)).toBeUndefined()
    words.set(block, 4)
    expect(words.get(block)).toBe(4)
  })
})
