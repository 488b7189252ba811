import { describe, expect, it } from 'vitest'
import { isNewerVersion, isVersion } from './version-order'

describe('isNewerVersion', () => {
  it.each([
    ['1.2.4', '1.2.3'],
    ['1.10.0', '1.9.9'],
    ['2.0.0', '1.99.99'],
    ['1.2.3', '1.2.3-beta.1'],
    ['1.2.3-beta.2', '1.2.3-beta.1'],
    ['1.2.3-beta.10', '1.2.3-beta.9'],
    ['1.2.3-beta', '1.2.3-alpha'],
    ['1.2.3-alpha.1', '1.2.3-alpha'],
  ])('%s is newer than %s', (candidate, current) => {
    expect(isNewerVersion(candidate, current)).toBe(true)
    expect(isNewerVersion(current, candidate)).toBe(false)
  })

  it('is false for the same version, build metadata aside', () => {
    expect(isNewerVersion('1.2.3', '1.2.3')).toBe(false)
    expect(isNewerVersion('1.2.3+build.7', '1.2.3')).toBe(false)
  })

  it('is false when either is not a version, so a feed with a made-up one is never "newer"', () => {
    expect(isNewerVersion('99', '1.2.3')).toBe(false)
    expect(isNewerVersion('v9.9.9', '1.2.3')).toBe(false)
    expect(isNewerVersion('9.9.9', 'dev')).toBe(false)
    expect(isVersion('01.2.3')).toBe(false)
  })
})
