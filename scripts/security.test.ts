import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { beyond, checklist } from './security-checklist.mjs'
import {
  auditSummary,
  electronCurrency,
  parseArguments,
  proofStatus,
  report,
  testResults,
  type ChecklistItem,
  type Live,
} from './security.mjs'

// The gate reads the JSON reports of a test run. These tests hand it small reports of the two shapes
// vitest (--reporter=json) and Playwright (the json reporter) write, with one proof in each state.

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

type Status = 'passed' | 'failed' | 'skipped' | 'pending' | 'todo'
/** A vitest JSON report of one file, its tests given as [describe, title, status]. */
const vitestReport = (file: string, tests: [string, string, Status][]) => ({
  numTotalTests: tests.length,
  testResults: [
    {
      name: `/home/ci/repo/${file}`,
      assertionResults: tests.map(([describe, title, status]) => ({
        ancestorTitles: describe ? [describe] : [],
        fullName: `${describe} ${title}`.trim(),
        title,
        status,
      })),
    },
  ],
})
type PlaywrightStatus = 'expected' | 'unexpected' | 'flaky' | 'skipped'
/** A Playwright JSON report of one spec file (relative to rootDir, as Playwright writes it). */
const playwrightReport = (
  rootDir: string,
  file: string,
  tests: [string, PlaywrightStatus][],
  describe = 'the Electron app',
) => ({
  config: { rootDir },
  stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
  suites: [
    {
      title: file,
      file,
      specs: [],
      suites: [
        {
          title: describe,
          file,
          specs: tests.map(([title, status]) => ({ title, file, tests: [{ status, results: [] }] })),
        },
      ],
    },
  ],
})

const unitProof = { file: 'src/main/shell/a.test.ts', test: 'refuses the thing' }
const electronProof = {
  file: 'e2e/electron.spec.ts',
  test: 'gives the page the bridge and nothing of Node or Electron',
  hostedOnly: true,
}
const item = (...proofs: ChecklistItem['proofs']): ChecklistItem[] => [
  { title: 'An item', how: 'somehow', proofs },
]
const gate = (
  reports: Parameters<typeof testResults>[0],
  items: ChecklistItem[],
  options: { hosted?: boolean; hostedOnlyLater?: boolean } = {},
) => report(testResults(reports), live, options, { checklist: items, beyond: [] })
const unit = (status: Status) => vitestReport(unitProof.file, [['a group', unitProof.test, status]])
const electron = (status: PlaywrightStatus, rootDir = '/home/ci/repo/e2e') =>
  playwrightReport(rootDir, 'electron.spec.ts', [[electronProof.test, status]])

describe('the security gate reads the results of the run', () => {
  it('passes an item whose proof passed', () => {
    const { text, results } = gate({ vitest: [unit('passed')] }, item(unitProof))
    expect(results).toEqual({ passed: 2, failed: 0, skipped: 0, hostedOnly: 0 })
    expect(text).toContain('An item — proved')
    expect(text).toContain('passed: src/main/shell/a.test.ts › refuses the thing')
  })

  it.each<[Status, string]>([
    ['skipped', 'skipped'],
    ['pending', 'skipped'],
    ['todo', 'skipped'],
    ['failed', 'failed'],
  ])('fails an item whose proof is %s in the report, naming the proof and its status', (status, said) => {
    const { text, results } = gate({ vitest: [unit(status)] }, item(unitProof))
    expect(results.failed).toBe(1)
    expect(results.passed).toBe(1) // the audit
    expect(text).toContain(`An item — FAILED: src/main/shell/a.test.ts › "refuses the thing" ${said}`)
  })

  it('fails an item whose proof is missing from the reports, even when its title is in the file', () => {
    const { text, results } = gate(
      { vitest: [vitestReport(unitProof.file, [['', 'another test', 'passed']])] },
      item(unitProof),
    )
    expect(results.failed).toBe(1)
    expect(text).toContain(
      'MISSING (no such test in the reports): src/main/shell/a.test.ts › refuses the thing',
    )
  })

  it('fails an item when a report could not be read at all', () => {
    expect(gate({ vitest: [null], playwright: [null] }, item(unitProof)).results.failed).toBe(1)
  })

  it('fails an item that names no proof', () => {
    expect(gate({ vitest: [unit('passed')] }, item()).results.failed).toBe(1)
  })

  it('matches an it.each title to its cases, and wants every case passed', () => {
    const template = { file: unitProof.file, test: 'denies a %s permission request' }
    const cases = (second: Status) =>
      vitestReport(unitProof.file, [
        ['', 'denies a camera permission request', 'passed'],
        ['', 'denies a geolocation permission request', second],
      ])
    expect(proofStatus(testResults({ vitest: [cases('passed')] }), template)).toBe('passed')
    expect(proofStatus(testResults({ vitest: [cases('skipped')] }), template)).toBe('skipped')
    expect(proofStatus(testResults({ vitest: [cases('failed')] }), template)).toBe('failed')
  })

  it('matches the file by its path in the repository, not a file of the same name elsewhere', () => {
    const elsewhere = vitestReport('src/other/a.test.ts', [['', unitProof.test, 'passed']])
    expect(proofStatus(testResults({ vitest: [elsewhere] }), unitProof)).toBe('missing')
  })

  it("reads Playwright's statuses: a flaky test (it failed once, then passed on its retry) and an unexpected one failed", () => {
    expect(proofStatus(testResults({ playwright: [electron('expected')] }), electronProof)).toBe('passed')
    expect(proofStatus(testResults({ playwright: [electron('flaky')] }), electronProof)).toBe('failed')
    expect(proofStatus(testResults({ playwright: [electron('unexpected')] }), electronProof)).toBe('failed')
    expect(proofStatus(testResults({ playwright: [electron('skipped')] }), electronProof)).toBe('skipped')
  })

  it("reads a Windows runner's report, whose paths have backslashes", () => {
    const windows = electron('expected', 'D:\\a\\operately-tray\\operately-tray\\e2e')
    expect(proofStatus(testResults({ playwright: [windows] }), electronProof)).toBe('passed')
  })
})

describe('hosted-only proofs (real Electron)', () => {
  it('here: a skipped one is reported as hosted-only (not run here), neither failed nor passed', () => {
    const { text, results } = gate(
      { vitest: [unit('passed')], playwright: [electron('skipped')] },
      item(unitProof, electronProof),
    )
    expect(results).toEqual({ passed: 1, failed: 0, skipped: 0, hostedOnly: 1 })
    expect(text).toContain(
      'hosted-only (not run here): e2e/electron.spec.ts › gives the page the bridge and nothing of Node or Electron',
    )
    expect(text).toContain('An item — passed here; hosted-only proofs not run here')
  })

  it('here: a hosted-only proof missing from the reports still fails (a mistyped title is caught early)', () => {
    const { results } = gate(
      { vitest: [unit('passed')], playwright: [playwrightReport('/r/e2e', 'electron.spec.ts', [])] },
      item(unitProof, electronProof),
    )
    expect(results.failed).toBe(1)
  })

  it('here: a hosted-only proof that ran and failed fails', () => {
    expect(gate({ playwright: [electron('unexpected')] }, item(electronProof)).results.failed).toBe(1)
  })

  it('hosted CI: a skipped hosted-only proof fails', () => {
    const { text, results } = gate({ playwright: [electron('skipped')] }, item(electronProof), {
      hosted: true,
    })
    expect(results).toEqual({ passed: 1, failed: 1, skipped: 0, hostedOnly: 0 })
    expect(text).toContain(
      'An item — FAILED: e2e/electron.spec.ts › "gives the page the bridge and nothing of Node or Electron" skipped',
    )
  })

  it('hosted CI: passes when the Electron jobs ran it, though the Debian run skipped it', () => {
    const { results } = gate(
      {
        playwright: [
          electron('skipped'),
          electron('expected'),
          electron('expected', 'D:\\a\\repo\\repo\\e2e'),
        ],
      },
      item(electronProof),
      { hosted: true },
    )
    expect(results).toEqual({ passed: 2, failed: 0, skipped: 0, hostedOnly: 0 })
  })

  it('hosted CI: fails when one Electron job failed it, though another passed it', () => {
    const { results } = gate(
      { playwright: [electron('expected'), electron('unexpected')] },
      item(electronProof),
      { hosted: true },
    )
    expect(results.failed).toBe(1)
  })

  it('hosted CI, --hosted-only-later (the Debian job): leaves a skipped one to the gate after the Electron jobs, and still fails a skipped ordinary proof', () => {
    const deferred = gate({ playwright: [electron('skipped')] }, item(electronProof), {
      hosted: true,
      hostedOnlyLater: true,
    })
    expect(deferred.results).toEqual({ passed: 1, failed: 0, skipped: 0, hostedOnly: 1 })
    expect(deferred.text).toContain('hosted-only (checked after the Electron jobs)')
    const ordinary = gate({ vitest: [unit('skipped')] }, item(unitProof), {
      hosted: true,
      hostedOnlyLater: true,
    })
    expect(ordinary.results.failed).toBe(1)
  })
})

describe('the checklist', () => {
  it("covers Electron's twenty items, each with a proof (or a live check) written in the file it names", () => {
    expect(checklist).toHaveLength(20)
    for (const entry of checklist) expect(entry.live ?? entry.proofs.length).toBeTruthy()
    const unwritten = [...checklist, ...beyond]
      .flatMap((entry) => entry.proofs)
      .filter((proof) => {
        const path = join(root, proof.file)
        return !existsSync(path) || !readFileSync(path, 'utf8').includes(proof.test)
      })
    expect(unwritten).toEqual([])
  })

  it('marks only the real-Electron spec as hosted-only', () => {
    const hostedOnly = [...checklist, ...beyond].flatMap((e) => e.proofs).filter((p) => p.hostedOnly)
    expect(hostedOnly.length).toBeGreaterThan(0)
    expect(new Set(hostedOnly.map((p) => p.file))).toEqual(new Set(['e2e/electron.spec.ts']))
  })
})

describe('the command line', () => {
  it('reads what npm test writes unless told otherwise; the flags repeat', () => {
    expect(parseArguments([])).toEqual({
      vitest: ['test-results/vitest.json'],
      playwright: ['test-results/playwright.json'],
      json: null,
      hostedOnlyLater: false,
    })
    expect(
      parseArguments([
        '--vitest',
        'a.json',
        '--playwright',
        'b.json',
        '--playwright',
        'c.json',
        '--json',
        'o',
      ]),
    ).toEqual({ vitest: ['a.json'], playwright: ['b.json', 'c.json'], json: 'o', hostedOnlyLater: false })
    expect(() => parseArguments(['--skip-proofs'])).toThrow('unknown argument: --skip-proofs')
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
    expect(report([], { ...live, audit: summary }, {}, { checklist: [], beyond: [] }).results.failed).toBe(1)
  })

  it('here: reports an audit the registry refused as skipped, with the reason and without the registry', () => {
    const summary = auditSummary({
      message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
    })
    expect(summary).toEqual({ ran: false, reason: 'the registry answered: 405 Method Not Allowed' })
    const { text, results } = report([], { ...live, audit: summary }, {}, { checklist: [], beyond: [] })
    expect(results).toEqual({ passed: 0, failed: 0, skipped: 1, hostedOnly: 0 })
    expect(text).toContain('npm audit --omit=dev: SKIPPED (the registry answered: 405 Method Not Allowed)')
  })

  it('hosted CI: an audit or an Electron check that could not run fails', () => {
    const lists = {
      checklist: [{ title: 'Current Electron', how: 'live', proofs: [], live: 'electron-version' as const }],
      beyond: [],
    }
    const skipped: Live = {
      audit: { ran: false, reason: 'no answer from the registry' },
      electron: { known: false },
    }
    const { text, results } = report([], skipped, { hosted: true }, lists)
    expect(results).toEqual({ passed: 0, failed: 2, skipped: 0, hostedOnly: 0 })
    expect(text).toContain('npm audit --omit=dev: FAILED: skipped in hosted CI (no answer from the registry)')
  })

  it('calls an Electron more than two majors behind the newest out of support', () => {
    expect(electronCurrency('45.5.0', '47.0.1')).toMatchObject({ supported: true })
    expect(electronCurrency('44.0.0', '47.0.1')).toMatchObject({ supported: false })
    expect(electronCurrency('45.5.0', null)).toEqual({ known: false })
  })
})
