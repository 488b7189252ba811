import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { notRunReason } from './require-tests-ran.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const stats = (values: object) => ({ stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0, ...values } })

describe('the Electron tests must really run in CI', () => {
  it('accepts a report where every test ran and passed', () => {
    expect(notRunReason(stats({ expected: 2 }))).toBeNull()
  })

  it('refuses skipped, failed, absent tests and a report without statistics', () => {
    // What the spec does on a machine without Electron or without a display.
    expect(notRunReason(stats({ skipped: 2 }))).toBe('2 test(s) were skipped, 0 ran')
    expect(notRunReason(stats({ expected: 1, skipped: 1 }))).toBe('1 test(s) were skipped, 1 ran')
    expect(notRunReason(stats({ expected: 1, unexpected: 1 }))).toBe('1 test(s) failed')
    expect(notRunReason(stats({}))).toBe('no test ran')
    expect(notRunReason({})).toMatch(/no statistics/)
  })

  it('holds vitest’s JSON report to the same rules: the Windows signature test skips itself off Windows', () => {
    const vitest = (values: object) => ({
      numTotalTests: 2,
      numPassedTests: 0,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      numFailedTestSuites: 0,
      ...values,
    })
    expect(notRunReason(vitest({ numPassedTests: 2 }))).toBeNull()
    expect(notRunReason(vitest({ numPendingTests: 2 }))).toBe('2 test(s) were skipped, 0 ran')
    expect(notRunReason(vitest({ numPassedTests: 1, numFailedTests: 1 }))).toBe('1 test(s) failed')
    expect(notRunReason(vitest({ numFailedTestSuites: 1 }))).toBe('1 test file(s) failed to run')
    expect(notRunReason(vitest({ numTotalTests: 0 }))).toBe('no test ran')
  })

  it('reads a real vitest report of a file that skips itself here, and refuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-'))
    const file = join(dir, 'windows-signature.json')
    const vitest = spawnSync(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        'src/main/services/updates/windows-signature.test.ts',
        '--reporter=json',
        `--outputFile=${file}`,
      ],
      { cwd: root, encoding: 'utf8' },
    )
    expect(vitest.status, vitest.stderr).toBe(0)
    const gate = spawnSync(process.execPath, ['scripts/require-tests-ran.mjs', file], {
      cwd: root,
      encoding: 'utf8',
    })
    if (process.platform === 'win32') expect(gate.status).toBe(0)
    else {
      expect(gate.status).toBe(1)
      expect(gate.stderr).toMatch(/test\(s\) were skipped/)
    }
  }, 60_000)

  it('fails the CI step on a skipped run, and on a missing report', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'report-')), 'playwright.json')
    writeFileSync(file, JSON.stringify(stats({ skipped: 2 })))
    const skipped = spawnSync(process.execPath, ['scripts/require-tests-ran.mjs', file], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(skipped.status).toBe(1)
    expect(skipped.stderr).toContain('2 test(s) were skipped, 0 ran.')
    const missing = spawnSync(process.execPath, ['scripts/require-tests-ran.mjs', `${file}.nope`], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(missing.status).toBe(1)
    expect(missing.stderr).toContain('cannot be read')
  })
})
