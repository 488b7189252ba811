import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dataDirOverride } from './data-dir-override'

describe('dataDirOverride', () => {
  it('uses OPERATELY_TRAY_DATA_DIR in development and tests, as an absolute path', () => {
    expect(dataDirOverride({ OPERATELY_TRAY_DATA_DIR: 'profiles/second' }, false)).toEqual({
      kind: 'use',
      dir: resolve('profiles/second'),
    })
  })

  it('ignores OPERATELY_TRAY_DATA_DIR in a packaged build, and says what was given', () => {
    expect(dataDirOverride({ OPERATELY_TRAY_DATA_DIR: '/tmp/shared' }, true)).toEqual({
      kind: 'ignored',
      given: '/tmp/shared',
    })
  })

  it('has nothing to do when the variable is unset or empty', () => {
    expect(dataDirOverride({}, false)).toEqual({ kind: 'none' })
    expect(dataDirOverride({ OPERATELY_TRAY_DATA_DIR: '' }, true)).toEqual({ kind: 'none' })
  })
})
