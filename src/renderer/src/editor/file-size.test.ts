import { describe, expect, it } from 'vitest'
import { formatFileSize } from './file-size'

describe('formatFileSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [812, '812 bytes'],
    [48_211, '48 KB'],
    [1_234_567, '1.2 MB'],
    [73_400_320, '73 MB'],
    [999_960, '1 MB'],
    [5_368_709_120, '5.4 GB'],
    ['2048', '2 KB'],
  ])('%j → %s', (size, text) => {
    expect(formatFileSize(size)).toBe(text)
  })

  it.each([null, undefined, -1, Number.NaN, 'big', ''])('has no size for %j', (size) => {
    expect(formatFileSize(size)).toBeNull()
  })
})
