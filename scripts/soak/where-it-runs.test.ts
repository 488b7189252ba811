import { describe, expect, it } from 'vitest'
import { soakRunsHere } from './where-it-runs'

describe('where the chaos soak runs', () => {
  it('runs wherever a Secret Service runs', () => {
    expect(soakRunsHere({ CI: 'true' }, true)).toBe(true)
    expect(soakRunsHere({}, true)).toBe(true)
  })

  it('skips itself on a developer machine without one', () => {
    expect(soakRunsHere({}, false)).toBe(false)
  })

  it('fails under CI without one, saying why, instead of skipping', () => {
    expect(() => soakRunsHere({ CI: 'true' }, false)).toThrow(/CI=true, but no Secret Service is running/)
  })
})
