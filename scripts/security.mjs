#!/usr/bin/env node
// `npm run security`: Electron's security checklist, item by item, with how the app meets it and the
// tests that prove it, read from the JSON reports of a test run (vitest's and Playwright's): each proof
// must have run and passed there. Then the live checks: the installed Electron against the newest one,
// and `npm audit --omit=dev`.
//
//   node scripts/security.mjs                     reads test-results/vitest.json and
//                                                 test-results/playwright.json (what `npm test` writes)
//   node scripts/security.mjs --vitest F --playwright G [--playwright H …]
//                                                 reads these reports instead (each flag may repeat)
//   node scripts/security.mjs --json F            also writes the counts to F
//   node scripts/security.mjs --hosted-only-later in hosted CI, leaves the hosted-only proofs to a later
//                                                 run of this gate over the Electron jobs' reports
//
// A proof marked hostedOnly (real Electron) cannot run on this machine: here it is reported as
// "hosted-only (not run here)" and not counted as passed; in hosted CI (GITHUB_ACTIONS=true) it must have
// passed like any other. In hosted CI the live checks must run: a skipped audit fails there.
// Exits 1 when any item fails.
import { spawnSync } from 'node:child_process'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beyond, checklist } from './security-checklist.mjs'

/** Slashes one way, so a Windows runner's paths match the checklist's. */
const slashes = (path) => String(path).replace(/\\/g, '/')

/**
 * Every test in the reports as { file, titles, status, report }: `titles` holds the enclosing describe
 * titles and the test's own, `status` is passed, failed or skipped, `file` the absolute path (slashes
 * forward), `report` which report it came from (1, 2, …).
 */
export function testResults({ vitest = [], playwright = [] }) {
  const results = []
  let reportIndex = 0
  for (const vitestReport of vitest) {
    reportIndex += 1
    for (const file of vitestReport?.testResults ?? []) {
      const inverted = invertedTitles(file.name)
      for (const test of file.assertionResults ?? []) {
        const status =
          test.status === 'passed' && !inverted.has(test.title)
            ? 'passed'
            : test.status === 'skipped' || test.status === 'pending' || test.status === 'todo'
              ? 'skipped'
              : 'failed'
        results.push({
          file: slashes(file.name),
          titles: [...(test.ancestorTitles ?? []), test.title],
          status,
          report: reportIndex,
        })
      }
    }
  }
  for (const playwrightReport of playwright) {
    reportIndex += 1
    const rootDir = playwrightReport?.config?.rootDir ?? ''
    const walk = (suite, path) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          // Passed means it was expected to pass and did, the first time: a test.fail() whose body failed
          // is "expected" too, and a flaky one showed the hole once before its retry passed.
          const status =
            test.status === 'expected' && (test.expectedStatus ?? 'passed') === 'passed'
              ? 'passed'
              : test.status === 'skipped'
                ? 'skipped'
                : 'failed'
          results.push({
            file: slashes(join(rootDir, spec.file)),
            titles: [...path, spec.title],
            status,
            report: reportIndex,
          })
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...path, child.title])
    }
    // The top suites are the files themselves; their titles are not describe titles.
    for (const suite of playwrightReport?.suites ?? []) walk(suite, [])
  }
  return results
}

/**
 * The titles of a test file's `it.fails` / `test.fails` tests: vitest reports one whose body failed as
 * passed, and its JSON says nothing else, so the gate reads the file itself. Empty when it cannot.
 */
function invertedTitles(path) {
  let source
  try {
    source = readFileSync(path, 'utf8')
  } catch {
    return new Set()
  }
  const titles = new Set()
  for (const match of source.matchAll(
    /\b(?:it|test)(?:\.\w+)*\.fails(?:\.\w+)*\s*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g,
  )) {
    titles.add(match[2].replace(/\\(.)/g, '$1'))
  }
  return titles
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A title as written (it.each's %s, %j, %d … stand for whatever each case printed there). */
const titlePattern = (title) => new RegExp(`^${escapeRegExp(title).replace(/%[sdifjoO#$]/g, '.+?')}$`, 's')

/**
 * How a proof fared in the reports: `missing` when no test of that file has that title (or a describe of
 * that title). Within one report every matching test counts (each case of an it.each): one failed makes
 * it `failed`, one skipped `skipped`. Across reports, one that failed it fails it and one that passed it
 * is enough otherwise: the Debian run skips the Electron spec that the Electron jobs run.
 */
export function proofStatus(results, proof) {
  const pattern = titlePattern(proof.test)
  const file = `/${slashes(proof.file)}`
  const matching = results.filter(
    (result) => result.file.endsWith(file) && result.titles.some((title) => pattern.test(title)),
  )
  if (matching.length === 0) return 'missing'
  const perReport = [...new Set(matching.map((result) => result.report))].map((report) => {
    const statuses = matching.filter((result) => result.report === report).map((result) => result.status)
    return statuses.includes('failed') ? 'failed' : statuses.includes('skipped') ? 'skipped' : 'passed'
  })
  if (perReport.includes('failed')) return 'failed'
  return perReport.includes('passed') ? 'passed' : 'skipped'
}

/**
 * Each item with each proof's status and the item's verdict: `passed` when every proof passed, `failed`
 * when one did not (skipped, failed or missing), `hosted-only` when all passed but hosted-only proofs that
 * this machine cannot run. A hosted-only proof must still be in the reports here (skipped is fine), so a
 * mistyped title cannot wait for the hosted run to be noticed.
 */
export function evaluate(items, results, { hosted = false, hostedOnlyLater = false } = {}) {
  return items.map((item) => {
    const proofs = item.proofs.map((proof) => {
      const status = proofStatus(results, proof)
      const deferred =
        proof.hostedOnly && status === 'skipped' && (!hosted || hostedOnlyLater) ? 'hosted-only' : null
      return { ...proof, status, ok: status === 'passed' || deferred !== null, deferred }
    })
    const verdict = item.live
      ? 'live'
      : proofs.length === 0 || proofs.some((proof) => !proof.ok)
        ? 'failed'
        : proofs.some((proof) => proof.deferred)
          ? 'hosted-only'
          : 'passed'
    return { ...item, proofs, verdict }
  })
}

/** npm audit's JSON, summed up; null counts when the audit could not run. */
export function auditSummary(json) {
  const counts = json?.metadata?.vulnerabilities
  if (!counts) {
    // What npm said, without the registry's address.
    const said = String(json?.message ?? json?.error?.summary ?? '')
      .replace(/\s*-?\s*(?:GET|POST)?\s*https?:\/\/\S+/g, '')
      .trim()
    return { ran: false, reason: said ? `the registry answered: ${said}` : 'no answer from the registry' }
  }
  const findings = Object.entries(json.vulnerabilities ?? {}).map(([name, v]) => ({
    name,
    severity: v.severity,
    via: (v.via ?? []).map((via) => (typeof via === 'string' ? via : via.title)).filter(Boolean),
    fix: v.fixAvailable
      ? v.fixAvailable === true
        ? 'npm audit fix'
        : `update ${v.fixAvailable.name}`
      : 'none yet',
  }))
  return { ran: true, counts, findings, serious: (counts.high ?? 0) + (counts.critical ?? 0) }
}

/** Supported means within the newest three majors (Electron's support policy). */
export function electronCurrency(installed, latest) {
  const major = (version) => Number(String(version).split('.')[0])
  if (!latest) return { known: false }
  return { known: true, installed, latest, supported: major(latest) - major(installed) < 3 }
}

const npm = (args, root) => {
  const result = spawnSync('npm', args, { cwd: root, encoding: 'utf8', timeout: 60_000 })
  return result.stdout ?? ''
}

function liveChecks(root) {
  let audit
  try {
    audit = auditSummary(JSON.parse(npm(['audit', '--omit=dev', '--json'], root) || 'null'))
  } catch {
    audit = { ran: false, reason: 'npm audit gave no JSON answer' }
  }
  const installed = JSON.parse(
    readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'),
  ).version
  const latest = npm(['view', 'electron', 'version'], root).trim() || null
  return { audit, electron: electronCurrency(installed, latest) }
}

const proofLabel = {
  passed: 'passed',
  failed: 'FAILED',
  skipped: 'SKIPPED',
  missing: 'MISSING (no such test in the reports)',
}

/**
 * The report. `options.hosted`: this is hosted CI, where the live checks and the hosted-only proofs must
 * run. `options.hostedOnlyLater`: in hosted CI, a later run of the gate checks the hosted-only proofs.
 * Counts are items (and the two live checks): passed, failed, skipped, hostedOnly.
 */
export function report(results, live, options = {}, lists = { checklist, beyond }) {
  const { hosted = false, hostedOnlyLater = false } = options
  const lines = []
  const counts = { passed: 0, failed: 0, skipped: 0, hostedOnly: 0 }
  const skippedLive = (why) => {
    // Hosted CI reaches the registry: a live check that could not run there is a failure.
    counts[hosted ? 'failed' : 'skipped'] += 1
    return hosted ? `FAILED: skipped in hosted CI (${why})` : `SKIPPED (${why})`
  }
  const print = (heading, items, numbered) => {
    lines.push(heading, '')
    evaluate(items, results, { hosted, hostedOnlyLater }).forEach((item, index) => {
      let verdict
      if (item.live === 'electron-version') {
        const e = live.electron
        if (!e.known) verdict = skippedLive('the registry did not say which Electron is newest')
        else {
          verdict = e.supported
            ? `ok: Electron ${e.installed} installed, ${e.latest} the newest`
            : `FAILED: Electron ${e.installed} is out of support (newest ${e.latest})`
          counts[e.supported ? 'passed' : 'failed'] += 1
        }
      } else if (item.verdict === 'failed') {
        const bad = item.proofs.filter((proof) => !proof.ok)
        verdict =
          bad.length === 0
            ? 'FAILED: it names no proof'
            : `FAILED: ${bad.map((proof) => `${proof.file} › "${proof.test}" ${proof.status}`).join('; ')}`
        counts.failed += 1
      } else if (item.verdict === 'hosted-only') {
        verdict = hosted
          ? 'passed here; its hosted-only proofs are checked after the Electron jobs'
          : 'passed here; hosted-only proofs not run here'
        counts.hostedOnly += 1
      } else {
        verdict = 'proved'
        counts.passed += 1
      }
      lines.push(`${numbered ? `${String(index + 1).padStart(2)}. ` : ' - '}${item.title} — ${verdict}`)
      lines.push(`    How: ${item.how}`)
      for (const proof of item.proofs) {
        const status = proof.deferred
          ? hosted
            ? 'hosted-only (checked after the Electron jobs)'
            : 'hosted-only (not run here)'
          : proofLabel[proof.status]
        lines.push(`    ${status}: ${proof.file} › ${proof.test}`)
      }
      lines.push('')
    })
  }
  print('Electron security checklist (electronjs.org/docs/latest/tutorial/security)', lists.checklist, true)
  print('Beyond the checklist', lists.beyond, false)

  const audit = live.audit
  if (!audit.ran) {
    lines.push(`npm audit --omit=dev: ${skippedLive(audit.reason)}`)
  } else {
    const c = audit.counts
    lines.push(
      `npm audit --omit=dev: ${c.total} finding(s) in production dependencies (critical ${c.critical}, high ${c.high}, moderate ${c.moderate}, low ${c.low})`,
    )
    for (const f of audit.findings)
      lines.push(`  - ${f.name} (${f.severity}): ${f.via.join('; ')} — fix: ${f.fix}`)
    counts[audit.serious > 0 ? 'failed' : 'passed'] += 1
  }
  lines.push(
    '',
    `Security gate: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.hostedOnly} hosted-only (not run here)`,
  )
  return { text: lines.join('\n'), results: counts }
}

/** The command line: which reports to read (defaults: what `npm test` writes), --json, --hosted-only-later. */
export function parseArguments(argv) {
  const options = { vitest: [], playwright: [], json: null, hostedOnlyLater: false }
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i]
    if (flag === '--hosted-only-later') options.hostedOnlyLater = true
    else if (['--vitest', '--playwright', '--json'].includes(flag) && argv[i + 1]) {
      const value = argv[(i += 1)]
      if (flag === '--json') options.json = value
      else options[flag.slice(2)].push(value)
    } else throw new Error(`unknown argument: ${flag}`)
  }
  if (options.vitest.length === 0 && options.playwright.length === 0) {
    options.vitest.push('test-results/vitest.json')
    options.playwright.push('test-results/playwright.json')
  }
  return options
}

/** When the run a report comes from started (ms), or null when the report does not say. */
export function reportStart(kind, json) {
  const at = kind === 'vitest' ? json?.startTime : Date.parse(json?.stats?.startTime ?? '')
  return typeof at === 'number' && Number.isFinite(at) ? at : null
}

/**
 * What is wrong with a report as evidence for this checkout: null when nothing. A report from a run that
 * started before the checked-out commit was made proves an older version of the code (`npm run security`
 * alone reads whatever test-results/ holds).
 */
export function reportProblem(kind, path, json, commitTime) {
  const start = reportStart(kind, json)
  if (start === null) return `The report ${path} does not say when its run started: run the tests again.`
  if (commitTime !== null && start < commitTime) {
    return `The report ${path} is from a run of ${new Date(start).toISOString()}, before the code it should prove (changed ${new Date(commitTime).toISOString()}): run the tests again (npm test).`
  }
  return null
}

/**
 * When the last proof file was changed on disk (ms): a report from before that proves an older test. Not
 * used in hosted CI, where a later job's checkout is newer than the earlier jobs' reports it reads.
 */
function newestProofChange(root) {
  let newest = 0
  for (const proof of [...checklist, ...beyond].flatMap((item) => item.proofs)) {
    try {
      newest = Math.max(newest, statSync(join(root, proof.file)).mtimeMs)
    } catch {
      // A proof whose file is gone is reported as missing by the gate itself.
    }
  }
  return newest
}

/** When the checked-out commit was made (ms), or null without git (a copy that is not a clone). */
function headCommitTime(root) {
  const git = spawnSync('git', ['log', '-1', '--format=%ct'], { cwd: root, encoding: 'utf8' })
  const seconds = Number(git.stdout?.trim())
  return git.status === 0 && seconds > 0 ? seconds * 1000 : null
}

/**
 * A report read from disk, or null with the problem said: a report the gate was told to read and cannot
 * (a job that uploaded nothing) or that proves an older commit fails the gate, whatever else passed.
 */
function readReport(kind, path, commitTime, problems) {
  let json
  try {
    json = JSON.parse(readFileSync(path, 'utf8'))
  } catch (err) {
    problems.push(`Cannot read the report ${path}: ${err.message}`)
    return null
  }
  const problem = reportProblem(kind, path, json, commitTime)
  if (problem) {
    problems.push(problem)
    return null
  }
  return json
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  let options
  try {
    options = parseArguments(process.argv.slice(2))
  } catch (err) {
    console.error(
      `${err.message}\nUsage: node scripts/security.mjs [--vitest F]… [--playwright F]… [--json F] [--hosted-only-later]`,
    )
    process.exit(2)
  }
  const problems = []
  const hosted = process.env.GITHUB_ACTIONS === 'true'
  // Evidence must be newer than the code it proves: the commit, and here also a proof file changed since.
  const committed = headCommitTime(root)
  const commitTime = hosted ? committed : Math.max(committed ?? 0, newestProofChange(root)) || null
  const reports = {
    vitest: options.vitest.map((path) => readReport('vitest', path, commitTime, problems)),
    playwright: options.playwright.map((path) => readReport('playwright', path, commitTime, problems)),
  }
  console.log(
    `Reading ${[...options.vitest, ...options.playwright].join(', ')}${hosted ? ' (hosted CI)' : ''}`,
  )
  for (const problem of problems) console.log(problem)
  const { text, results } = report(testResults(reports), liveChecks(root), {
    hosted,
    hostedOnlyLater: options.hostedOnlyLater,
  })
  console.log(text)
  if (problems.length > 0) console.log(`\nThe gate fails: ${problems.join(' ')}`)
  if (options.json) writeFileSync(options.json, JSON.stringify(results))
  process.exit(results.failed > 0 || problems.length > 0 ? 1 : 0)
}
