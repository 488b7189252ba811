import { describe, expect, it } from 'vitest'
import { retryDelayMs } from './backoff'

describe('retry delays', () => {
  it('double from about 2 s up to 5 minutes, jittered over the upper half of each step', () => {
    const low = [1, 2, 3, 4, 8, 9, 20].map((n) => retryDelayMs(n, () => 0))
    const high = [1, 2, 3, 4, 8, 9, 20].map((n) => retryDelayMs(n, () => 0.999999))
    expect(low).toEqual([1_000, 2_000, 4_000, 8_000, 128_000, 150_000, 150_000])
    expect(high).toEqual([2_000, 4_000, 8_000, 16_000, 256_000, 300_000, 300_000])
  })

  it("never come sooner than the server's Retry-After, within reason", () => {
    expect(retryDelayMs(1, () => 0.5, undefined, 120)).toBe(120_000)
    expect(retryDelayMs(9, () => 0.5, undefined, 1)).toBe(225_000)
    expect(retryDelayMs(1, () => 0.5, undefined, 10 * 24 * 3600)).toBe(3_600_000)
  })
})
