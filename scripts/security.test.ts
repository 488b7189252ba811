import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { beyond, checklist } from './security-checklist.mjs'
import { auditSummary, electronCurrency, evaluate, hasTest, report, type Live } from './security.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const live: Live = {
  audit: {
    ran: true,
    counts: { total: 0, critical: 0, high: 0, moderate: 0, low: 0 },
    findings: [],
    serious: 0,
  },
  electron: { known: true, installed: '45.5.0', latest: '45.5.0', supported: true },
}

describe('the security checklist', () => {
  it("covers Electron's twenty items, each with a test that proves it (or a live check)", () => {
    expect(checklist).toHaveLength(20)
    for (const item of checklist) expect(item.live ?? item.proofs.length).toBeTruthy()
    const unproved = evaluate(root, [...checklist, ...beyond]).filter((item) => item.proved === false)
    expect(unproved.map((item) => [item.title, item.missing])).toEqual([])
  })

  it('fails an item whose proof is missing, and says which', () => {
    const broken = [
      {
        title: 'Made up',
        how: 'x',
        proofs: [{ file: 'src/main/shell/security.test.ts', test: 'a test nobody wrote' }],
      },
    ]
    const { text, results } = report(root, live, { checklist: broken, beyond: [] })
    expect(results).toEqual({ passed: 1, failed: 1, skipped: 0 })
    expect(text).toContain('MISSING: src/main/shell/security.test.ts › a test nobody wrote')
  })
})

describe('hasTest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'has-test-'))
  mkdirSync(join(dir, 'src'))
  writeFileSync(
    join(dir, 'src', 'a.test.ts'),
    [
      "it('plain title', () => {})",
      'test.skip("double quoted", () => {})',
      "it.each([['a', (x: number) => x], ['b', fn(1)]])('%s: templated', () => {})",
      'describe(`in backticks`, () => {})',
      "// it('only in a comment'",
      "const title = 'only a string'",
    ].join('\n'),
  )
  it.each(['plain title', 'double quoted', '%s: templated', 'in backticks'])('finds %j', (test) => {
    expect(hasTest(dir, { file: 'src/a.test.ts', test })).toBe(true)
  })
  it.each(['plain', 'only a string', 'only in a comment'])('does not take %j for a test', (test) => {
    expect(hasTest(dir, { file: 'src/a.test.ts', test })).toBe(false)
  })
  it('finds nothing in a file that does not exist', () => {
    expect(hasTest(dir, { file: 'src/missing.test.ts', test: 'plain title' })).toBe(false)
  })
})

describe('the live checks', () => {
  it('sums npm audit up, counting high and critical findings as serious', () => {
    const summary = auditSummary({
      metadata: { vulnerabilities: { info: 0, low: 0, moderate: 1, high: 1, critical: 0, total: 2 } },
      vulnerabilities: {
        a: { severity: 'high', via: [{ title: 'Prototype pollution' }], fixAvailable: true },
        b: { severity: 'moderate', via: ['a'], fixAvailable: false },
      },
    })
    expect(summary).toMatchObject({ ran: true, serious: 1 })
    expect(report(root, { ...live, audit: summary }, { checklist: [], beyond: [] }).results.failed).toBe(1)
  })

  it('reports an audit the registry refused as skipped, without naming the registry', () => {
    const summary = auditSummary({
      message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
    })
    expect(summary).toEqual({ ran: false, reason: 'the registry answered: 405 Method Not Allowed' })
    expect(report(root, { ...live, audit: summary }, { checklist: [], beyond: [] }).results).toEqual({
      passed: 0,
      failed: 0,
      skipped: 1,
    })
  })

  it('calls an Electron more than two majors behind the newest out of support', () => {
    expect(electronCurrency('45.5.0', '47.0.1')).toMatchObject({ supported: true })
    expect(electronCurrency('44.0.0', '47.0.1')).toMatchObject({ supported: false })
    expect(electronCurrency('45.5.0', null)).toEqual({ known: false })
  })
})
